import { z } from "zod";
import { normalizePhone } from "../phone/phone.ts";

/** Texts of the form's errors; 'Обязательное поле' is the spec's. */
export const formMessages = {
  required: "Обязательное поле",
  phone: "Введите номер в формате +7 (999) 123-45-67",
  consent: "Нужно согласие на обработку персональных данных",
  tooLong: (max: number) => `Не больше ${max} символов`,
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
  items: requiredText(2000),
  comment: z.string().trim().max(2000, formMessages.tooLong(2000)).optional(),
  consent: z.literal("on", { error: formMessages.consent }),
});

export type BuybackRequestInput = z.output<typeof buybackRequestSchema>;
