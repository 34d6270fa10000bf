// An independent check of the shop's markup: html-validate with its recommended rules.
import { type ConfigData, HtmlValidate } from "html-validate";

/**
 * The recommended rules, with four set to how React writes HTML (its serializer's choices,
 * not ours; the browser reads them alike): `<meta/>` self-closed, boolean attributes as
 * `disabled=""`, a few attributes in camelCase (`charSet`, `imageSrcSet`), and useId's ids;
 * one is off for a choice of the shop's, said beside it.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": ["error", { style: "selfclose" }],
    "attribute-boolean-style": ["error", { style: "empty" }],
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // React's useId makes ids such as "_R_18l5_" (a leading underscore); any id without spaces is valid HTML.
    "valid-id": ["error", { relaxed: true }],
    // Phone links keep plain spaces and hyphens (a number copied into a dialer or read aloud must
    // be the one typed; U+2011 hyphens break both) and do not wrap by CSS instead: every tel: link
    // has white-space: nowrap (app/ui/tokens/theme.css.ts), which the rule cannot see.
    "tel-non-breaking": "off",
  },
};

const validator = new HtmlValidate(htmlValidateConfig);

/** What the validator finds in a page's HTML, one line a finding. */
export function markupFindings(html: string, name: string): string[] {
  const report = validator.validateStringSync(html, name);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? `line ${message.line}`})`));
}
