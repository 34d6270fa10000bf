import { z } from "zod";
import { normalizePhone } from "../phone/phone.ts";
import { buybackGrades } from "./statuses.ts";

/** Texts of the form's errors; 'Обязательное поле' is the spec's. */
export const formMessages = {
  required: "Обязательное поле",
  phone: "Введите номер в формате +7 (999) 123-45-67",
  consent: "Нужно согласие на обработку персональных данных",
  tooLong: (max: number) => `Не больше ${max} символов`,
  coin: "Выберите монету из списка",
  quantity: "Количество — целое число от 1 до 1000",
  grade: "Выберите состояние монет",
  itemsOrCoin: "Выберите монету из списка или опишите, что хотите продать",
} as const;

const requiredText = (max: number) =>
  z
    .string({ error: formMessages.required })
    .trim()
    .min(1, formMessages.required)
    .max(max, formMessages.tooLong(max));

/** The buy-back request form; the same schema checks it in the browser and on the server. */
export const buybackRequestSchema = z.object({
  name: requiredText(100),
  phone: z
    .string({ error: formMessages.required })
    .trim()
    .min(1, formMessages.required)
    .transform((value, ctx) => {
      const phone = normalizePhone(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: formMessages.phone });
        return z.NEVER;
      }
      return phone;
    }),
  /** A coin of the buy-back list: its price is quoted and held (issue 19 item 3). Empty: coins described in words. */
  offerId: z.coerce.number({ error: formMessages.coin }).int(formMessages.coin).min(1, formMessages.coin).optional(),
  quantity: z.coerce.number({ error: formMessages.quantity }).int(formMessages.quantity).min(1, formMessages.quantity).max(1000, formMessages.quantity).default(1),
  grade: z.enum(buybackGrades, { error: formMessages.grade }).default("excellent"),
  items: z.string().trim().max(2000, formMessages.tooLong(2000)).optional(),
  comment: z.string().trim().max(2000, formMessages.tooLong(2000)).optional(),
  consent: z.literal("on", { error: formMessages.consent }),
}).superRefine((value, ctx) => {
  // Without a listed coin the appraiser needs the words.
  if (value.offerId === undefined && !value.items) ctx.addIssue({ code: "custom", path: ["items"], message: formMessages.itemsOrCoin });
});

export type BuybackRequestInput = z.output<typeof buybackRequestSchema>;
