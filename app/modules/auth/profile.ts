import { z } from "zod";
import { normalizePhone, phoneProblem } from "../phone/phone.ts";

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

const requiredText = (max: number) =>
  z
    .string({ error: authTexts.required })
    .trim()
    .min(1, authTexts.required)
    .max(max, `Не больше ${max} символов`);

export const emailField = z
  .string({ error: authTexts.required })
  .trim()
  .min(1, authTexts.required)
  .max(254, authTexts.badEmail)
  .pipe(z.email({ error: authTexts.badEmail }));

/** Step 3: full name, e-mail and consent (spec section 5). */
export const registrationSchema = z.object({
  fullName: requiredText(150),
  email: emailField,
  consent: z.literal("on", { error: authTexts.consent }),
});

/** The profile form of /my/profile/edit. */
export const profileSchema = z.object({
  name: requiredText(60),
  lastName: z.string().trim().max(60).optional().default(""),
  secondName: z.string().trim().max(60).optional().default(""),
  email: emailField,
});

/**
 * "Иванов Иван Иванович" → last name, name, second name, the Russian order; one word is
 * the name alone; anything else keeps the first word as the last name and the rest as the name.
 */
export function splitFullName(fullName: string): { lastName: string; name: string; secondName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 1) return { lastName: "", name: words[0]!, secondName: "" };
  if (words.length === 3) return { lastName: words[0]!, name: words[1]!, secondName: words[2]! };
  return { lastName: words[0] ?? "", name: words.slice(1).join(" "), secondName: "" };
}

export function fullNameOf(user: { lastName: string; name: string; secondName: string }): string {
  return [user.lastName, user.name, user.secondName].filter(Boolean).join(" ");
}

/** A user must give a name and an e-mail once (step 3) before the account is complete. */
export function needsProfile(user: { name: string; email: string }): boolean {
  return !user.name.trim() || !user.email.trim();
}
