import type { ComponentProps } from "react";
import { deferHydration } from "../deferred-hydration.tsx";
import { TextField } from "./Field.tsx";
import type { PhoneField } from "./PhoneField.tsx";

type PhoneFieldProps = ComponentProps<typeof PhoneField>;

/** The field as the server's HTML works without JavaScript: a plain tel input, read in any format. */
function PlainPhoneField({ label, errors, inputProps }: PhoneFieldProps) {
  return (
    <TextField
      label={label}
      errors={errors}
      inputProps={{ ...inputProps, type: "tel", inputMode: "tel", autoComplete: "tel", placeholder: "+7 (___) ___-__-__" }}
    />
  );
}

/**
 * PhoneField on a page the server renders (the checkout): the mask's code (react-number-format)
 * is not among the page's first scripts. The server renders the masked field in
 * place; in the browser it stays the server's tel input, which works as without JavaScript,
 * until its chunk arrives and hydrates it, keeping a number typed meanwhile (PhoneField reads
 * it). A client-side navigation to the page shows the plain input until then.
 */
export const DeferredPhoneField = deferHydration<PhoneFieldProps>(
  () => import("./PhoneField.tsx").then((module) => ({ default: module.PhoneField })),
  PlainPhoneField,
);
