/**
 * The back office's catalogue: search, one coin's edit, a picture, the whole
 * file's import. Every change goes through the operator's functions of import.server.ts (the
 * import's field rules, setVatOverride), inside one transaction with its audit row; the running
 * shops hear of it at commit (NOTIFY) and this process drops its cached reads after it.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { asc, count, eq, ilike, inArray, or } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../db/client.server.ts";
import { products, type ProductImage } from "../db/schema.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { MAX_PICTURE_SIDE, pictureTexts, pictureTypeOf } from "../images/picture-type.ts";
import { writeAudit, type StaffActor } from "../audit/audit.server.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { vatTreatment } from "../tax/vat.ts";
import { importProductFile, importProducts, setVatOverride, type ImportIssue } from "./import.server.ts";
import { priceFloorIssues, priceFloorText } from "./price-floor.ts";
import { pricingRule } from "./products.server.ts";

export const CATALOG_PAGE_SIZE = 50;

export type Product = typeof products.$inferSelect;

/** A typed fragment as a LIKE pattern that matches it literally. */
const literal = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The back office's list: by name or SKU (a part of either), 50 a page, by name. */
export async function searchProducts(db: Database, q: string, page: number) {
  const where = q ? or(ilike(products.name, `%${literal(q)}%`), ilike(products.sku, `%${literal(q)}%`)) : undefined;
  const [[total], rows] = await Promise.all([
    db.select({ count: count() }).from(products).where(where),
    db
      .select({
        sku: products.sku,
        name: products.name,
        metal: products.metal,
        stock: products.stock,
        lowStockThreshold: products.lowStockThreshold,
        status: products.status,
        pricing: products.pricing,
        premiumPercent: products.premiumPercent,
        fixedPrice: products.fixedPrice,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(CATALOG_PAGE_SIZE)
      .offset((page - 1) * CATALOG_PAGE_SIZE),
  ]);
  const found = total?.count ?? 0;
  return { rows, total: found, page, pageCount: Math.max(1, Math.ceil(found / CATALOG_PAGE_SIZE)) };
}

export async function findProductBySku(db: Database, sku: string): Promise<Product | undefined> {
  const [row] = await db.select().from(products).where(eq(products.sku, sku)).limit(1);
  return row;
}

/** The product's version as a form carries it: its last change, to the millisecond. */
export const versionOf = (product: Pick<Product, "updatedAt">) => product.updatedAt.toISOString();

export type VatChoice = "auto" | "exempt" | "vat";
export const vatChoiceOf = (product: Pick<Product, "vatOverride">): VatChoice =>
  product.vatOverride === null ? "auto" : product.vatOverride === "exempt" ? "exempt" : "vat";

export type StaffEditResult =
  | { ok: true; product: Product; changed: string[] }
  | { ok: false; kind: "missing" }
  | { ok: false; kind: "conflict"; product: Product }
  | { ok: false; kind: "invalid"; errors: ImportIssue[] }
  | { ok: false; kind: "below-floor"; warnings: string[] };

/**
 * The price floor of a save: today's rates, and whether staff confirmed a price under the metal
 * or the buy-back price. Without rates (no quotes yet) a price that follows the metal cannot be
 * measured, and only a fixed price is.
 */
export type FloorCheck = { rates: MetalRates | null; confirmed: boolean };

/** Fields that move a coin's price or its floor: a save changing none of them is not asked again. */
const priceFields = new Set(["pricing", "premiumPercent", "fixedPremium", "fixedPrice", "buybackDiscountPercent", "vatOverride", "pureGrams", "metal"]);

/** Why the coin as saved sells under its floor, in staff's words; none when it does not. */
export function priceFloorWarnings(product: Product, rates: MetalRates | null): string[] {
  const rule = pricingRule(product);
  if (!rates && rule.kind === "metal") return [];
  const vat = vatTreatment(product);
  return priceFloorIssues({ ...product, rule, vat }, rates ?? { gold: 0, silver: 0 }, new Date()).map((issue) => priceFloorText(issue, vat));
}

/** Thrown inside the save's transaction to undo it when the price needs staff's confirmation. */
class BelowFloor extends Error {
  readonly warnings: string[];
  constructor(warnings: string[]) {
    super("price below its floor");
    this.warnings = warnings;
  }
}

/** Fields the audit row leaves out: the database's own. */
const unaudited = new Set(["id", "createdAt", "updatedAt", "search"]);

function differences(before: Product, after: Product) {
  const changed: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof Product>) {
    if (unaudited.has(key)) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed.push(key);
    was[key] = before[key];
    now[key] = after[key];
  }
  return { changed, was, now };
}

/**
 * Changes one coin as a member of staff: `values` are import fields as typed (validated by the
 * import's rules, a one-row import), `vat` the operator's override (setVatOverride). Refused
 * when the coin changed since the form was shown (`version`). The audit row holds the fields
 * before and after; nothing is written when any part is refused.
 */
export async function editProductAsStaff(
  db: Database,
  actor: StaffActor,
  sku: string,
  version: string,
  values: Record<string, unknown>,
  vat?: VatChoice,
  floor?: FloorCheck,
): Promise<StaffEditResult> {
  const result: StaffEditResult = await db
    .transaction(async (tx) => {
      const [before] = await tx.select().from(products).where(eq(products.sku, sku)).for("update");
      if (!before) return { ok: false as const, kind: "missing" as const };
      if (versionOf(before) !== version) return { ok: false as const, kind: "conflict" as const, product: before };
      const imported = await importProducts(tx, [{ row: 1, values: { ...values, sku } }]);
      if (!imported.ok) return { ok: false as const, kind: "invalid" as const, errors: imported.errors };
      if (vat && vat !== vatChoiceOf(before)) await setVatOverride(tx, sku, vat);
      const [after] = await tx.select().from(products).where(eq(products.sku, sku));
      const { changed, was, now } = differences(before, after!);
      if (floor && !floor.confirmed && changed.some((field) => priceFields.has(field))) {
        const warnings = priceFloorWarnings(after!, floor.rates);
        if (warnings.length > 0) throw new BelowFloor(warnings);
      }
      if (changed.length > 0) await writeAudit(tx, actor, { action: "catalog.edit", entity: `product:${sku}`, before: was, after: now });
      return { ok: true as const, product: after!, changed };
    })
    .catch((error: unknown) => {
      if (error instanceof BelowFloor) return { ok: false as const, kind: "below-floor" as const, warnings: error.warnings };
      throw error;
    });
  // This process's own cached reads, after the commit (other instances heard the NOTIFY).
  if (result.ok) invalidateReads("catalog");
  return result;
}

/**
 * One coin changed by an operator's command (premium, VAT): undone when the coin would then
 * sell under its floor and the operator did not confirm it, as the editor's save is.
 */
export async function changeCoinWithinFloor<T>(
  db: Database,
  sku: string,
  floor: FloorCheck,
  change: (db: Database) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; warnings: string[] }> {
  return db
    .transaction(async (tx) => {
      const value = await change(tx);
      const [after] = await tx.select().from(products).where(eq(products.sku, sku.trim()));
      const warnings = after && !floor.confirmed ? priceFloorWarnings(after, floor.rates) : [];
      if (warnings.length > 0) throw new BelowFloor(warnings);
      return { ok: true as const, value };
    })
    .catch((error: unknown) => {
      if (error instanceof BelowFloor) return { ok: false as const, warnings: error.warnings };
      throw error;
    });
}

export type CatalogFileResult =
  { ok: true; created: number; updated: number } | { ok: false; errors: ImportIssue[] } | { ok: false; kind: "below-floor"; warnings: string[] };

/**
 * Why coins a file import created or repriced would sell under their floor, one line a coin
 * ("SKU «name»: …"); coins whose price the file left as it was are not asked about again.
 */
async function importFloorWarnings(db: Database, before: Map<string, Product>, skus: string[], rates: MetalRates | null): Promise<string[]> {
  if (skus.length === 0) return [];
  const after = await db.select().from(products).where(inArray(products.sku, skus));
  return after.flatMap((product) => {
    const was = before.get(product.sku);
    const repriced = !was || [...priceFields].some((field) => JSON.stringify(was[field as keyof Product]) !== JSON.stringify(product[field as keyof Product]));
    if (!repriced) return [];
    const warnings = priceFloorWarnings(product, rates);
    return warnings.length > 0 ? [`${product.sku} «${product.name}»: ${warnings.join("; ")}`] : [];
  });
}

/**
 * The whole catalogue file (JSON or CSV) from the back office: the CLI's import, audited in its
 * transaction. With `floor`, a file that would sell a coin under its metal value or buy-back price
 * is undone unless staff confirmed it, as a single coin's save is.
 */
export async function importCatalogAsStaff(db: Database, actor: StaffActor, text: string, fileName: string, floor?: FloorCheck): Promise<CatalogFileResult> {
  const result = await db
    .transaction(async (tx) => {
      const before = floor && !floor.confirmed ? new Map((await tx.select().from(products)).map((row) => [row.sku, row])) : undefined;
      const imported = await importProductFile(tx, text, fileName);
      if (!imported.ok) return imported;
      if (before) {
        const warnings = await importFloorWarnings(tx, before, imported.skus, floor!.rates);
        if (warnings.length > 0) throw new BelowFloor(warnings);
      }
      await writeAudit(tx, actor, {
        action: "catalog.import",
        entity: "catalog",
        before: null,
        after: { file: fileName.slice(0, 200), created: imported.created, updated: imported.updated, skus: imported.skus.slice(0, 500) },
      });
      return imported;
    })
    .catch((error: unknown) => {
      if (error instanceof BelowFloor) return { ok: false as const, kind: "below-floor" as const, warnings: error.warnings };
      throw error;
    });
  if (result.ok) invalidateReads("catalog");
  if (!result.ok) return "kind" in result ? result : { ok: false, errors: result.errors };
  return { ok: true, created: result.created, updated: result.updated };
}

// ---------------------------------------------------------------------------------------
// Pictures

export type PictureResult = StaffEditResult | { ok: false; kind: "picture"; message: string };

/**
 * Stores an uploaded picture with the product pictures ($DATA_DIR/images/products/uploads) and adds it
 * to the coin's pictures through the same edit (import rules, version check, audit). The file is
 * checked by its bytes (type) and decoded (size in pixels) before anything is written; if the
 * edit is refused, the file is removed again.
 */
export async function addPictureAsStaff(
  db: Database,
  actor: StaffActor,
  options: { sku: string; version: string; bytes: Uint8Array; imagesDir: string; maxBytes: number; alt: string },
): Promise<PictureResult> {
  const { bytes } = options;
  if (bytes.length === 0) return { ok: false, kind: "picture", message: pictureTexts.none };
  if (bytes.length > options.maxBytes) return { ok: false, kind: "picture", message: pictureTexts.tooLarge(options.maxBytes) };
  const type = pictureTypeOf(bytes);
  if (!type) return { ok: false, kind: "picture", message: pictureTexts.wrongType };
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only: nothing is decoded, so a huge picture is measured without being drawn.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.height;
  } catch {
    return { ok: false, kind: "picture", message: pictureTexts.broken };
  }
  if (!width || !height) return { ok: false, kind: "picture", message: pictureTexts.broken };
  if (width > MAX_PICTURE_SIDE || height > MAX_PICTURE_SIDE) return { ok: false, kind: "picture", message: pictureTexts.tooManyPixels(width, height) };
  const product = await findProductBySku(db, options.sku);
  if (!product) return { ok: false, kind: "missing" };
  if (product.images.length >= 20) return { ok: false, kind: "picture", message: pictureTexts.tooMany };

  const src = `products/uploads/${product.slug}-${randomBytes(6).toString("hex")}.${type.ext}`;
  const file = path.join(path.resolve(options.imagesDir), src);
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
  const image: ProductImage = { src, alt: options.alt.slice(0, 300), width, height };
  const result = await editProductAsStaff(db, actor, options.sku, options.version, { images: [...product.images, image] }).catch(async (error: unknown) => {
    await rm(file, { force: true });
    throw error;
  });
  if (!result.ok) await rm(file, { force: true });
  return result;
}

/** Takes one picture off the coin (the file stays: an order's lines may still show it). */
export async function removePictureAsStaff(db: Database, actor: StaffActor, sku: string, version: string, src: string): Promise<StaffEditResult> {
  const product = await findProductBySku(db, sku);
  if (!product) return { ok: false, kind: "missing" };
  return editProductAsStaff(db, actor, sku, version, { images: product.images.filter((image) => image.src !== src) });
}
