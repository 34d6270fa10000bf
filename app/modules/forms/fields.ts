import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";
import { readDate } from "./dates.ts";
import { installRussianZodMessages } from "./zod-locale.ts";
import { fullNameProblem, NAME_PART_MAX, nameProblem, nameTexts, normalizeName } from "./person-name.ts";
import { normalizePhone, phoneProblem } from "../phone/phone.ts";

installRussianZodMessages();

/**
 * The shop's one forms vocabulary (docs/decisions/029-forms-vocabulary.md): the fields every
 * form is built from (sign-in, profile, buy-back, checkout, identification), with their texts.
 * Shared by the server and the page; the same schema checks a form in both.
 */

/** The texts of the fields' errors; 'Обязательное поле' and 'Email указан неверно' are the spec's (sections 5, 8). */
export const formTexts = {
  required: "Обязательное поле",
  badEmail: "Email указан неверно",
  badPhone: "Введите номер в формате +7 (999) 123-45-67",
  incompletePhone: "Номер неполный: нужно 10 цифр после +7",
  consent: "Нужно согласие на обработку персональных данных",
  tooLong: nameTexts.tooLong,
} as const;

/** A text that must be given, trimmed, at most `max` characters. */
export const requiredText = (max: number) => z.string({ error: formTexts.required }).trim().min(1, formTexts.required).max(max, formTexts.tooLong(max));

/** A text that may be left empty (or left out of the post), trimmed, at most `max` characters. */
export const optionalText = (max: number) => z.string().trim().max(max, formTexts.tooLong(max));

/** What the phone field says about a number typed so far (null when it is a whole number). */
export function phoneMessage(value: string): string | null {
  const problem = phoneProblem(value);
  return problem === "empty" ? formTexts.required : problem === "incomplete" ? formTexts.incompletePhone : problem === "invalid" ? formTexts.badPhone : null;
}

/** A Russian mobile number in any usual spelling, read as +7XXXXXXXXXX (phone.ts). */
export const phoneField = z
  .string({ error: formTexts.required })
  .trim()
  .min(1, formTexts.required)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: phoneMessage(value) ?? formTexts.badPhone });
      return z.NEVER;
    }
    return phone;
  });

export const emailField = z
  .string({ error: formTexts.required })
  .trim()
  .min(1, formTexts.required)
  .max(254, formTexts.badEmail)
  .pipe(z.email({ error: formTexts.badEmail }));

/** The consent checkbox: posted as "on" when ticked, absent otherwise. */
export const consentField = z.literal("on", { error: formTexts.consent });

/**
 * A surname, name or patronymic field (profile, checkout recipient): normalised, then
 * checked by the one rule of person-name.ts; `required` says whether it may be left empty.
 * The length is checked here (not by a `.max` before normalising) so that spaces typed
 * twice do not count, and the message is the same as every other field's.
 */
export function namePartField(required: boolean) {
  return z
    .string({ error: formTexts.required })
    .transform(normalizeName)
    .superRefine((value, ctx) => {
      if (value === "") {
        if (required) ctx.addIssue({ code: "custom", message: formTexts.required });
        return;
      }
      const problem = value.length > NAME_PART_MAX ? nameTexts.tooLong(NAME_PART_MAX) : nameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** A full name ("Фамилия Имя Отчество"), normalised and checked by person-name.ts. */
export const fullNameField = z
  .string({ error: formTexts.required })
  .transform(normalizeName)
  .superRefine((value, ctx) => {
    const problem = value === "" ? formTexts.required : fullNameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

type Constraint = NonNullable<ReturnType<typeof getZodConstraint>[string]>;

/** The longest text a field takes, read through optional, default and pipes (a transform's input); null when unbounded. */
function maxLengthOf(schema: z.core.$ZodType): number | null {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType; in?: z.core.$ZodType };
  if (def.type === "string") return (schema as z.ZodString).maxLength;
  if ((def.type === "optional" || def.type === "default" || def.type === "nullable") && def.innerType) return maxLengthOf(def.innerType);
  if (def.type === "pipe" && def.in) return maxLengthOf(def.in);
  return null;
}

/**
 * The native constraints of a form's inputs (`required`, `maxlength`, `pattern`) from its
 * schema, for useForm's `constraint`: without JavaScript the browser checks them before
 * posting. getZodConstraint gives `required` and patterns; it reads lengths where zod 4.6
 * no longer keeps them, so `maxlength` comes from the schema's own `maxLength`.
 */
export function formConstraint(schema: z.ZodObject): Record<string, Constraint> {
  const constraint = getZodConstraint(schema);
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const maxLength = maxLengthOf(field as z.core.$ZodType);
      return [name, { ...constraint[name], ...(maxLength !== null && constraint[name]?.maxLength === undefined ? { maxLength } : {}) }];
    }),
  );
}

/** A day of a date filter (a Moscow day, inclusive), typed as staff write dates; "ГГГГ-ММ-ДД" after reading. */
export const dateFilter = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const reading = readDate(value);
    if (reading.kind === "date") return reading.iso;
    ctx.addIssue({ code: "custom", message: reading.kind === "no-such-date" ? "Нет такой даты" : "Дата в формате ДД.ММ.ГГГГ" });
    return z.NEVER;
  });

/** A list's page number from the address (`?page=`): a whole number from 1, 1 when absent. */
export const listPageField = z.coerce
  .number({ error: "Номер страницы — число" })
  .int("Номер страницы — целое число")
  .min(1, "Номер страницы — от 1")
  .max(100_000, "Нет такой страницы")
  .default(1);
