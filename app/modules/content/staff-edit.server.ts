/**
 * The back office's content editor (decision 023): every kind listed, one item
 * edited as its Markdown file with front matter (the import's format and validator), previewed
 * without saving, published and unpublished. Content lives in the database (decision 004), so a
 * saved edit survives restarts and reaches every instance (NOTIFY at commit, as the import does).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client.server.ts";
import { articles, certificates, pages, partners, promotions, reviews } from "../db/schema.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { writeAudit, type StaffActor } from "../audit/audit.server.ts";
import {
  contentFileName,
  contentFolders,
  formatContentEntry,
  parseContentFile,
  type ContentEntry,
  type ContentIssue,
  type ContentKind,
} from "./content-files.ts";
import { isContentKey, keyOf } from "./staff-keys.ts";
import { markdownIssues, writeCheckedContent } from "./import.server.ts";
import { readContent } from "./store.server.ts";

type Meta = { published: boolean; updatedAt: Date };

/** The table and the row condition of an item (published and updatedAt live in every content table). */
function rowOf(kind: ContentKind, key: string): { table: PgTable; where: SQL } {
  switch (kind) {
    case "page":
      return { table: pages, where: eq(pages.path, key.replaceAll("--", "/")) };
    case "news":
    case "case":
    case "training":
      return { table: articles, where: and(eq(articles.kind, kind), eq(articles.slug, key))! };
    case "promo":
      return { table: promotions, where: eq(promotions.id, Number(key)) };
    case "review":
      return { table: reviews, where: eq(reviews.id, Number(key)) };
    case "partner":
      return { table: partners, where: eq(partners.slug, key) };
    case "certificate":
      return { table: certificates, where: eq(certificates.slug, key) };
  }
}

async function metaOf(db: Database, kind: ContentKind, key: string, lock = false): Promise<Meta | undefined> {
  const { table, where } = rowOf(kind, key);
  // Every content table has these two columns under these names (schema.ts).
  const columns = table as unknown as typeof pages;
  const query = db.select({ published: columns.published, updatedAt: columns.updatedAt }).from(table).where(where).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export type ContentListItem = { kind: ContentKind; key: string; title: string; published: boolean; updatedAt: Date };

/** Every item of every kind, for the back office's list (content is tens of items, not thousands). */
export async function listContentItems(db: Database): Promise<ContentListItem[]> {
  const [pageRows, articleRows, promoRows, reviewRows, partnerRows, certificateRows] = await Promise.all([
    db.select({ key: pages.path, title: pages.title, published: pages.published, updatedAt: pages.updatedAt }).from(pages).orderBy(asc(pages.path)),
    db
      .select({ kind: articles.kind, key: articles.slug, title: articles.title, published: articles.published, updatedAt: articles.updatedAt })
      .from(articles)
      .orderBy(asc(articles.kind), sql`${articles.publishedAt} desc`),
    db
      .select({ key: promotions.id, title: promotions.title, published: promotions.published, updatedAt: promotions.updatedAt })
      .from(promotions)
      .orderBy(sql`${promotions.startsOn} desc`),
    db
      .select({ key: reviews.id, title: reviews.author, published: reviews.published, updatedAt: reviews.updatedAt })
      .from(reviews)
      .orderBy(sql`${reviews.publishedOn} desc`),
    db
      .select({ key: partners.slug, title: partners.name, published: partners.published, updatedAt: partners.updatedAt })
      .from(partners)
      .orderBy(asc(partners.position)),
    db
      .select({ key: certificates.slug, title: certificates.title, published: certificates.published, updatedAt: certificates.updatedAt })
      .from(certificates)
      .orderBy(asc(certificates.position)),
  ]);
  return [
    ...pageRows.map((row) => ({ ...row, kind: "page" as const, key: row.key.replaceAll("/", "--") })),
    ...articleRows,
    ...promoRows.map((row) => ({ ...row, kind: "promo" as const, key: String(row.key) })),
    ...reviewRows.map((row) => ({ ...row, kind: "review" as const, key: String(row.key) })),
    ...partnerRows.map((row) => ({ ...row, kind: "partner" as const })),
    ...certificateRows.map((row) => ({ ...row, kind: "certificate" as const })),
  ];
}

export type ContentItem = { entry: ContentEntry; file: string; source: string; published: boolean; version: string };

/** One item as its file (what the editor shows), with its state and version. */
export async function findContentItem(db: Database, kind: ContentKind, key: string): Promise<ContentItem | undefined> {
  if (!isContentKey(kind, key)) return undefined;
  const meta = await metaOf(db, kind, key);
  if (!meta) return undefined;
  const entry = (await readContent(db)).find((item) => item.kind === kind && keyOf(item) === key);
  if (!entry) return undefined;
  return { entry, file: contentFileName(entry), source: formatContentEntry(entry), published: meta.published, version: meta.updatedAt.toISOString() };
}

export type ContentParse = { ok: true; entry: ContentEntry } | { ok: false; issues: ContentIssue[] };

/** The typed file checked by the import's validator, and that it is still the same item (its key is its address). */
export function parseEditedItem(kind: ContentKind, key: string, source: string): ContentParse {
  const file = `${contentFolders[kind]}/${key}.md`;
  const parsed = parseContentFile(kind, file, source.replace(/\r\n?/g, "\n"));
  if (!parsed.ok) return parsed;
  if (keyOf(parsed.entry) !== key) {
    const field = kind === "page" ? "path" : kind === "promo" || kind === "review" ? "id" : "slug";
    return {
      ok: false,
      issues: [{ file, field, message: "адрес записи здесь не меняется: верните прежнее значение (новую запись добавляет npm run content -- import)" }],
    };
  }
  return parsed;
}

export type ContentSaveResult =
  { ok: true } | { ok: false; kind: "missing" } | { ok: false; kind: "conflict"; version: string } | { ok: false; kind: "invalid"; issues: ContentIssue[] };

/** Saves an edited item through the import's checks and writer, with its audit row, in one transaction. */
export async function saveContentItemAsStaff(
  db: Database,
  actor: StaffActor,
  kind: ContentKind,
  key: string,
  version: string,
  source: string,
): Promise<ContentSaveResult> {
  const parsed = parseEditedItem(kind, key, source);
  if (!parsed.ok) return { ok: false, kind: "invalid", issues: parsed.issues };
  const before = await findContentItem(db, kind, key);
  if (!before) return { ok: false, kind: "missing" };
  const slow = markdownIssues([{ file: before.file, entry: parsed.entry }]);
  if (slow.length > 0) return { ok: false, kind: "invalid", issues: slow };
  const result = await db.transaction(async (tx): Promise<ContentSaveResult> => {
    const meta = await metaOf(tx, kind, key, true);
    if (!meta) return { ok: false, kind: "missing" };
    if (meta.updatedAt.toISOString() !== version) return { ok: false, kind: "conflict", version: meta.updatedAt.toISOString() };
    const written = await writeCheckedContent(tx, [{ file: before.file, entry: parsed.entry }]);
    if ("issues" in written) return { ok: false, kind: "invalid", issues: written.issues };
    await writeAudit(tx, actor, {
      action: "content.edit",
      entity: `content:${kind}:${key}`,
      before: { source: before.source },
      after: { source: formatContentEntry(parsed.entry) },
    });
    return { ok: true };
  });
  if (result.ok) invalidateReads("content");
  return result;
}

export type ContentCreateResult = { ok: true; key: string } | { ok: false; kind: "taken" } | { ok: false; kind: "invalid"; issues: ContentIssue[] };

/**
 * Adds a new item from the back office (what `npm run content -- import` does for one file):
 * the import's validator and writer, published or kept hidden as a draft, audited as
 * content.create with its file, in one transaction. An item already at that address is refused.
 */
export async function createContentItemAsStaff(db: Database, actor: StaffActor, entry: ContentEntry, published: boolean): Promise<ContentCreateResult> {
  const file = contentFileName(entry);
  const parsed = parseContentFile(entry.kind, file, formatContentEntry(entry));
  if (!parsed.ok) return { ok: false, kind: "invalid", issues: parsed.issues };
  const kind = parsed.entry.kind;
  const key = keyOf(parsed.entry);
  const result = await db.transaction(async (tx): Promise<ContentCreateResult> => {
    if (await metaOf(tx, kind, key, true)) return { ok: false, kind: "taken" };
    const written = await writeCheckedContent(tx, [{ file, entry: parsed.entry }]);
    if ("issues" in written) return { ok: false, kind: "invalid", issues: written.issues };
    if (!published) {
      const { table, where } = rowOf(kind, key);
      await tx
        .update(table as unknown as typeof pages)
        .set({ published: false })
        .where(where);
    }
    await writeAudit(tx, actor, {
      action: "content.create",
      entity: `content:${kind}:${key}`,
      before: null,
      after: { source: formatContentEntry(parsed.entry), published },
    });
    return { ok: true, key };
  });
  if (result.ok) invalidateReads("content");
  return result;
}

/** Shows or hides an item on the storefront (nothing is deleted), audited. */
export async function setContentPublishedAsStaff(
  db: Database,
  actor: StaffActor,
  kind: ContentKind,
  key: string,
  version: string,
  published: boolean,
): Promise<ContentSaveResult> {
  if (!isContentKey(kind, key)) return { ok: false, kind: "missing" };
  const result = await db.transaction(async (tx): Promise<ContentSaveResult> => {
    const meta = await metaOf(tx, kind, key, true);
    if (!meta) return { ok: false, kind: "missing" };
    if (meta.updatedAt.toISOString() !== version) return { ok: false, kind: "conflict", version: meta.updatedAt.toISOString() };
    const { table, where } = rowOf(kind, key);
    await tx
      .update(table as unknown as typeof pages)
      .set({ published, updatedAt: sql`now()` })
      .where(where);
    await writeAudit(tx, actor, {
      action: published ? "content.publish" : "content.unpublish",
      entity: `content:${kind}:${key}`,
      before: { published: meta.published },
      after: { published },
    });
    await announceReadsChanged(tx, "content");
    return { ok: true };
  });
  if (result.ok) invalidateReads("content");
  return result;
}
