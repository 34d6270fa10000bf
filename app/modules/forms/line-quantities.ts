import { z } from "zod";

/** The most lines one form may name (an order has far fewer; more is not a form of ours). */
const MAX_LINE_FIELDS = 100;

/** Pieces per order line, as a refund or a return form names them. */
export const lineQuantities = z
  .array(
    z.object({
      lineId: z.coerce
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      quantity: z.coerce
        .number({ error: "Количество — целое число" })
        .int("Количество — целое число")
        .min(0, "Количество не может быть меньше нуля")
        .max(10_000, "Слишком большое количество"),
    }),
  )
  .max(MAX_LINE_FIELDS, "Слишком много строк в форме");

export type LineQuantities = z.output<typeof lineQuantities>;

/**
 * Gathers a form's `qty-<line id>` fields (one per order line; a field left empty names no line)
 * into pieces per line, or adds its problems to the form's and answers NEVER.
 */
export function gatherLineQuantities(fields: Record<string, unknown>, ctx: z.RefinementCtx, path: string): LineQuantities | typeof z.NEVER {
  const lines = Object.entries(fields)
    .filter(([name, quantity]) => /^qty-\d{1,10}$/.test(name) && typeof quantity === "string" && quantity.trim() !== "")
    .map(([name, quantity]) => ({ lineId: name.slice(4), quantity: String(quantity).trim() }));
  const parsed = lineQuantities.safeParse(lines);
  if (parsed.success) return parsed.data;
  // Under the field's own name: a form shows one message for its lines, not one per index.
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [path] });
  return z.NEVER;
}
