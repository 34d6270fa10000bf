/**
 * The operator's catalogue commands (npm run catalog): import a JSON or CSV file of
 * products, export the catalogue as JSON, set a coin's stock or premium.
 *
 * Import rules:
 * - JSON: an array of objects; CSV: a header row of field names, `;` or `,` between
 *   fields, "quoted" fields with "" for a quote and line breaks inside. Field names are
 *   the schema's (sku, name, pureGrams, …); id, createdAt, updatedAt are ignored.
 * - A row creates the product with its SKU, or updates the product that has it. An
 *   update changes only the fields the row has: leave out a column (key) to keep a value.
 * - An empty value (empty cell, "", null) means: null for a field that may be empty
 *   (mint, fixedPrice…), the default for a field that has one (stock 0, status active…),
 *   and an error for a required field (name, metal, pureGrams…).
 * - Every row is checked before anything is written; one bad row and nothing is imported.
 *   Rows are numbered as the operator sees them: the line of a CSV file (the header is
 *   line 1), the position of an object in a JSON array (from 1).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { parseTiers } from "../pricing/discounts.ts";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { products, type ProductImage } from "../db/schema.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { announceReadsChanged, changedReads } from "../db/read-changes.server.ts";
import { canonicalMint } from "./mints.ts";
import { metals } from "../db/column-values.ts";

type ProductInsert = typeof products.$inferInsert;

/** One problem in a file: its row (0 for the file as a whole), the field (or "a, b" fields) to blame. */
export type ImportIssue = { row: number; field?: string; message: string };

export type ImportResult = { ok: true; created: number; updated: number; skus: string[] } | { ok: false; errors: ImportIssue[] };

/** A row as read from the file, before validation. */
export type RawProductRow = { row: number; values: Record<string, unknown> };

/** "Строка 3, поле pureGrams: должно быть положительным числом". */
export function formatIssue(issue: ImportIssue): string {
  const where = issue.row > 0 ? `Строка ${issue.row}` : "Файл";
  if (!issue.field) return `${where}: ${issue.message}`;
  return `${where}, ${issue.field.includes(", ") ? "поля" : "поле"} ${issue.field}: ${issue.message}`;
}

/** A command the operator gave that cannot be done (unknown SKU, a bad value); the message says why. */
export class CatalogCommandError extends Error {
  override name = "CatalogCommandError";
}

// ---------------------------------------------------------------------------------------
// Fields

/** "7,78", " 10 000 ", "+5" → numbers, as people type them in a spreadsheet; anything else stays as typed. */
function numberLike(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const compact = value.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  return /^[-+]?\d+(\.\d+)?$/.test(compact) ? Number(compact) : value;
}

const textLike = (value: unknown) => (typeof value === "number" ? String(value) : value);

const text = (max: number) => z.preprocess(textLike, z.string({ error: "должно быть строкой" }).trim().max(max, `не длиннее ${max} символов`));

const numberIn = (message: string, check: (value: number) => boolean) => z.preprocess(numberLike, z.number({ error: message }).refine(check, message));

const positive = (max: number) =>
  z.preprocess(
    numberLike,
    z
      .number({ error: "должно быть положительным числом" })
      .positive("должно быть положительным числом")
      .lt(max, `должно быть меньше ${max.toLocaleString("ru-RU")}`),
  );

const wholeNumber = numberIn("должно быть целым числом не меньше 0", (value) => Number.isInteger(value) && value >= 0 && value <= 2_000_000_000);

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (typeof value === "string" ? value.trim() : value), z.enum(values, { error: `допустимые значения: ${values.join(", ")}` }));

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = text(120).refine((value) => slugPattern.test(value), "только строчные латинские буквы, цифры и дефисы между ними");

const imagesMessage = 'должно быть списком картинок [{"src", "alt", "width", "height"}]';
const images = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(
      z.object({
        src: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .refine((src) => !src.split("/").includes(".."), "путь картинки без «..»"),
        alt: z.string().max(300),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      }),
      { error: imagesMessage },
    )
    .max(20, "не больше 20 картинок"),
);

/**
 * Every field an import may set, in the order of the schema (and of an export).
 * `empty`: what an empty value means: required (an error), null, or the default.
 */
const fieldRules = {
  slug: { schema: slug, empty: "required" },
  sku: {
    schema: text(40).refine((value) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value), "латинские буквы, цифры, точка, дефис и подчёркивание"),
    empty: "required",
  },
  name: { schema: text(300), empty: "required" },
  metal: { schema: choice(metals), empty: "required" },
  kind: { schema: choice(["investment", "commemorative"]), empty: "required" },
  series: { schema: text(200), empty: "" },
  seriesSlug: { schema: slug, empty: "" },
  collection: { schema: slug, empty: null },
  denomination: { schema: text(100), empty: "required" },
  denominationRub: { schema: wholeNumber, empty: null },
  country: { schema: text(100), empty: "required" },
  issuer: { schema: text(200), empty: "required" },
  // Aliases ('СПМД', 'ЛМД/ММД') become the one canonical name: an import cannot add a second filter entry for a mint.
  mint: { schema: text(200).transform((value) => canonicalMint(value)), empty: null },
  years: { schema: text(100), empty: "" },
  fineness: { schema: numberIn("должно быть числом больше 0 и не больше 1000", (value) => value > 0 && value <= 1000), empty: "required" },
  totalGrams: { schema: positive(10_000_000), empty: "required" },
  pureGrams: { schema: positive(10_000_000), empty: "required" },
  diameterMm: { schema: positive(10_000), empty: null },
  quality: { schema: text(100), empty: null },
  mintage: { schema: wholeNumber, empty: null },
  packaging: { schema: text(200), empty: null },
  certificate: { schema: text(200), empty: null },
  description: { schema: text(10_000), empty: "" },
  images: { schema: images, empty: [] as ProductImage[] },
  stock: { schema: wholeNumber, empty: 0 },
  /** The most pieces of the coin one order may hold; empty: MAX_PIECES_PER_COIN. */
  maxPerOrder: {
    schema: numberIn("должно быть целым числом от 1 (или пусто: общий предел)", (value) => Number.isInteger(value) && value >= 1 && value <= 100_000),
    empty: null,
  },
  /** The dashboard warns at this stock or less; empty: no warning for the coin. */
  lowStockThreshold: { schema: wholeNumber, empty: null },
  pricing: { schema: choice(["metal", "fixed"]), empty: "metal" },
  // Below −50 % a coin would sell for less than half its metal: never meant, even confirmed.
  premiumPercent: { schema: numberIn("должно быть числом от -50 до 1000", (value) => value >= -50 && value <= 1000), empty: 0 },
  fixedPremium: { schema: numberIn("должно быть числом от 0 до 10 000 000", (value) => value >= 0 && value <= 10_000_000), empty: 0 },
  fixedPrice: { schema: positive(10_000_000_000), empty: null },
  buybackDiscountPercent: { schema: numberIn("должно быть числом от 0 до 100", (value) => value >= 0 && value <= 100), empty: 10 },
  vat: { schema: choice(["exempt", "included"]), empty: "included" },
  status: { schema: choice(["active", "archived"]), empty: "active" },
} satisfies Record<string, { schema: z.ZodType; empty: unknown }>;

export type ProductField = keyof typeof fieldRules;
export const productFields = Object.keys(fieldRules) as ProductField[];

/** Columns of an export that an import skips: the database sets them. */
const ignoredFields = new Set(["id", "createdAt", "updatedAt", "search"]);

const requiredFields = productFields.filter((field) => fieldRules[field].empty === "required");

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** The fields a row sets, validated, or its problems. */
function validateFields(raw: RawProductRow): { values: Partial<ProductInsert>; issues: ImportIssue[] } {
  const values: Record<string, unknown> = {};
  const issues: ImportIssue[] = [];
  for (const [field, value] of Object.entries(raw.values)) {
    if (ignoredFields.has(field)) continue;
    if (!Object.hasOwn(fieldRules, field)) {
      issues.push({ row: raw.row, field, message: `неизвестное поле (известные: ${productFields.join(", ")})` });
      continue;
    }
    const rule = fieldRules[field as ProductField];
    if (isEmpty(value)) {
      if (rule.empty === "required") issues.push({ row: raw.row, field, message: "обязательное поле, не может быть пустым" });
      else values[field] = rule.empty;
      continue;
    }
    const parsed = (rule.schema as z.ZodType).safeParse(value);
    if (parsed.success) values[field] = parsed.data;
    else issues.push({ row: raw.row, field, message: parsed.error.issues[0]?.message ?? "неверное значение" });
  }
  return { values: values as Partial<ProductInsert>, issues };
}

type ExistingProduct = Pick<typeof products.$inferSelect, "id" | "sku" | "slug" | "totalGrams" | "pureGrams" | "pricing" | "fixedPrice">;

type PlannedChange = { kind: "create"; values: ProductInsert } | { kind: "update"; id: number; values: Partial<ProductInsert> };

/** The most rows one import checks or writes before it lets the process answer other requests. */
const ROWS_PER_TURN = 100;

/**
 * Checks every row against the others and the catalogue: the changes to make, or every problem
 * found. A turn of the event loop after every ROWS_PER_TURN rows: a large file does not stop the process.
 */
async function planImport(rows: RawProductRow[], existing: ExistingProduct[]): Promise<{ changes: PlannedChange[]; issues: ImportIssue[] }> {
  const planner = importPlanner(existing);
  for (const [index, raw] of rows.entries()) {
    planner.add(raw);
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
  }
  return planner.result();
}

/** The check of planImport, one row at a time, each against the rows before it. */
function importPlanner(existing: ExistingProduct[]) {
  const bySku = new Map(existing.map((product) => [product.sku, product]));
  const slugOwner = new Map(existing.map((product) => [product.slug, product.sku]));
  const skuRow = new Map<string, number>();
  const slugRow = new Map<string, { row: number; sku: string }>();
  const changes: PlannedChange[] = [];
  const issues: ImportIssue[] = [];
  const result = () => ({ changes, issues: issues.sort((a, b) => a.row - b.row) });

  const add = (raw: RawProductRow): void => {
    const { values, issues: rowIssues } = validateFields(raw);
    issues.push(...rowIssues);
    const sku = values.sku;
    if (sku === undefined) {
      if (!rowIssues.some((issue) => issue.field === "sku"))
        issues.push({ row: raw.row, field: "sku", message: "обязательное поле: по артикулу монета создаётся или обновляется" });
      return;
    }
    const seenAt = skuRow.get(sku);
    if (seenAt !== undefined) {
      issues.push({ row: raw.row, field: "sku", message: `артикул ${sku} уже был в строке ${seenAt}` });
      return;
    }
    skuRow.set(sku, raw.row);

    const current = bySku.get(sku);
    if (!current) {
      const missing = requiredFields.filter((field) => !(field in values) && !rowIssues.some((issue) => issue.field === field));
      if (missing.length > 0) {
        issues.push({
          row: raw.row,
          field: missing.join(", "),
          message: `${missing.length > 1 ? "обязательны" : "обязательно"} для новой монеты (артикула ${sku} в каталоге нет)`,
        });
      }
    }

    if (values.slug !== undefined) {
      const owner = slugOwner.get(values.slug);
      const earlier = slugRow.get(values.slug);
      if (owner !== undefined && owner !== sku) issues.push({ row: raw.row, field: "slug", message: `адрес ${values.slug} уже занят монетой ${owner}` });
      else if (earlier && earlier.sku !== sku) issues.push({ row: raw.row, field: "slug", message: `адрес ${values.slug} уже был в строке ${earlier.row}` });
      slugRow.set(values.slug, { row: raw.row, sku });
    }

    // Rules across fields, on the product as it would be after the import.
    const totalGrams = values.totalGrams ?? current?.totalGrams;
    const pureGrams = values.pureGrams ?? current?.pureGrams;
    if (
      totalGrams !== undefined &&
      pureGrams !== undefined &&
      pureGrams > totalGrams &&
      !rowIssues.some((issue) => issue.field === "pureGrams" || issue.field === "totalGrams")
    ) {
      issues.push({
        row: raw.row,
        field: "pureGrams",
        message: `чистого металла не может быть больше общего веса (${String(totalGrams).replace(".", ",")} г)`,
      });
    }
    const pricing = values.pricing ?? current?.pricing ?? "metal";
    const fixedPrice = "fixedPrice" in values ? values.fixedPrice : current?.fixedPrice;
    if (pricing === "fixed" && (fixedPrice === null || fixedPrice === undefined) && !rowIssues.some((issue) => issue.field === "fixedPrice")) {
      issues.push({ row: raw.row, field: "fixedPrice", message: "нужна цена, когда pricing = fixed" });
    }

    changes.push(current ? { kind: "update", id: current.id, values } : { kind: "create", values: values as ProductInsert });
  };
  return { add, result };
}

/**
 * Creates or updates products by SKU in one transaction, after checking every row;
 * with any problem, nothing is written and all problems come back.
 */
export async function importProducts(db: Database, rows: RawProductRow[], fileIssues: ImportIssue[] = []): Promise<ImportResult> {
  if (rows.length === 0) return { ok: false, errors: fileIssues.length > 0 ? fileIssues : [{ row: 0, message: "в файле нет ни одной монеты" }] };
  const result = await db.transaction(async (tx) => {
    const existing = await tx
      .select({
        id: products.id,
        sku: products.sku,
        slug: products.slug,
        totalGrams: products.totalGrams,
        pureGrams: products.pureGrams,
        pricing: products.pricing,
        fixedPrice: products.fixedPrice,
      })
      .from(products);
    const { changes, issues: rowIssues } = await planImport(rows, existing);
    const issues = [...fileIssues, ...rowIssues].sort((a, b) => a.row - b.row);
    if (issues.length > 0) return { ok: false as const, errors: issues };
    let created = 0;
    let updated = 0;
    for (const [index, change] of changes.entries()) {
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
      if (change.kind === "create") {
        await tx.insert(products).values(change.values);
        created++;
      } else {
        const { sku: _sku, ...values } = change.values;
        await tx
          .update(products)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(products.id, change.id));
        updated++;
      }
    }
    // Running shops hear of it at commit (read-changes.server.ts).
    await announceReadsChanged(tx, "catalog");
    return { ok: true as const, created, updated, skus: changes.map((change) => change.values.sku!) };
  });
  // This process's own cached reads, after the commit: a reader in between would cache the old data again.
  if (result.ok) invalidateReads("catalog");
  return result;
}

// ---------------------------------------------------------------------------------------
// Files

export type ProductFileFormat = "json" | "csv";

/** By the extension; without one that says, by the first character ("[" is JSON). */
export function detectFormat(fileName: string, text: string): ProductFileFormat {
  if (/\.json$/i.test(fileName)) return "json";
  if (/\.(csv|txt)$/i.test(fileName)) return "csv";
  return text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .startsWith("[")
    ? "json"
    : "csv";
}

/** The rows of a file, or why the file as a whole cannot be read. */
export function parseProductFile(text: string, format: ProductFileFormat): { rows: RawProductRow[]; issues: ImportIssue[] } {
  return format === "json" ? parseJsonRows(text) : parseCsvRows(text);
}

function parseJsonRows(text: string): { rows: RawProductRow[]; issues: ImportIssue[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { rows: [], issues: [{ row: 0, message: `не читается как JSON (${(error as Error).message})` }] };
  }
  if (!Array.isArray(data)) return { rows: [], issues: [{ row: 0, message: 'ожидается JSON-массив монет: [{ "sku": …, "name": … }, …]' }] };
  const rows: RawProductRow[] = [];
  const issues: ImportIssue[] = [];
  data.forEach((item: unknown, index) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) issues.push({ row: index + 1, message: "ожидается объект с полями монеты" });
    else rows.push({ row: index + 1, values: item as Record<string, unknown> });
  });
  return { rows, issues };
}

export type CsvRecord = { line: number; fields: string[] };

/** An unquoted field: everything up to the delimiter or the end of the line. */
const plainField = /[^;\r\n]*/y;
const plainCommaField = /[^,\r\n]*/y;

/** Line breaks in a quoted stretch, as the operator's editor counts them (CRLF, LF or a lone CR). */
function countLineBreaks(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/\r\n|\n|\r/g)) count++;
  return count;
}

/**
 * RFC 4180 with the delimiter of the header line (`;` when it has one, else `,`):
 * quoted fields may hold the delimiter, "" and line breaks; CRLF, LF and a BOM are fine.
 * Blank lines are skipped. Each record keeps the line it starts on.
 */
export function parseCsv(text: string): { records: CsvRecord[]; issues: ImportIssue[] } {
  const source = text.replace(/^\uFEFF/, "");
  const firstLine = source.split(/\r\n|\n|\r/, 1)[0] ?? "";
  const delimiter = firstLine.replace(/"[^"]*"/g, "").includes(";") ? ";" : ",";
  const records: CsvRecord[] = [];
  const issues: ImportIssue[] = [];
  let line = 1;
  let index = 0;
  while (index < source.length) {
    const start = line;
    const fields: string[] = [];
    let field = "";
    let ended = false;
    while (!ended) {
      if (source[index] === '"') {
        // A quoted field: up to the closing quote, "" is a quote.
        index++;
        let closed = false;
        // Whole stretches up to the next quote at once (a character at a time took seconds for a large file).
        while (index < source.length) {
          const quote = source.indexOf('"', index);
          const chunk = source.slice(index, quote === -1 ? source.length : quote);
          line += countLineBreaks(chunk);
          field += chunk;
          if (quote === -1) {
            index = source.length;
            break;
          }
          if (source[quote + 1] === '"') {
            field += '"';
            index = quote + 2;
            continue;
          }
          index = quote + 1;
          closed = true;
          break;
        }
        if (!closed) {
          issues.push({ row: start, message: "кавычка не закрыта до конца файла" });
          return { records, issues };
        }
        const next = source[index];
        if (next !== undefined && next !== delimiter && next !== "\n" && next !== "\r") {
          issues.push({ row: start, message: `после закрывающей кавычки ожидается «${delimiter}» или конец строки` });
          // Skip to the end of the line and go on with the next record.
          while (index < source.length && source[index] !== "\n" && source[index] !== "\r") index++;
        }
      } else {
        const pattern = delimiter === ";" ? plainField : plainCommaField;
        pattern.lastIndex = index;
        const [plain] = pattern.exec(source) ?? [""];
        field = plain;
        index += plain.length;
      }
      fields.push(field);
      field = "";
      const next = source[index];
      if (next === delimiter) {
        index++;
        continue;
      }
      // End of the record: a line break or the end of the file.
      if (next === "\r") index += source[index + 1] === "\n" ? 2 : 1;
      else if (next === "\n") index++;
      if (next !== undefined) line++;
      ended = true;
    }
    if (!(fields.length === 1 && fields[0]!.trim() === "")) records.push({ line: start, fields });
  }
  return { records, issues };
}

function parseCsvRows(text: string): { rows: RawProductRow[]; issues: ImportIssue[] } {
  const { records, issues } = parseCsv(text);
  const [header, ...body] = records;
  if (!header) return { rows: [], issues: issues.length > 0 ? issues : [{ row: 0, message: "файл пуст: нужна строка заголовка с названиями полей" }] };
  const names = header.fields.map((name) => name.trim());
  const seen = new Set<string>();
  names.forEach((name) => {
    if (!name) issues.push({ row: header.line, message: "в заголовке пустое название столбца" });
    else if (seen.has(name)) issues.push({ row: header.line, field: name, message: "столбец повторяется" });
    seen.add(name);
  });
  const rows: RawProductRow[] = [];
  for (const record of body) {
    if (record.fields.length !== names.length) {
      issues.push({ row: record.line, message: `полей ${record.fields.length}, а в заголовке ${names.length}` });
      continue;
    }
    rows.push({ row: record.line, values: Object.fromEntries(names.map((name, i) => [name, record.fields[i]])) });
  }
  return { rows, issues };
}

/**
 * The most coins one file may hold. The shop's whole catalogue is a few hundred; a file is checked
 * whole and written in one transaction, so a bigger one would hold its connection (and, on the
 * embedded database, every other query) for long.
 */
export const MAX_IMPORT_ROWS = 2000;

/** Reads a JSON or CSV file's text and imports it (see the rules at the top). */
export async function importProductFile(db: Database, text: string, fileName: string): Promise<ImportResult> {
  const { rows, issues } = parseProductFile(text, detectFormat(fileName, text));
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      errors: [
        {
          row: 0,
          message: `монет в файле ${rows.length.toLocaleString("ru-RU")}, а за один раз загружается не больше ${MAX_IMPORT_ROWS.toLocaleString("ru-RU")}: разбейте файл на части`,
        },
      ],
    };
  }
  // The rows that could be read are checked too, so the operator sees every problem at once.
  return importProducts(db, rows, issues);
}

// ---------------------------------------------------------------------------------------
// Export, stock, premium

export type ExportedProduct = { [K in ProductField]: (typeof products.$inferSelect)[K] };

/** Every product (archived too), in the import's field names and order, by id. */
export async function exportProducts(db: Database): Promise<ExportedProduct[]> {
  const rows = await db.select().from(products).orderBy(asc(products.id));
  return rows.map((row) => Object.fromEntries(productFields.map((field) => [field, row[field]])) as ExportedProduct);
}

async function updateBySku(db: Database, sku: string, values: Partial<ProductInsert>) {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.sku, sku.trim()))
    .returning({
      sku: products.sku,
      name: products.name,
      stock: products.stock,
      premiumPercent: products.premiumPercent,
      maxPerOrder: products.maxPerOrder,
      vatOverride: products.vatOverride,
      kind: products.kind,
      country: products.country,
      issuer: products.issuer,
      denomination: products.denomination,
      quality: products.quality,
    });
  if (!row) throw new CatalogCommandError(`Монеты с артикулом ${sku} в каталоге нет.`);
  await changedReads(db, "catalog");
  return row;
}

function parseValue<T>(field: ProductField, value: string): T {
  if (isEmpty(value)) throw new CatalogCommandError(`${field}: нужно значение.`);
  const parsed = (fieldRules[field].schema as z.ZodType).safeParse(value);
  if (!parsed.success) throw new CatalogCommandError(`${field}: ${parsed.error.issues[0]?.message ?? "неверное значение"}.`);
  return parsed.data as T;
}

/** Sets how many coins are in stock: a whole number from 0. */
export async function setStock(db: Database, sku: string, value: string | number) {
  return updateBySku(db, sku, { stock: parseValue<number>("stock", String(value)) });
}

/** Sets the most pieces of the coin one order may hold (1…100000); "-" or "нет" returns it to MAX_PIECES_PER_COIN. */
export async function setOrderLimit(db: Database, sku: string, value: string | number) {
  const text = String(value).trim();
  if (text === "-" || text.toLowerCase() === "нет") return updateBySku(db, sku, { maxPerOrder: null });
  return updateBySku(db, sku, { maxPerOrder: parseValue<number>("maxPerOrder", text) });
}

/**
 * The operator's VAT override for one coin: "exempt" (пп. 11 п. 2 ст. 149 НК),
 * "vat" (VAT included in the price), or "auto" to follow the rule again (tax/vat.ts).
 */
export async function setVatOverride(db: Database, sku: string, value: string) {
  const choice = value.trim().toLowerCase();
  const override = choice === "exempt" ? "exempt" : choice === "vat" ? "included" : choice === "auto" ? null : undefined;
  if (override === undefined) throw new CatalogCommandError(`НДС: exempt (не облагается), vat (облагается) или auto (по правилу), а не «${value}».`);
  return updateBySku(db, sku, { vatOverride: override });
}

/** Sets the premium over the metal, in percent (-50…1000; "7,5" is fine). */
export async function setPremium(db: Database, sku: string, value: string | number) {
  return updateBySku(db, sku, { premiumPercent: parseValue<number>("premiumPercent", String(value)) });
}

/**
 * Sets a coin's quantity tiers from the operator's "10:1,50:2" (from 10 pieces the premium
 * 1 point lower, from 50 pieces 2 points; "-" clears them). A coin sold at
 * a fixed price has no premium to lower; a tier may not take more than the coin's premium.
 */
export async function setQuantityTiers(db: Database, sku: string, value: string) {
  const [product] = await db.select({ pricing: products.pricing, premiumPercent: products.premiumPercent }).from(products).where(eq(products.sku, sku.trim()));
  if (!product) throw new CatalogCommandError(`Монеты с артикулом ${sku} в каталоге нет.`);
  const parsed = parseTiers(value, product.premiumPercent);
  if (!parsed.ok) throw new CatalogCommandError(`tiers: ${parsed.reason}.`);
  if (product.pricing === "fixed" && parsed.tiers.length > 0)
    throw new CatalogCommandError("tiers: у монеты с фиксированной ценой нет наценки, скидку за количество задать нельзя.");
  const [row] = await db
    .update(products)
    .set({ quantityTiers: parsed.tiers, updatedAt: sql`now()` })
    .where(eq(products.sku, sku.trim()))
    .returning({ sku: products.sku, name: products.name, quantityTiers: products.quantityTiers });
  await changedReads(db, "catalog");
  return row!;
}
