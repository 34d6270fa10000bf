import { z } from "zod";
import { consentField, optionalText, phoneField, requiredText } from "../forms/fields.ts";
import { buybackGrades } from "../db/column-values.ts";

/** Texts of the form's own errors; the fields' come from the forms vocabulary. */
export const formMessages = {
  coin: "Выберите монету из списка",
  quantity: "Количество — целое число от 1 до 1000",
  grade: "Выберите состояние монет",
  itemsOrCoin: "Выберите монету из списка или опишите, что хотите продать",
} as const;

/** The buy-back request form; the same schema checks it in the browser and on the server. */
export const buybackRequestSchema = z
  .object({
    name: requiredText(100),
    phone: phoneField,
    /** A coin of the buy-back list: its price is quoted and held. Empty: coins described in words. */
    offerId: z.coerce.number({ error: formMessages.coin }).int(formMessages.coin).min(1, formMessages.coin).optional(),
    quantity: z.coerce
      .number({ error: formMessages.quantity })
      .int(formMessages.quantity)
      .min(1, formMessages.quantity)
      .max(1000, formMessages.quantity)
      .default(1),
    grade: z.enum(buybackGrades, { error: formMessages.grade }).default("excellent"),
    items: optionalText(2000).optional(),
    comment: optionalText(2000).optional(),
    consent: consentField,
  })
  .superRefine((value, ctx) => {
    // Without a listed coin the appraiser needs the words.
    if (value.offerId === undefined && !value.items) ctx.addIssue({ code: "custom", path: ["items"], message: formMessages.itemsOrCoin });
  });

export type BuybackRequestInput = z.output<typeof buybackRequestSchema>;
