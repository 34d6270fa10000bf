import { z } from "zod";
import { normalizePhone, phoneProblem } from "../phone/phone.ts";
import { fullNameProblem, NAME_PART_MAX, nameProblem, nameTexts, normalizeName } from "./person-name.ts";

export { fullNameOf, splitFullName } from "./person-name.ts";

/** The spec's texts (sections 2, 5, 8). */
export const authTexts = {
  stepPhone: "Вход или регистрация",
  stepCode: "Введите код из SMS",
  stepProfile: "Завершение регистрации",
  required: "Обязательное поле",
  badEmail: "Email указан неверно",
  wrongCode: "Неверный смс код",
  badPhone: "Введите номер в формате +7 (999) 123-45-67",
  incompletePhone: "Номер неполный: нужно 10 цифр после +7",
  consent: "Нужно согласие на обработку персональных данных",
} as const;

/** What the phone field says about a number typed so far (null when it is a whole number). */
export function phoneMessage(value: string): string | null {
  const problem = phoneProblem(value);
  return problem === "empty" ? authTexts.required : problem === "incomplete" ? authTexts.incompletePhone : problem === "invalid" ? authTexts.badPhone : null;
}

export const phoneField = z
  .string({ error: authTexts.required })
  .trim()
  .min(1, authTexts.required)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: phoneMessage(value) ?? authTexts.badPhone });
      return z.NEVER;
    }
    return phone;
  });

export const phoneSchema = z.object({ phone: phoneField });

export const codeSchema = z.object({
  code: z
    .string({ error: authTexts.required })
    .trim()
    .regex(/^\d{4}$/, "Код — это 4 цифры из SMS"),
});

export const emailField = z
  .string({ error: authTexts.required })
  .trim()
  .min(1, authTexts.required)
  .max(254, authTexts.badEmail)
  .pipe(z.email({ error: authTexts.badEmail }));

/**
 * A surname, name or patronymic field (profile, checkout recipient): normalised, then
 * checked by the one rule of person-name.ts; `required` says whether it may be left empty.
 */
export function namePartField(required: boolean) {
  return z
    .string({ error: authTexts.required })
    .transform(normalizeName)
    .superRefine((value, ctx) => {
      if (value === "") {
        if (required) ctx.addIssue({ code: "custom", message: authTexts.required });
        return;
      }
      const problem = value.length > NAME_PART_MAX ? nameTexts.tooLong(NAME_PART_MAX) : nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** The full name of step 3 and /api/me ("Фамилия Имя Отчество"), normalised; split by splitFullName when saved. */
export const fullNameField = z
  .string({ error: authTexts.required })
  .transform(normalizeName)
  .superRefine((value, ctx) => {
    const problem = value === "" ? authTexts.required : fullNameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Step 3: full name, e-mail and consent (spec section 5). */
export const registrationSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  consent: z.literal("on", { error: authTexts.consent }),
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
