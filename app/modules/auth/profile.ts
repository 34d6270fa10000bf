import { z } from "zod";
import { consentField, emailField, formTexts, fullNameField, namePartField, phoneField } from "../forms/fields.ts";

export { fullNameOf, splitFullName } from "../forms/person-name.ts";
// The forms vocabulary's fields, re-exported for the API routes (api/me, api/auth/check-code) that import them from here.
export { emailField, fullNameField, phoneField } from "../forms/fields.ts";

/** The spec's texts (sections 2, 5, 8); the fields' own come from the forms vocabulary. */
export const authTexts = {
  stepPhone: "Вход или регистрация",
  stepCode: "Введите код из SMS",
  stepProfile: "Завершение регистрации",
  required: formTexts.required,
  badEmail: formTexts.badEmail,
  wrongCode: "Неверный смс код",
  badPhone: formTexts.badPhone,
  incompletePhone: formTexts.incompletePhone,
  consent: formTexts.consent,
} as const;

export const phoneSchema = z.object({ phone: phoneField });

export const codeSchema = z.object({
  code: z
    .string({ error: authTexts.required })
    .trim()
    .regex(/^\d{4}$/, "Код — это 4 цифры из SMS"),
});

/** Step 3: full name, e-mail and consent (spec section 5). */
export const registrationSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  consent: consentField,
});

/** The profile form of /my/profile/edit. */
export const profileSchema = z.object({
  name: namePartField(true),
  lastName: namePartField(false).optional().default(""),
  secondName: namePartField(false).optional().default(""),
  email: emailField,
});

/** A user must give a name and an e-mail once (step 3) before the account is complete. */
export function needsProfile(user: { name: string; email: string }): boolean {
  return !user.name.trim() || !user.email.trim();
}
