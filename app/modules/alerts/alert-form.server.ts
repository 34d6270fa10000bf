import { z } from "zod";
import { alertMessages, MAX_THRESHOLD, type AlertInput } from "./rules.ts";

// The subscription form's schema, on the server only: rules.ts goes to the coin page's bundle, zod need not.

const channelField = z.enum(["sms", "email"], { error: alertMessages.channel });

/** A price limit as people type it ("95 000", "95000 ₽", "95 000,00"); kopecks other than zero are not. */
const thresholdField = z.string({ error: alertMessages.thresholdMissing }).transform((text, ctx) => {
  const typed = text.replace(/[\s\u00a0\u202f₽]|руб\.?/g, "").replace(/[,.]0{1,2}$/, "");
  const problem =
    typed === ""
      ? alertMessages.thresholdMissing
      : !/^\d{1,9}$/.test(typed) || Number(typed) < 1
        ? alertMessages.thresholdBad
        : Number(typed) > MAX_THRESHOLD
          ? alertMessages.thresholdTooHigh
          : null;
  if (problem) {
    ctx.addIssue({ code: "custom", message: problem });
    return z.NEVER;
  }
  return Number(typed);
});

/** A coin page's two subscription forms (read as posted: the schema reads the typed price itself). */
export const alertFormSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("price_below"), channel: channelField, threshold: thresholdField }),
      // An arrival needs no price, whatever the field says.
      z.object({ kind: z.literal("in_stock"), channel: channelField }),
    ],
    { error: alertMessages.kind },
  )
  .transform((form): AlertInput => ({ kind: form.kind, channel: form.channel, threshold: form.kind === "price_below" ? form.threshold : null }));
