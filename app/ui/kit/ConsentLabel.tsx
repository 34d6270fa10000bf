import { consentDocumentHref } from "#app/modules/shop/contacts.ts";
import { privacyPolicyHref } from "#app/modules/shop/contacts.ts";

/**
 * The label of every consent box (152-FZ): the consent is its own document since 1 September 2025,
 * linked beside the box, with the privacy policy it refers to.
 */
export function ConsentLabel() {
  return (
    <>
      Согласен на обработку персональных данных на условиях{" "}
      <a href={consentDocumentHref} target="_blank" rel="noopener">
        согласия
      </a>{" "}
      и <a href={privacyPolicyHref}>политики</a>
    </>
  );
}
