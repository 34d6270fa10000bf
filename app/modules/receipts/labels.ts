import type { ReceiptLine, ReceiptStatus, ReceiptType } from "../db/schema.ts";

/** How the operator reads a receipt (the back office order page, `npm run orders -- show`). */
export const receiptTypeLabels: Record<ReceiptType, string> = {
  prepayment: "Приход, предоплата 100 %",
  settlement: "Приход, зачёт предоплаты",
  refund: "Возврат прихода",
  delivery_service: "Чек службы доставки (оплата при получении)",
};

export const receiptStatusLabels: Record<ReceiptStatus, string> = {
  queued: "в очереди на отправку",
  sending: "отправляется",
  pending: "регистрируется",
  succeeded: "зарегистрирован",
  canceled: "не выдан: операция не прошла",
  failed: "не отправлен — пробейте вручную",
  external: "выдаёт касса службы доставки",
};

export const receiptVatLabels: Record<ReceiptLine["vat"], string> = { exempt: "без НДС", vat20: "НДС 20 %", vat22: "НДС 22 %" };
