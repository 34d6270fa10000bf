import { inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { catalogSections, exchangeGroups, exchangeNewGoods, type NewGoodFields, products } from "../db/schema.ts";
import type { Outcome } from "../shared/failure.ts";
import { changedReads } from "../db/read-changes.server.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { type CatalogGood, decodeXml, type ImportFile, type OffersFile, readImportFile, readOffersFile } from "./commerceml.server.ts";
import { baseNameOf, isZipName } from "./file-names.ts";
import { logCommandImport } from "./log.server.ts";
import { EXCHANGE_ZIP_LIMITS } from "./sessions.server.ts";
import { unpackZip } from "./unzip.server.ts";
import { type ExchangeSettings, readExchangeSettings } from "./settings.server.ts";
import { fieldsFromProperties, fieldsFromSection } from "./new-goods.ts";

export type ImportCounts = { created: number; updated: number; unchanged: number; refused: number };
export type CatalogImportResult = Outcome<{ counts: ImportCounts; notes: string[] }>;

/** At most this many notes (goods not found, prices ignored) go to the log per file. */
const MAX_NOTES = 20;

/** Which CommerceML file a name is: import*.xml (goods), offers*.xml, or the 2.08+ split prices*.xml and rests*.xml. */
export function catalogFileKind(name: string): "import" | "offers" | undefined {
  const base = baseNameOf(name);
  if (!base.endsWith(".xml")) return undefined;
  if (base.startsWith("import")) return "import";
  if (base.startsWith("offers") || base.startsWith("prices") || base.startsWith("rests")) return "offers";
  return undefined;
}

/**
 * Imports one catalogue file from 1C, all of it or nothing (one transaction): goods matched by
 * their Ид, a coin without one matched once by its SKU (Артикул) and given the Ид; stock and
 * fixed prices from offers. The same file twice changes nothing the second time. Audited as
 * the exchange; the catalogue's readers are told on every instance.
 */
export async function importCatalogFile(db: Database, actor: StaffActor, name: string, bytes: Buffer): Promise<CatalogImportResult> {
  const kind = catalogFileKind(name);
  if (!kind) return { ok: false, reason: `Файл ${name} не является файлом каталога CommerceML (import.xml, offers.xml, prices.xml, rests.xml)` };
  const decoded = decodeXml(bytes);
  if (!decoded.ok) return { ok: false, reason: `${name}: ${decoded.reason}` };
  const read = kind === "import" ? readImportFile(decoded.text) : readOffersFile(decoded.text);
  if (!read.ok) return { ok: false, reason: `${name}: ${read.reason}` };
  const settings = await readExchangeSettings(db);
  const result = await db.transaction(async (tx) => {
    const applied = read.file.kind === "import" ? await applyImport(tx, read.file, settings) : await applyOffers(tx, read.file, settings);
    if (!applied.ok) return applied;
    await writeAudit(tx, actor, {
      action: "exchange.import",
      entity: `exchange:${kind}`,
      after: { file: name.slice(0, 200), ...applied.counts, skus: applied.changedSkus.slice(0, 500) },
    });
    return applied;
  });
  if (!result.ok) return result;
  if (result.changedSkus.length > 0) await changedReads(db, "catalog");
  return { ok: true, counts: result.counts, notes: result.notes.slice(0, MAX_NOTES) };
}

type Applied = Outcome<{ counts: ImportCounts; notes: string[]; changedSkus: string[] }>;
type Product = typeof products.$inferSelect;

/** The coins the goods of a file name: by Ид, and by SKU for the Артикулы of goods no coin has the Ид of yet. */
async function matchProducts(db: Database, ids: string[], articles: string[]): Promise<{ byId: Map<string, Product>; bySku: Map<string, Product> }> {
  const rows =
    ids.length + articles.length === 0
      ? []
      : await db
          .select()
          .from(products)
          .where(or(ids.length > 0 ? inArray(products.exchangeId, ids) : undefined, articles.length > 0 ? inArray(products.sku, articles) : undefined))
          .for("update");
  return {
    byId: new Map(rows.filter((row) => row.exchangeId).map((row) => [row.exchangeId!, row])),
    bySku: new Map(rows.map((row) => [row.sku, row])),
  };
}

async function applyImport(db: Database, file: ImportFile, settings: ExchangeSettings): Promise<Applied> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  const notes: string[] = [];
  const changedSkus: string[] = [];
  const { byId, bySku } = await matchProducts(
    db,
    file.goods.map((good) => good.id),
    file.goods.flatMap((good) => (good.article ? [good.article] : [])),
  );
  const pending: ProductChange[] = [];
  const newGoods: CatalogGood[] = [];
  const deletedNewGoods: string[] = [];
  // Which good of 1C each coin is tied to, as this file goes on.
  const linked = new Map([...byId.values()].map((row) => [row.id, row.exchangeId!]));
  for (const good of file.goods) {
    const product = byId.get(good.id) ?? linkableBySku(good, bySku, linked);
    if (!product) {
      const taken = good.article ? bySku.get(good.article) : undefined;
      if (good.deleted) {
        deletedNewGoods.push(good.id);
        counts.unchanged++;
      } else if (taken) {
        counts.refused++;
        notes.push(`Товар ${good.id} «${good.name}»: артикул ${good.article} уже связан с другим товаром 1С (${taken.exchangeId})`);
      } else newGoods.push(good);
      continue;
    }
    if (good.deleted) {
      // Taking a coin off sale is the staff's decision: the log says 1C deleted it.
      counts.unchanged++;
      notes.push(`Товар ${good.id} (${product.sku}) помечен в 1С удалённым: снимите его с продажи в каталоге, если нужно`);
      continue;
    }
    const changes: Partial<Product> = {};
    if (product.exchangeId !== good.id) changes.exchangeId = good.id;
    if (settings.ownsTexts) {
      if (good.name !== product.name) changes.name = good.name;
      if (good.description && good.description !== product.description) changes.description = good.description;
    }
    if (Object.keys(changes).length === 0) {
      counts.unchanged++;
      continue;
    }
    pending.push({ id: product.id, ...changes });
    byId.set(good.id, { ...product, ...changes });
    linked.set(product.id, good.id);
    counts.updated++;
    changedSkus.push(product.sku);
  }
  await updateProducts(db, pending);
  // A good staff made a coin for by its Артикул is no longer a new one.
  const tiedNow = pending.flatMap((change) => (change.exchangeId ? [change.exchangeId] : []));
  if (tiedNow.length > 0) await db.delete(exchangeNewGoods).where(inArray(exchangeNewGoods.exchangeId, tiedNow));
  await saveGroups(db, file.groups);
  const drafts = await saveNewGoods(db, newGoods, deletedNewGoods);
  counts.created += drafts.created;
  counts.updated += drafts.updated;
  counts.unchanged += drafts.unchanged;
  if (drafts.created > 0)
    notes.push(`Новых товаров из 1С: ${drafts.created}. Они не показываются на сайте, пока их не дополнят и не опубликуют («Новые из 1С» в каталоге)`);
  return { ok: true, counts, notes, changedSkus };
}

/** 1C's groups as this file gives them: names and parents brought up to date, the owner's mapping kept. */
async function saveGroups(db: Database, groups: ImportFile["groups"]): Promise<void> {
  for (let start = 0; start < groups.length; start += 500) {
    const rows = groups.slice(start, start + 500).map((group) => ({ id: group.id.slice(0, 200), name: group.name.slice(0, 300), parentId: group.parentId }));
    await db
      .insert(exchangeGroups)
      .values(rows)
      .onConflictDoUpdate({ target: exchangeGroups.id, set: { name: sql`excluded.name`, parentId: sql`excluded.parent_id`, seenAt: sql`now()` } });
  }
}

/**
 * Goods no coin is tied to, kept as new goods for staff to complete (decision 053): one row per Ид,
 * so the same file twice adds nothing; what 1C gives (name, Артикул, description, groups, properties,
 * the mapped section's values) brought up to date. A good 1C deleted is dropped from them.
 */
async function saveNewGoods(db: Database, goods: CatalogGood[], deleted: string[]): Promise<{ created: number; updated: number; unchanged: number }> {
  const result = { created: 0, updated: 0, unchanged: 0 };
  if (deleted.length > 0) await db.delete(exchangeNewGoods).where(inArray(exchangeNewGoods.exchangeId, deleted));
  if (goods.length === 0) return result;
  const sectionFields = await groupSectionFields(db, [...new Set(goods.flatMap((good) => good.groupIds))]);
  const existing = new Map(
    (
      await db
        .select()
        .from(exchangeNewGoods)
        .where(
          inArray(
            exchangeNewGoods.exchangeId,
            goods.map((good) => good.id),
          ),
        )
        .for("update")
    ).map((row) => [row.exchangeId, row]),
  );
  const changed: Array<typeof exchangeNewGoods.$inferInsert> = [];
  for (const good of goods) {
    const fromGroup = good.groupIds.map((id) => sectionFields.get(id)).find((fields) => fields !== undefined) ?? {};
    const row = {
      exchangeId: good.id,
      article: good.article.slice(0, 100),
      name: good.name.slice(0, 300),
      description: good.description.slice(0, 10_000),
      groupIds: good.groupIds.slice(0, 20),
      fields: { ...fromGroup, ...fieldsFromProperties(good.properties) } satisfies NewGoodFields,
    };
    const before = existing.get(good.id);
    if (!before) result.created++;
    else if (
      before.article === row.article &&
      before.name === row.name &&
      before.description === row.description &&
      JSON.stringify(before.groupIds) === JSON.stringify(row.groupIds) &&
      JSON.stringify(sortKeys(before.fields)) === JSON.stringify(sortKeys(row.fields))
    ) {
      result.unchanged++;
      continue;
    } else result.updated++;
    changed.push(row);
    existing.set(good.id, { ...before!, ...row } as typeof exchangeNewGoods.$inferSelect);
  }
  for (let start = 0; start < changed.length; start += 500) {
    await db
      .insert(exchangeNewGoods)
      .values(changed.slice(start, start + 500))
      .onConflictDoUpdate({
        target: exchangeNewGoods.exchangeId,
        set: {
          article: sql`excluded.article`,
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          groupIds: sql`excluded.group_ids`,
          fields: sql`excluded.fields`,
          lastSeenAt: sql`now()`,
        },
      });
  }
  return result;
}

const sortKeys = (value: object) => Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

/** The coin fields of each mapped group's section (its saved filter), by the group's Ид. */
async function groupSectionFields(db: Database, groupIds: string[]): Promise<Map<string, NewGoodFields>> {
  if (groupIds.length === 0) return new Map();
  const mapped = await db
    .select({ id: exchangeGroups.id, filter: catalogSections.filter })
    .from(exchangeGroups)
    .innerJoin(catalogSections, sql`${catalogSections.path} = ${exchangeGroups.sectionPath}`)
    .where(inArray(exchangeGroups.id, groupIds));
  if (mapped.length === 0) return new Map();
  const slugs = [...new Set(mapped.flatMap((row) => (typeof row.filter.series === "string" ? [row.filter.series] : [])))];
  const series =
    slugs.length === 0
      ? []
      : await db
          .selectDistinctOn([products.seriesSlug], { slug: products.seriesSlug, name: products.series })
          .from(products)
          .where(inArray(products.seriesSlug, slugs));
  const seriesNames = new Map(series.map((row) => [row.slug, row.name]));
  return new Map(mapped.map((row) => [row.id, fieldsFromSection(row.filter, seriesNames)]));
}

/** A coin with this good's Артикул as its SKU that is not tied to another good of 1C yet. */
function linkableBySku(good: CatalogGood, bySku: Map<string, Product>, linked: Map<number, string>): Product | undefined {
  const product = good.article ? bySku.get(good.article) : undefined;
  if (!product) return undefined;
  const tiedTo = linked.get(product.id) ?? product.exchangeId;
  return tiedTo && tiedTo !== good.id ? undefined : product;
}

type ProductChange = { id: number } & Partial<Pick<Product, "exchangeId" | "name" | "description" | "stock" | "fixedPrice">>;

/**
 * Writes the coins' changes a few hundred rows a statement (one UPDATE … FROM VALUES): a catalogue
 * of thousands changed row by row kept 1C waiting for most of its time limit. A column a coin does
 * not change keeps its value (coalesce; none of these is ever set back to null by an import).
 */
async function updateProducts(db: Database, changes: ProductChange[]): Promise<void> {
  for (let start = 0; start < changes.length; start += 500) {
    const rows = changes
      .slice(start, start + 500)
      .map(
        (change) =>
          sql`(${change.id}::int, ${change.exchangeId ?? null}::text, ${change.name ?? null}::text, ${change.description ?? null}::text, ${change.stock ?? null}::int, ${change.fixedPrice ?? null}::numeric)`,
      );
    await db.execute(sql`
      update ${products} set
        exchange_id = coalesce(v.exchange_id, ${products.exchangeId}),
        name = coalesce(v.name, ${products.name}),
        description = coalesce(v.description, ${products.description}),
        stock = coalesce(v.stock, ${products.stock}),
        fixed_price = coalesce(v.fixed_price, ${products.fixedPrice}),
        updated_at = now()
      from (values ${sql.join(rows, sql`, `)}) as v(id, exchange_id, name, description, stock, fixed_price)
      where ${products.id} = v.id`);
  }
}

const roubles = /^(?:RUB|руб\.?|643|₽)$/i;

async function applyOffers(db: Database, file: OffersFile, settings: ExchangeSettings): Promise<Applied> {
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  const notes: string[] = [];
  const changedSkus: string[] = [];
  const priceTypeId = settings.priceTypeId ?? file.priceTypes[0]?.id ?? null;

  // A good's variants (Ид "good#variant") are one coin: their stock is added up.
  const byGood = new Map<string, { quantity: number | null; price: number | null; line: number }>();
  for (const offer of file.offers) {
    const quantity =
      settings.warehouseId && offer.warehouses.length > 0
        ? (offer.warehouses.find((store) => store.id === settings.warehouseId)?.quantity ?? 0)
        : offer.quantity;
    const chosen = offer.prices.find((price) => priceTypeId === null || price.priceTypeId === priceTypeId);
    if (chosen && !roubles.test(chosen.currency))
      return { ok: false, reason: `Предложение ${offer.id} (строка ${offer.line}): цена в валюте ${chosen.currency}, сайт принимает только рубли` };
    const entry = byGood.get(offer.goodId) ?? { quantity: null, price: null, line: offer.line };
    if (quantity !== null) entry.quantity = (entry.quantity ?? 0) + quantity;
    entry.price ??= chosen?.value ?? null;
    byGood.set(offer.goodId, entry);
  }

  const { byId } = await matchProducts(db, [...byGood.keys()], []);
  const unmatched = [...byGood.keys()].filter((goodId) => !byId.has(goodId));
  const drafts = new Map(
    unmatched.length === 0
      ? []
      : (
          await db
            .select({ exchangeId: exchangeNewGoods.exchangeId, stock: exchangeNewGoods.stock, price: exchangeNewGoods.price })
            .from(exchangeNewGoods)
            .where(inArray(exchangeNewGoods.exchangeId, unmatched))
            .for("update")
        ).map((row) => [row.exchangeId, row]),
  );
  const pending: ProductChange[] = [];
  const draftChanges: Array<{ exchangeId: string; stock: number | null; price: number | null }> = [];
  let pricesIgnored = 0;
  for (const [goodId, offer] of byGood) {
    const product = byId.get(goodId);
    const draft = product ? undefined : drafts.get(goodId);
    if (draft) {
      // A new good not yet published keeps 1C's stock and price for when it is (decision 053).
      const stock = offer.quantity === null ? draft.stock : Math.max(0, Math.floor(offer.quantity));
      const price = offer.price === null ? draft.price : Math.round(offer.price * 100) / 100;
      if (stock === draft.stock && price === draft.price) counts.unchanged++;
      else {
        counts.updated++;
        draftChanges.push({ exchangeId: goodId, stock, price });
      }
      continue;
    }
    if (!product) {
      counts.refused++;
      notes.push(`Предложение ${goodId}: товар не найден в каталоге (загрузите import.xml или свяжите монету по артикулу)`);
      continue;
    }
    const changes: Partial<Product> = {};
    if (offer.quantity !== null) {
      const stock = Math.max(0, Math.floor(offer.quantity));
      if (stock !== product.stock) changes.stock = stock;
    }
    if (offer.price !== null) {
      if (product.pricing === "fixed") {
        const price = Math.round(offer.price * 100) / 100;
        if (price !== product.fixedPrice) changes.fixedPrice = price;
      } else {
        // Metal-linked prices follow the quotes; 1C's figure would freeze them.
        pricesIgnored++;
      }
    }
    if (Object.keys(changes).length === 0) {
      counts.unchanged++;
      continue;
    }
    pending.push({ id: product.id, ...changes });
    counts.updated++;
    changedSkus.push(product.sku);
  }
  await updateProducts(db, pending);
  // A few hundred waiting goods a statement, as updateProducts does for coins.
  for (let start = 0; start < draftChanges.length; start += 500) {
    const rows = draftChanges.slice(start, start + 500).map((change) => sql`(${change.exchangeId}::text, ${change.stock}::int, ${change.price}::numeric)`);
    await db.execute(sql`
      update ${exchangeNewGoods} set stock = v.stock, price = v.price, last_seen_at = now()
      from (values ${sql.join(rows, sql`, `)}) as v(exchange_id, stock, price)
      where ${exchangeNewGoods.exchangeId} = v.exchange_id`);
  }
  if (pricesIgnored > 0) notes.unshift(`Цены из 1С не применены к ${pricesIgnored} монетам с ценой по котировкам металла: их цена следует котировкам`);
  return { ok: true, counts, notes, changedSkus };
}

/**
 * Imports catalogue files given by the operator (`npm run exchange -- import FILE…`): zip archives
 * unpacked within the exchange's limits, import files before offers files, each file all or
 * nothing; stops at the first refused file. One log row, as an exchange.
 */
export async function importCatalogFiles(
  db: Database,
  actor: StaffActor,
  given: Array<{ name: string; bytes: Buffer }>,
  now = new Date(),
): Promise<Outcome<{ counts: ImportCounts; notes: string[]; files: string[] }>> {
  const files: Array<{ name: string; bytes: Buffer }> = [];
  for (const file of given) {
    if (!isZipName(file.name)) {
      files.push(file);
      continue;
    }
    const unpacked = await unpackZip(file.bytes, EXCHANGE_ZIP_LIMITS);
    if (!unpacked.ok) return { ok: false, reason: `${file.name}: ${unpacked.reason}` };
    files.push(...unpacked.files.filter((entry) => catalogFileKind(entry.name)).map((entry) => ({ name: entry.name, bytes: entry.content })));
  }
  const order = (name: string) => (catalogFileKind(name) === "import" ? 0 : 1);
  files.sort((a, b) => order(a.name) - order(b.name));
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  const notes: string[] = [];
  const done: string[] = [];
  let refusal: string | undefined;
  for (const file of files) {
    const result = await importCatalogFile(db, actor, file.name, file.bytes);
    if (!result.ok) {
      refusal = result.reason;
      break;
    }
    done.push(file.name);
    for (const key of Object.keys(counts) as Array<keyof ImportCounts>) counts[key] += result.counts[key];
    notes.push(...result.notes);
  }
  await logCommandImport(
    db,
    { files: files.map((file) => file.name), outcome: refusal ? "failure" : "success", counts, errors: [...notes, ...(refusal ? [refusal] : [])] },
    now,
  );
  if (refusal) return { ok: false, reason: done.length > 0 ? `${refusal} (уже загружены: ${done.join(", ")})` : refusal };
  return { ok: true, counts, notes, files: done };
}
