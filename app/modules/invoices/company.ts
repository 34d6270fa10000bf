/**
 * A buyer who buys as an organisation or an entrepreneur (ИП) and pays by invoice: the details an
 * invoice and a УПД print for the buyer. The ИНН says which it is (10 digits: an organisation,
 * which also has a КПП; 12: an ИП, which has none) and is checked by its control digits, so a typo
 * is caught while the buyer is still on the form rather than by the company's accountant.
 */
import { z } from "zod";
import { isValidInn } from "../config/seller.ts";
import { requiredText } from "../forms/fields.ts";

export const companyTexts = {
  innFormat: "ИНН — 10 цифр для организации или 12 цифр для ИП",
  innCheck: "ИНН с ошибкой: проверьте цифры (контрольное число не сходится)",
  kppRequired: "Укажите КПП организации",
  kppFormat: "КПП — 9 знаков: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры",
  kppForEntrepreneur: "У ИП нет КПП: оставьте поле пустым",
} as const;

/** The kind of buyer the ИНН names. */
export type CompanyKind = "organisation" | "entrepreneur";

export const companyLimits = { name: 300, legalAddress: 300, contactPerson: 120 } as const;

/** Digits only: a ИНН pasted with spaces ("77 07 083893") is the same ИНН. */
const digits = z.string({ error: companyTexts.innFormat }).transform((value) => value.replace(/[\s-]/g, ""));

export const companySchema = z
  .object({
    inn: digits.pipe(
      z
        .string()
        .regex(/^\d{10}$|^\d{12}$/, { message: companyTexts.innFormat, abort: true })
        .refine(isValidInn, companyTexts.innCheck),
    ),
    kpp: z
      .string()
      .transform((value) => value.replace(/\s/g, "").toUpperCase())
      .pipe(z.string().regex(/^$|^\d{4}[\dA-Z]{2}\d{3}$/, companyTexts.kppFormat))
      .optional(),
    name: requiredText(companyLimits.name),
    legalAddress: requiredText(companyLimits.legalAddress),
    contactPerson: requiredText(companyLimits.contactPerson),
  })
  .superRefine((company, ctx) => {
    if (company.inn.length === 10 && !company.kpp) ctx.addIssue({ code: "custom", path: ["kpp"], message: companyTexts.kppRequired });
    if (company.inn.length === 12 && company.kpp) ctx.addIssue({ code: "custom", path: ["kpp"], message: companyTexts.kppForEntrepreneur });
  })
  .transform((company) => ({ ...company, kpp: company.kpp || null, kind: (company.inn.length === 10 ? "organisation" : "entrepreneur") as CompanyKind }));

export type CompanyBuyer = z.output<typeof companySchema>;
