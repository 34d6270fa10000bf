/**
 * The `rule` of a promotion file: what the shop applies while the promotion runs, as data
 * the operator writes in the front matter (pure; the shop applies it in pricing/discounts.ts).
 *
 *   rule:                                 rule:
 *     kind: premium-discount                kind: free-delivery
 *     coins:                                deliveries: [45]       # Курьер СДЭК
 *       series: georgiy-pobedonosec         minGoodsTotal: 300000  # roubles, goods only
 *       metal: silver  
 *     minQuantity: 10
 *     premiumPoints: 2                    # percentage points off the premium
 *
 * `coins` takes skus (a list of articles), series (the series' address part) and metal;
 * every given one must match. Checked here: the fields and numbers, and that no two
 * promotions of one kind run on the same days for the same delivery or coins selector
 * (the import also checks the selector against the catalogue and the promotions already in
 * the shop, see import.server.ts).
 */
import { z } from "zod";
import { DELIVERY_IDS } from "../delivery/rules.ts";
import { metals, type CoinSelector, type PromotionRule } from "../db/column-values.ts";

export type { PromotionRule };

/** The paid deliveries a promotion may make free (the free ones already cost nothing). */
export const PROMOTABLE_DELIVERY_IDS = [DELIVERY_IDS.courier, DELIVERY_IDS.pickupPoint, DELIVERY_IDS.parcelLocker] as const;

const selectorMessage = "монеты акции: skus (список артикулов), series (серия, как в адресе) и/или metal (gold или silver)";

const coinSelector = z
  .object(
    {
      skus: z
        .array(z.string({ error: "артикул — строка" }).trim().min(1, "артикул не может быть пустым").max(60), { error: "skus — список артикулов" })
        .min(1, "skus — хотя бы один артикул")
        .max(200)
        .optional(),
      series: z
        .string({ error: "series — серия, как в адресе каталога" })
        .trim()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "series — серия, как в адресе каталога (латиница, цифры, дефисы)")
        .optional(),
      metal: z.enum(metals, { error: "metal — gold или silver" }).optional(),
    },
    { error: selectorMessage },
  )
  .strict()
  .refine((value) => value.skus !== undefined || value.series !== undefined || value.metal !== undefined, selectorMessage);

const wholeFrom = (min: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(100_000_000, message);

export const promotionRuleSchema = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("premium-discount"),
        coins: coinSelector,
        minQuantity: wholeFrom(1, "minQuantity — целое число штук от 1"),
        premiumPoints: z
          .number({ error: "premiumPoints — на сколько процентных пунктов ниже наценка, число больше 0" })
          .gt(0, "premiumPoints — скидка должна быть больше 0 (отрицательная скидка — это наценка)")
          .max(100, "premiumPoints — не больше 100 пунктов"),
      })
      .strict(),
    z
      .object({
        kind: z.literal("free-delivery"),
        deliveries: z
          .array(
            z.number({ error: "deliveries — номера способов доставки" }).refine((id) => (PROMOTABLE_DELIVERY_IDS as readonly number[]).includes(id), {
              message: `deliveries — из платных способов: ${PROMOTABLE_DELIVERY_IDS.join(", ")} (45 — курьер СДЭК)`,
            }),
            { error: "deliveries — список номеров способов доставки" },
          )
          .min(1, "deliveries — хотя бы один способ доставки"),
        minGoodsTotal: wholeFrom(0, "minGoodsTotal — сумма товаров в рублях, целое число от 0"),
      })
      .strict(),
  ],
  { error: "rule.kind — premium-discount (скидка с наценки) или free-delivery (бесплатная доставка)" },
);

type Dated = { id: number; starts: string; ends: string | null; rule: PromotionRule | null };

/** Whether two date ranges (both ends included, null: open) share a day. */
export function datesOverlap(a: Pick<Dated, "starts" | "ends">, b: Pick<Dated, "starts" | "ends">): boolean {
  return (a.ends === null || b.starts <= a.ends) && (b.ends === null || a.starts <= b.ends);
}

/** Whether two selectors could pick the same coin (without the catalogue: only provably different ones are apart). */
export function selectorsMeet(a: CoinSelector, b: CoinSelector): boolean {
  if (a.metal && b.metal && a.metal !== b.metal) return false;
  if (a.series && b.series && a.series !== b.series) return false;
  if (a.skus && b.skus && !a.skus.some((sku) => b.skus!.includes(sku))) return false;
  return true;
}

/** Whether two rules would apply to the same thing (the same delivery, or the same coins). */
export function rulesMeet(a: PromotionRule, b: PromotionRule): boolean {
  if (a.kind === "free-delivery" && b.kind === "free-delivery") return a.deliveries.some((id) => b.deliveries.includes(id));
  if (a.kind === "premium-discount" && b.kind === "premium-discount") return selectorsMeet(a.coins, b.coins);
  return false;
}

/**
 * Two promotions of one kind that run on a common day for the same delivery or coins: the
 * buyer could not tell which one applies, so the operator is asked to change the dates.
 * Each pair is reported once, on the later file.
 */
export function promotionOverlaps(items: ReadonlyArray<{ file: string; promo: Dated }>): Array<{ file: string; field: string; message: string }> {
  const issues: Array<{ file: string; field: string; message: string }> = [];
  const ruled = items.filter((item) => item.promo.rule !== null);
  for (let i = 0; i < ruled.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = ruled[i]!;
      const b = ruled[j]!;
      if (a.promo.id !== b.promo.id && datesOverlap(a.promo, b.promo) && rulesMeet(a.promo.rule!, b.promo.rule!)) {
        issues.push({
          file: a.file,
          field: "rule",
          message: `пересекается по датам с акцией ${b.promo.id} (${b.file}) для тех же монет или той же доставки: измените даты или условия`,
        });
      }
    }
  }
  return issues;
}
