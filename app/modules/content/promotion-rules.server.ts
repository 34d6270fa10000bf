import { notInArray } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { products, promotions } from "../db/schema.ts";
import { matchesCoin } from "../pricing/discounts.ts";
import type { ContentIssue, PromoEntry } from "./content-files.ts";
import { promotionOverlaps } from "./promotion-rules.ts";

/**
 * The checks of promotion rules that need the shop's data, made by the import before it
 * writes: every coins selector picks at least one coin of the catalogue (an unknown article
 * is named), and no rule overlaps a promotion already in the shop that the import keeps.
 */
export async function checkPromotionRules(db: Database, items: ReadonlyArray<{ file: string; entry: PromoEntry }>): Promise<ContentIssue[]> {
  const ruled = items.filter((item) => item.entry.rule !== null);
  if (ruled.length === 0) return [];
  const issues: ContentIssue[] = [];
  const coins = await db.select({ sku: products.sku, seriesSlug: products.seriesSlug, metal: products.metal }).from(products);
  const skus = new Set(coins.map((coin) => coin.sku));
  for (const { file, entry } of ruled) {
    const rule = entry.rule!;
    if (rule.kind !== "premium-discount") continue;
    const unknown = (rule.coins.skus ?? []).filter((sku) => !skus.has(sku));
    if (unknown.length > 0) issues.push({ file, field: "rule.coins.skus", message: `таких артикулов нет в каталоге: ${unknown.join(", ")}` });
    else if (!coins.some((coin) => matchesCoin(rule.coins, coin))) {
      issues.push({ file, field: "rule.coins", message: "ни одна монета каталога не подходит под это условие (проверьте skus, series, metal)" });
    }
  }
  const importedIds = items.map((item) => item.entry.id);
  const kept = await db
    .select({ id: promotions.id, starts: promotions.startsOn, ends: promotions.endsOn, rule: promotions.rule })
    .from(promotions)
    .where(importedIds.length > 0 ? notInArray(promotions.id, importedIds) : undefined);
  const existing = kept.filter((row) => row.rule !== null).map((row) => ({ file: `акция ${row.id} в магазине`, promo: row }));
  // The files among themselves were checked by parseContentFiles (the import stops there on any issue).
  issues.push(...promotionOverlaps([...existing, ...ruled.map((item) => ({ file: item.file, promo: item.entry }))]));
  return issues;
}
