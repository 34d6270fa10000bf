import { and, asc, count, desc, eq, gte, ilike, lt, ne, sql, type SQL } from "drizzle-orm";
import { vatTreatment } from "../tax/vat.ts";
import { coinBuybackPrice } from "../buyback/price.ts";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import { gramsToTroyOunces, salePrice, type MetalRates, type PricingRule } from "../pricing/pricing.ts";
import { createReadCache, readsGeneration } from "../shared/read-cache.ts";
import { coinFigures, coinValue } from "./coin-value.ts";
import { PAGE_SIZE, weightOptions, type ListingQuery, type SectionFilter } from "./listing.ts";
import { mintsOf } from "./mints.ts";
import type { CoinRating, ProductCard, ProductDetails } from "./types.ts";
import type { Metal } from "../db/column-values.ts";

export type { ProductCard, ProductDetails };

export type ProductRow = typeof products.$inferSelect;

export function pricingRule(row: Pick<ProductRow, "pricing" | "premiumPercent" | "fixedPremium" | "fixedPrice">): PricingRule {
  return row.pricing === "fixed" && row.fixedPrice !== null
    ? { kind: "fixed", price: row.fixedPrice }
    : { kind: "metal", premiumPercent: row.premiumPercent, fixedPremium: row.fixedPremium };
}

/** The sale price, or null when it follows the metal and there are no quotes yet. */
export function productPrice(row: ProductRow, rates: MetalRates | null): number | null {
  const rule = pricingRule(row);
  if (rule.kind === "fixed") return salePrice(row, rule, { gold: 0, silver: 0 });
  return rates ? salePrice(row, rule, rates) : null;
}

export function toCard(row: ProductRow, rates: MetalRates | null): ProductCard {
  const price = productPrice(row, rates);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    metal: row.metal,
    kind: row.kind,
    pureGrams: row.pureGrams,
    fineness: row.fineness,
    image: row.images[0] ?? null,
    price,
    stock: row.stock,
    inStock: row.stock > 0,
    salesOpenAt: row.salesOpenAt ? row.salesOpenAt.toISOString() : null,
    figures: coinFigures(coinValue(row, price, rates)),
    rating: coinRating(row),
  };
}

/** The published reviews' average as a card shows it: one decimal, none without reviews. */
export function coinRating(row: Pick<ProductRow, "reviewCount" | "ratingTotal">): CoinRating | null {
  if (row.reviewCount < 1) return null;
  return { average: Math.round((row.ratingTotal / row.reviewCount) * 10) / 10, count: row.reviewCount };
}

export function toDetails(row: ProductRow, rates: MetalRates | null): ProductDetails {
  const card = toCard(row, rates);
  const value = coinValue(row, card.price, rates);
  return {
    ...card,
    value,
    sku: row.sku,
    series: row.series,
    seriesSlug: row.seriesSlug,
    collection: row.collection,
    denomination: row.denomination,
    denominationRub: row.denominationRub,
    country: row.country,
    issuer: row.issuer,
    mint: row.mint,
    years: row.years,
    totalGrams: row.totalGrams,
    pureOunces: Math.round(gramsToTroyOunces(row.pureGrams) * 1000) / 1000,
    diameterMm: row.diameterMm,
    quality: row.quality,
    mintage: row.mintage,
    packaging: row.packaging,
    certificate: row.certificate,
    description: row.description,
    images: row.images,
    vat: vatTreatment(row),
    pricing: row.pricing,
    premiumPercent: value?.premiumPercent ?? null,
    pricePerGram: value?.perGram ?? null,
    buybackPrice: rates ? coinBuybackPrice(row, rates) : null,
  };
}

/**
 * The sale price in SQL, the same rule as pricing.ts (rounded to kopecks, then up to
 * whole roubles), so the catalogue can sort and filter by the price the buyer sees.
 */
export function priceSql(rates: MetalRates | null): SQL<number> {
  if (!rates) return sql<number>`${products.fixedPrice}`;
  const rate = sql`(case ${products.metal} when 'gold' then ${rates.gold}::numeric else ${rates.silver}::numeric end)`;
  return sql<number>`(case when ${products.pricing} = 'fixed' and ${products.fixedPrice} is not null
    then ceil(round(${products.fixedPrice}, 2))
    else ceil(round(${products.pureGrams} * ${rate} * (1 + ${products.premiumPercent} / 100) + ${products.fixedPremium}, 2)) end)`;
}

/** The price over the metal value (1.07 for a 7 % premium), for sorting; null without quotes. */
function premiumSql(rates: MetalRates | null): SQL<number | null> {
  if (!rates) return sql<null>`null`;
  const rate = sql`(case ${products.metal} when 'gold' then ${rates.gold}::numeric else ${rates.silver}::numeric end)`;
  return sql<number | null>`${priceSql(rates)} / nullif(${products.pureGrams} * ${rate}, 0)`;
}

/** Escapes % and _ so a typed value is matched literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function conditions(section: SectionFilter, query: ListingQuery, rates: MetalRates | null): SQL[] {
  const where: SQL[] = [eq(products.status, "active")];
  const { filters } = query;
  // A section fixes some filters; a buyer's choice that contradicts it finds nothing, as it should.
  if (section.metal) where.push(eq(products.metal, section.metal as Metal));
  if (filters.metal) where.push(eq(products.metal, filters.metal));
  if (section.kind) where.push(eq(products.kind, section.kind as "investment" | "commemorative"));
  if (filters.kind) where.push(eq(products.kind, filters.kind));
  if (section.series) where.push(eq(products.seriesSlug, section.series));
  if (filters.series) where.push(eq(products.seriesSlug, filters.series));
  if (section.country) where.push(eq(products.country, section.country));
  if (filters.country) where.push(ilike(products.country, literal(filters.country)));
  if (section.collection) where.push(eq(products.collection, section.collection));
  if (section.denomination !== undefined) where.push(eq(products.denominationRub, Number(section.denomination)));
  if (filters.mint) where.push(ilike(products.mint, `%${literal(filters.mint)}%`));
  if (filters.weight) {
    const band = weightOptions.find((option) => option.id === filters.weight)!;
    where.push(gte(products.pureGrams, band.min));
    if (Number.isFinite(band.max)) where.push(lt(products.pureGrams, band.max));
  }
  if (filters.priceFrom !== undefined) where.push(sql`${priceSql(rates)} >= ${filters.priceFrom}`);
  if (filters.priceTo !== undefined) where.push(sql`${priceSql(rates)} <= ${filters.priceTo}`);
  if (filters.inStock) where.push(sql`${products.stock} > 0`);
  return where;
}

function ordering(query: ListingQuery, rates: MetalRates | null): SQL[] {
  // Coins in stock first, whatever the order; the id keeps pages stable.
  const stocked = sql`(${products.stock} > 0) desc`;
  switch (query.sort) {
    case "price-asc":
      return [stocked, sql`${priceSql(rates)} asc`, asc(products.id)];
    case "price-desc":
      return [stocked, sql`${priceSql(rates)} desc`, asc(products.id)];
    case "per-gram":
      return [stocked, sql`${priceSql(rates)} / nullif(${products.pureGrams}, 0) asc nulls last`, asc(products.id)];
    case "premium":
      return [stocked, sql`${premiumSql(rates)} asc nulls last`, asc(products.id)];
    case "weight-asc":
      return [stocked, asc(products.pureGrams), asc(products.id)];
    case "weight-desc":
      return [stocked, desc(products.pureGrams), asc(products.id)];
    case "name":
      return [stocked, asc(products.name), asc(products.id)];
    default:
      return [stocked, desc(products.createdAt), asc(products.id)];
  }
}

export type ListingPage = { items: ProductCard[]; total: number; page: number; pageCount: number };

/**
 * A listing page is the same for every buyer until a coin, its stock, a price or the quotes
 * change. It is kept under the reads generation, which every such change moves on this
 * instance and, through NOTIFY, on every other (read-changes.server.ts): the shared page
 * cache's rule (decision 025), here for the signed-in buyer's catalogue (decision 033).
 */
const listingCache = createReadCache<ListingPage>({ tag: "listing", maxEntries: 200 });

/** One page of a section's products with the buyer's filters and sorting; prices from `rates`. Cached as above. */
export function listProducts(db: Database, section: SectionFilter, query: ListingQuery, page: number, rates: MetalRates | null): Promise<ListingPage> {
  const key = JSON.stringify([readsGeneration(), section, query, page, rates]);
  return listingCache.get(db, key, () => readListing(db, section, query, page, rates));
}

async function readListing(db: Database, section: SectionFilter, query: ListingQuery, page: number, rates: MetalRates | null): Promise<ListingPage> {
  const where = and(...conditions(section, query, rates));
  const [totals] = await db.select({ total: count() }).from(products).where(where);
  const total = totals?.total ?? 0;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...ordering(query, rates))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items: rows.map((row) => toCard(row, rates)), total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export type FilterChoices = Awaited<ReturnType<typeof readFilterChoices>>;

/** Three queries over the section's products on every catalogue page; they change only with the catalogue. */
const choicesCache = createReadCache<FilterChoices>({ tag: "catalog" });

/** The values the filter form offers for a section (series, countries, mints that exist there); cached for a short time. */
export function filterChoices(db: Database, section: SectionFilter): Promise<FilterChoices> {
  return choicesCache.get(db, JSON.stringify(section), () => readFilterChoices(db, section));
}

async function readFilterChoices(db: Database, section: SectionFilter) {
  const where = and(...conditions(section, { filters: {}, sort: "new" }, null));
  const [series, countries, mints] = await Promise.all([
    db.selectDistinct({ id: products.seriesSlug, label: products.series }).from(products).where(where).orderBy(asc(products.series)),
    db.selectDistinct({ label: products.country }).from(products).where(where).orderBy(asc(products.country)),
    db
      .selectDistinct({ label: products.mint })
      .from(products)
      .where(and(where, sql`${products.mint} is not null`))
      .orderBy(asc(products.mint)),
  ]);
  return {
    series: series.filter((s) => s.id),
    countries: countries.map((c) => c.label),
    // A coin struck at two mints lists both; each mint is offered once.
    mints: [...new Set(mints.flatMap((m) => mintsOf(m.label)))].sort((a, b) => a.localeCompare(b, "ru")),
  };
}

/** The coin page's row and its related coins: kept as the listing is (above). Do not change them. */
const productCache = createReadCache<ProductRow | undefined>({ tag: "listing", maxEntries: 500 });
const relatedCache = createReadCache<ProductCard[]>({ tag: "listing", maxEntries: 500 });

export function findProductBySlug(db: Database, slug: string): Promise<ProductRow | undefined> {
  return productCache.get(db, `${readsGeneration()}:${slug}`, async () => {
    const [row] = await db.select().from(products).where(eq(products.slug, slug)).limit(1);
    return row;
  });
}

export async function findProductById(db: Database, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** Coins like this one: the same series first, then the same metal and kind; in stock first. */
export function relatedProducts(db: Database, product: ProductRow, rates: MetalRates | null, limit = 8): Promise<ProductCard[]> {
  const key = JSON.stringify([readsGeneration(), product.id, rates, limit]);
  return relatedCache.get(db, key, () => readRelatedProducts(db, product, rates, limit));
}

async function readRelatedProducts(db: Database, product: ProductRow, rates: MetalRates | null, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.status, "active"), ne(products.id, product.id), eq(products.metal, product.metal)))
    .orderBy(
      sql`(${products.seriesSlug} = ${product.seriesSlug}) desc`,
      sql`(${products.kind} = ${product.kind}) desc`,
      sql`(${products.stock} > 0) desc`,
      sql`abs(${products.pureGrams} - ${product.pureGrams}) asc`,
      asc(products.id),
    )
    .limit(limit);
  return rows.map((row) => toCard(row, rates));
}

const featuredCache = createReadCache<ProductCard[]>({ tag: "listing", maxEntries: 20 });

/** The coins the home page opens with: in stock, the best-known Russian investment series first; kept as the listing is (above). */
export function featuredProducts(db: Database, rates: MetalRates | null, limit = 8): Promise<ProductCard[]> {
  return featuredCache.get(db, JSON.stringify([readsGeneration(), rates, limit]), () => readFeaturedProducts(db, rates, limit));
}

async function readFeaturedProducts(db: Database, rates: MetalRates | null, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.status, "active"), sql`${products.stock} > 0`))
    .orderBy(
      sql`(${products.seriesSlug} in ('georgiy-pobedonosec', 'seyatel')) desc`,
      sql`(${products.kind} = 'investment') desc`,
      sql`(${products.country} = 'Россия') desc`,
      asc(products.pureGrams),
      asc(products.id),
    )
    .limit(limit);
  return rows.map((row) => toCard(row, rates));
}

/** Active products for the sitemap and the YML feed. */
export async function listActiveProducts(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.status, "active")).orderBy(asc(products.id));
}
