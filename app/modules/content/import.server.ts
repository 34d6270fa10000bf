/**
 * `npm run content -- import DIR | export DIR`: the operator's way to edit content as
 * Markdown files. Import checks every file first; one bad file and nothing is written,
 * else all of them are written in one transaction.
 */
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { contentFolders, parseContentFiles, type ContentEntry, type ContentIssue, type ContentKind } from "./content-files.ts";
import { readContentFolder, writeContentFolder } from "./folder.server.ts";
import { invalidateReads } from "../shared/read-cache.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { markdownProblem } from "./markdown.server.ts";
import { checkPromotionRules } from "./promotion-rules.server.ts";
import { readContent, writeContent, type WriteCounts } from "./store.server.ts";

export type ContentImportResult = { ok: true; counts: WriteCounts; total: number } | { ok: false; issues: ContentIssue[] };

export async function importContentFolder(db: Database, dir: string): Promise<ContentImportResult> {
  const files = await readContentFolder(dir);
  if (files.length === 0) {
    return { ok: false, issues: [{ file: dir, message: `нет файлов .md в папках ${Object.values(contentFolders).join(", ")}` }] };
  }
  const { entries, issues } = parseContentFiles(files);
  if (issues.length > 0) return { ok: false, issues };
  const slow = markdownIssues(entries);
  if (slow.length > 0) return { ok: false, issues: slow };
  const outcome = await db.transaction((tx) => writeCheckedContent(tx, entries));
  if ("issues" in outcome) return { ok: false, issues: outcome.issues };
  const counts = outcome.counts;
  // This process's own cached reads, after the commit.
  invalidateReads("content");
  return { ok: true, counts, total: entries.length };
}

/**
 * Texts that would not render in time on the storefront (markdown.server.ts): checked before the
 * transaction, as each may take up to the render limit. The body, and a review's reply.
 */
export function markdownIssues(entries: ReadonlyArray<{ file: string; entry: ContentEntry }>): ContentIssue[] {
  // Rendered for the shop's own origin, as its pages do: what renders here is kept for them.
  const options = { publicUrl: getConfig().publicUrl };
  return entries.flatMap(({ file, entry }) =>
    // The body's problems name no field, as the file validator's do; a review's reply is its field.
    (entry.kind === "review" ? [{ text: entry.body }, { text: entry.reply, field: "reply" }] : [{ text: entry.body }]).flatMap(({ text, field }) => {
      const message = text ? markdownProblem(text, options) : null;
      return message ? [{ file, ...(field ? { field } : {}), message }] : [];
    }),
  );
}

/**
 * Writes parsed items after the checks that need the shop's data (promotion rules against the catalogue
 * and the other promotions), announcing the change to running shops at commit: call it in a transaction.
 * The import and the back office's editor both save through it. The caller drops its own cached reads
 * after the commit (invalidateReads("content")).
 */
export async function writeCheckedContent(
  db: Database,
  entries: ReadonlyArray<{ file: string; entry: ContentEntry }>,
): Promise<{ counts: WriteCounts } | { issues: ContentIssue[] }> {
  const promos = entries.flatMap((item) => (item.entry.kind === "promo" ? [{ file: item.file, entry: item.entry }] : []));
  const ruleIssues = await checkPromotionRules(db, promos);
  if (ruleIssues.length > 0) return { issues: ruleIssues };
  const written = await writeContent(
    db,
    entries.map((item) => item.entry),
  );
  // Running shops hear of it at commit (read-changes.server.ts).
  await announceReadsChanged(db, "content");
  return { counts: written };
}

/** Writes every item to DIR; returns how many files were written, by kind. */
export async function exportContentFolder(db: Database, dir: string): Promise<{ counts: WriteCounts; total: number }> {
  const entries = await readContent(db);
  const total = await writeContentFolder(dir, entries);
  const counts: WriteCounts = {};
  for (const entry of entries) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
  return { counts, total };
}

const kindNames: Record<ContentKind, string> = {
  page: "страниц",
  news: "новостей",
  case: "кейсов",
  training: "статей обучения",
  promo: "акций",
  review: "отзывов",
  partner: "партнёров",
  certificate: "сертификатов",
};

/** "страниц: 2, новостей: 5". */
export function describeCounts(counts: WriteCounts): string {
  return (Object.keys(kindNames) as ContentKind[])
    .filter((kind) => counts[kind])
    .map((kind) => `${kindNames[kind]}: ${counts[kind]}`)
    .join(", ");
}
