import type { IdentificationThresholds } from "../config/config.server.ts";
import { z } from "zod";
import { parseDate } from "../forms/dates.ts";
import { consentField, formTexts, fullNameField, optionalText, requiredText } from "../forms/fields.ts";
import { PAYMENT_IDS } from "../payments/methods.ts";
import { identificationTexts } from "./identification-texts.ts";

/**
 * Identification of a buyer of precious metals (115-FZ): when it is needed,
 * what the buyer gives, and how a name is compared with the list of persons involved in
 * extremism or terrorism. Pure, shared by the server and the page.
 */

/** Whether an order of this total, paid this way, needs the buyer's identification: at or above the threshold. */
export function requiresIdentification(total: number, paymentId: number, thresholds: IdentificationThresholds): boolean {
  const threshold = paymentId === PAYMENT_IDS.onReceipt ? thresholds.cash : thresholds.nonCash;
  return total >= threshold;
}

/** The version of the consent text shown beside the identification form; stored with each identification. */
export const IDENTIFICATION_CONSENT_VERSION = "2026-11-23";

// The texts live apart so that the checkout page's notice of this step carries no zod.
export { identificationTexts };

export const RUSSIA = "Россия";

/** Dates are read by the forms' one date reader (ДД.ММ.ГГГГ, Д.М.ГГГГ, ГГГГ-ММ-ДД). */
export { parseDate };

/** "ГГГГ-ММ-ДД" → "ДД.ММ.ГГГГ" for showing. */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}.${month}.${year}`;
}

function yearsBetween(fromIso: string, toIso: string): number {
  const [fy, fm, fd] = fromIso.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = toIso.split("-").map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

const date = z
  .string({ error: formTexts.required })
  .trim()
  .min(1, formTexts.required)
  .transform((value, ctx) => parseDate(value) ?? (ctx.addIssue({ code: "custom", message: identificationTexts.date }), z.NEVER));

/** The identification form's fields, each on its own (the page's native constraints come from these). */
export const identificationFields = z.object({
  fullName: fullNameField,
  birthDate: date,
  citizenship: requiredText(60),
  passportSeries: z.string().trim().default(""),
  passportNumber: z
    .string({ error: formTexts.required })
    .trim()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().min(1, formTexts.required)),
  issueDate: date,
  issuer: requiredText(200),
  issuerCode: optionalText(7).default(""),
  registrationAddress: requiredText(300),
  consent: consentField,
});

/** The identification form; `today` (ГГГГ-ММ-ДД, Moscow) is given so the rule is testable. */
export function identificationSchema(today: string) {
  return identificationFields
    .superRefine((value, ctx) => {
      if (value.birthDate > today) ctx.addIssue({ code: "custom", path: ["birthDate"], message: identificationTexts.birthFuture });
      else if (yearsBetween(value.birthDate, today) < 18) ctx.addIssue({ code: "custom", path: ["birthDate"], message: identificationTexts.tooYoung });
      else if (yearsBetween(value.birthDate, today) > 120) ctx.addIssue({ code: "custom", path: ["birthDate"], message: identificationTexts.tooOld });
      if (value.issueDate > today) ctx.addIssue({ code: "custom", path: ["issueDate"], message: identificationTexts.issueFuture });
      else if (value.birthDate <= today && yearsBetween(value.birthDate, value.issueDate) < 14)
        ctx.addIssue({ code: "custom", path: ["issueDate"], message: identificationTexts.issueBeforeBirth });
      // A Russian passport: series of 4 digits and number of 6; a foreign document: its own number.
      if (isRussian(value.citizenship)) {
        if (!/^\d{4}$/.test(value.passportSeries.replace(/\s+/g, "")))
          ctx.addIssue({ code: "custom", path: ["passportSeries"], message: identificationTexts.series });
        if (!/^\d{6}$/.test(value.passportNumber)) ctx.addIssue({ code: "custom", path: ["passportNumber"], message: identificationTexts.number });
      } else if (!/^[\p{L}\d]{5,20}$/u.test(value.passportNumber))
        ctx.addIssue({ code: "custom", path: ["passportNumber"], message: identificationTexts.foreignDocument });
    })
    .transform(({ consent: _consent, ...rest }) => ({ ...rest, passportSeries: rest.passportSeries.replace(/\s+/g, "") }));
}

export type IdentificationData = z.output<ReturnType<typeof identificationSchema>>;

export function isRussian(citizenship: string): boolean {
  return /^(россия|рф|российская федерация|russia)$/i.test(citizenship.trim().replace(/\.$/, ""));
}

/** What a page may show of an identification without opening it: "Иванов И. И., паспорт •• 3456". */
export function maskedIdentification(data: Pick<IdentificationData, "fullName" | "passportNumber">): string {
  const [surname = "", ...rest] = data.fullName.split(" ");
  const initials = rest.map((word) => `${word[0]}.`).join(" ");
  return `${[surname, initials].filter(Boolean).join(" ")}, документ •• ${data.passportNumber.slice(-4)}`;
}

/**
 * A name as the list is compared: upper case, ё as е, only letters and single spaces.
 * "Иванов  Пётр-Иванович" and "ИВАНОВ ПЕТР ИВАНОВИЧ" are the same person.
 */
export function normalizeListName(name: string): string {
  return name
    .toLocaleUpperCase("ru-RU")
    .replace(/Ё/g, "Е")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
}

/** The key a person is looked up by: normalised full name and birth date. */
export function screeningKey(fullName: string, birthDate: string): string {
  return `${normalizeListName(fullName)}|${birthDate}`;
}
