import { z } from "zod";
import { returnHandovers } from "../db/column-values.ts";
import { gatherLineQuantities, type LineQuantities } from "../forms/line-quantities.ts";
import { cashRefundFields, transferIssue, transferRefundFields } from "../orders/manual-refund.ts";

export type ReturnForm = {
  reason: string;
  handover: (typeof returnHandovers)[number];
  comment: string;
  pieces: LineQuantities;
};

/**
 * The buyer's «Оформить возврат» form: pieces per order line (`qty-<line id>`, empty names no
 * line), why, and how the coins come back. No amount: the server prices it from the order.
 */
export const returnFormSchema = z
  .looseObject({
    reason: z.string({ error: "Напишите, почему возвращаете" }).trim().min(3, "Напишите, почему возвращаете").max(1000, "Причина: не больше 1000 символов"),
    handover: z.enum(returnHandovers, { error: "Выберите, как передадите монеты" }),
    comment: z.string().trim().max(1000, "Комментарий: не больше 1000 символов").optional(),
  })
  .transform(({ reason, handover, comment, ...fields }, ctx): ReturnForm => {
    const pieces = gatherLineQuantities(fields, ctx, "pieces");
    return pieces === z.NEVER ? z.NEVER : { reason, handover, comment: comment ?? "", pieces };
  });

/**
 * The sum the page showed for money given back by hand: the server gives the request's own amount,
 * and refuses when the two differ (a page out of date, or a hand-typed post).
 */
const confirmedAmount = z.coerce
  .number({ error: "Сумма возврата — целое число рублей" })
  .int("Сумма возврата — целое число рублей")
  .positive("Сумма возврата должна быть больше нуля")
  .max(1_000_000_000, "Слишком большая сумма");

/** Staff's steps on a request, told apart by the pressed button. */
export const returnStepFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("approve"), version: z.coerce.number({ error: "Обновите страницу" }).int() }),
    z.object({
      intent: z.literal("receive"),
      version: z.coerce.number({ error: "Обновите страницу" }).int(),
      sellable: z.enum(["yes", "no"], { error: "Отметьте, в продаваемом ли виде монеты" }),
    }),
    z.object({
      intent: z.literal("refuse"),
      version: z.coerce.number({ error: "Обновите страницу" }).int(),
      refusal: z.string({ error: "Напишите причину отказа" }).trim().min(3, "Напишите причину отказа").max(500, "Причина: не больше 500 символов"),
    }),
    z.object({ intent: z.literal("refund"), version: z.coerce.number({ error: "Обновите страницу" }).int() }),
    z.object({
      intent: z.literal("refund_cash"),
      version: z.coerce.number({ error: "Обновите страницу" }).int(),
      amount: confirmedAmount,
      ...cashRefundFields,
    }),
    z
      .object({
        intent: z.literal("refund_transfer"),
        version: z.coerce.number({ error: "Обновите страницу" }).int(),
        amount: confirmedAmount,
        ...transferRefundFields,
      })
      .superRefine((fields, ctx) => {
        const issue = transferIssue(fields);
        if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
      }),
  ],
  { error: "Неизвестное действие" },
);
export type ReturnStepForm = z.output<typeof returnStepFormSchema>;
