import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { exchangeNewGoods, products } from "../db/schema.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { importProducts } from "../catalog/import.server.ts";
import { slugify } from "../catalog/slug.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { missingForSale, newGoodFieldLabels } from "./new-goods.ts";

/**
 * «Новые из 1С» (decision 053): goods 1C sent that no coin is tied to, listed for staff with what
 * each still lacks, and published as a coin by the catalogue's own import rules. Until then they
 * live only in exchange_new_goods, which no storefront read touches.
 */

export const NEW_GOODS_PAGE_SIZE = 50;
export type NewGood = typeof exchangeNewGoods.$inferSelect;

export async function countNewGoods(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(exchangeNewGoods);
  return row?.count ?? 0;
}

/** The new goods, oldest first (the longest waiting), 50 a page, with what each lacks. */
export async function listNewGoods(db: Database, page: number) {
  const [total, rows] = await Promise.all([
    countNewGoods(db),
    db
      .select()
      .from(exchangeNewGoods)
      .orderBy(asc(exchangeNewGoods.firstSeenAt), asc(exchangeNewGoods.id))
      .limit(NEW_GOODS_PAGE_SIZE)
      .offset((page - 1) * NEW_GOODS_PAGE_SIZE),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, missing: missingForSale(row) })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / NEW_GOODS_PAGE_SIZE)),
  };
}

export async function findNewGood(db: Database, id: number): Promise<NewGood | undefined> {
  const [row] = await db.select().from(exchangeNewGoods).where(eq(exchangeNewGoods.id, id)).limit(1);
  return row;
}

/** What staff complete on publishing: the coin's fields the catalogue requires, as typed (the import's rules read them). */
export type NewGoodCoin = {
  sku: string;
  name: string;
  metal: string;
  kind: string;
  fineness: string;
  totalGrams: string;
  pureGrams: string;
  denomination: string;
  country: string;
  issuer: string;
  pricing: "metal" | "fixed";
  premiumPercent?: string;
  fixedPrice?: string;
  description?: string;
};

export type PublishResult = { ok: true; sku: string } | { ok: false; reason: string; errors: string[] };

/** An address (slug) from the name, made unique by the SKU when the name's is taken. */
async function freeSlug(db: Database, name: string, sku: string): Promise<string> {
  const base = (slugify(name) || "moneta").slice(0, 100).replace(/-+$/, "");
  const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.slug, base)).limit(1);
  return taken ? `${base}-${slugify(sku) || "1c"}`.slice(0, 120).replace(/-+$/, "") : base;
}

/**
 * Publishes a new good as a coin: the catalogue's import rules check the fields (one row, nothing
 * written when one is wrong), the coin takes the good's Ид, 1C's stock and, for a fixed price left
 * empty, 1C's price; the new good is deleted, and the step audited, in one transaction.
 */
export async function publishNewGood(db: Database, actor: StaffActor, id: number, coin: NewGoodCoin): Promise<PublishResult> {
  const result = await db.transaction(async (tx): Promise<PublishResult> => {
    const [good] = await tx.select().from(exchangeNewGoods).where(eq(exchangeNewGoods.id, id)).for("update");
    if (!good) return { ok: false, reason: "Этот товар из 1С уже опубликован или удалён", errors: [] };
    const [existing] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, coin.sku.trim())).limit(1);
    if (existing) return { ok: false, reason: `Артикул ${coin.sku.trim()} уже есть в каталоге: выберите другой`, errors: [] };
    const fixedPrice = coin.pricing === "fixed" ? coin.fixedPrice || (good.price === null ? "" : String(good.price)) : undefined;
    const imported = await importProducts(tx, [
      {
        row: 1,
        values: {
          sku: coin.sku,
          slug: await freeSlug(tx, coin.name, coin.sku),
          name: coin.name,
          metal: coin.metal,
          kind: coin.kind,
          fineness: coin.fineness,
          totalGrams: coin.totalGrams,
          pureGrams: coin.pureGrams,
          denomination: coin.denomination,
          country: coin.country,
          issuer: coin.issuer,
          series: good.fields.series ?? "",
          seriesSlug: good.fields.seriesSlug ?? "",
          collection: good.fields.collection ?? "",
          denominationRub: good.fields.denominationRub ?? "",
          description: coin.description ?? good.description,
          stock: good.stock ?? 0,
          pricing: coin.pricing,
          premiumPercent: coin.pricing === "metal" ? coin.premiumPercent || "0" : "0",
          ...(fixedPrice === undefined ? {} : { fixedPrice }),
          status: "active",
        },
      },
    ]);
    if (!imported.ok)
      return {
        ok: false,
        reason: "Монета не опубликована: исправьте поля",
        errors: imported.errors.map((issue) => {
          const fields = (issue.field ?? "")
            .split(", ")
            .filter(Boolean)
            .map((field) => newGoodFieldLabels[field] ?? field);
          return fields.length > 0 ? `${fields.join(", ")}: ${issue.message}` : issue.message;
        }),
      };
    await tx
      .update(products)
      .set({ exchangeId: good.exchangeId, updatedAt: sql`now()` })
      .where(eq(products.sku, coin.sku.trim()));
    await tx.delete(exchangeNewGoods).where(eq(exchangeNewGoods.id, good.id));
    await writeAudit(tx, actor, {
      action: "exchange.publish",
      entity: `product:${coin.sku.trim()}`,
      before: { exchangeId: good.exchangeId, name: good.name, article: good.article },
      after: { sku: coin.sku.trim(), name: coin.name, metal: coin.metal, pricing: coin.pricing, stock: good.stock ?? 0 },
    });
    return { ok: true, sku: coin.sku.trim() };
  });
  if (result.ok) invalidateReads("catalog");
  return result;
}
