import { z } from "zod";
import { isValidBik, isValidSettlementAccount } from "../config/bank-details.ts";
import type { ManualRefund } from "../db/schema.ts";

/**
 * Money given back by hand (decision 061): the staff form's fields and the buyer's words for it.
 * A bank transfer's account is checked with the БИК's control key as a bank checks it, so a typo
 * is caught before the money goes nowhere.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields of the cash form: the office register's «возврат прихода» receipt. */
export const cashRefundFields = {
  receipt: z
    .string({ error: "Укажите фискальный признак или номер чека «возврат прихода»" })
    .trim()
    .min(1, "Укажите фискальный признак или номер чека «возврат прихода»")
    .max(64, "Номер чека: не больше 64 символов"),
};

/** The fields of the transfer form: the buyer's account and the shop's payment order. */
export const transferRefundFields = {
  recipient: z
    .string({ error: "Укажите получателя: ФИО или название организации" })
    .trim()
    .min(3, "Укажите получателя: ФИО или название организации")
    .max(200, "Получатель: не больше 200 символов"),
  bik: z
    .string({ error: "Укажите БИК банка получателя" })
    .trim()
    .regex(/^\d{9}$/, "БИК — 9 цифр")
    .refine(isValidBik, "БИК банка в России начинается с 04"),
  account: z
    .string({ error: "Укажите счёт получателя" })
    .trim()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{20}$/, "Счёт получателя — 20 цифр")),
  paymentOrder: z
    .string({ error: "Укажите номер платёжного поручения" })
    .trim()
    .regex(/^\d{1,6}$/, "Номер платёжного поручения — до 6 цифр"),
  paidOn: z.string({ error: "Укажите дату платёжного поручения" }).regex(ISO_DAY, "Укажите дату платёжного поручения"),
};

type TransferFields = { recipient: string; bik: string; account: string; paymentOrder: string; paidOn: string };

/**
 * The transfer's account against its bank's БИК (the control key), and a payment order dated
 * neither in the future (Moscow's today, one day's leeway for the zone) nor before the order.
 */
export function transferIssue(fields: TransferFields, now = new Date()): { path: keyof TransferFields; message: string } | null {
  if (!isValidSettlementAccount(fields.account, fields.bik))
    return { path: "account", message: "Счёт не сходится с БИК по контрольному ключу: проверьте счёт и БИК" };
  const day = new Date(`${fields.paidOn}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== fields.paidOn) return { path: "paidOn", message: "Такой даты нет" };
  if (day.getTime() > now.getTime() + 24 * 60 * 60 * 1000) return { path: "paidOn", message: "Дата платёжного поручения ещё не наступила" };
  return null;
}

const dayText = (isoDay: string) => isoDay.split("-").reverse().join(".");

/** How the money went, in the buyer's words (the return page, the SMS and e-mail). */
export function manualRefundText(manual: ManualRefund): string {
  return manual.method === "cash"
    ? `выданы наличными в кассе офиса, чек «возврат прихода» № ${manual.receipt}`
    : `отправлены переводом на счёт …${manual.account.slice(-4)} (${manual.recipient}), платёжное поручение № ${manual.paymentOrder} от ${dayText(manual.paidOn)}`;
}
