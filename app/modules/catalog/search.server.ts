import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { toCard, type ProductCard } from "./products.server.ts";

/** A query longer than this is cut before anything else looks at it. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** Words beyond this many are ignored: nobody types more, and each one is an AND. */
const MAX_WORDS = 10;
const MAX_WORD_LENGTH = 60;

/** The typed query as the page shows and searches it: trimmed, inner spaces collapsed, at most 200 characters. */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/**
 * The words of a query: runs of letters and digits, lower-cased; a decimal point between
 * digits stays ("31.1" is one lexeme in the index). Everything else, quotes, operators,
 * tags, SQL, separates words, so nothing typed reaches the tsquery syntax.
 */
export function searchWords(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+(?:\.\p{N}+)*/gu) ?? [];
  const unique = [...new Set(words.map((word) => word.slice(0, MAX_WORD_LENGTH)))];
  return unique.slice(0, MAX_WORDS);
}

/**
 * The text of `to_tsquery('russian', …)` for the words: each a quoted lexeme with prefix
 * matching, all AND-ed ("'побед':* & 'монет':*"), or null when there are no words.
 * The russian configuration stems each word before the prefix applies; stop words drop out.
 */
export function prefixTsquery(words: string[]): string | null {
  if (words.length === 0) return null;
  // The words hold only letters, digits and dots; escaping the quote and backslash anyway
  // keeps this safe should the word rule ever change.
  return words.map((word) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`).join(" & ");
}

export type SearchResult = { items: ProductCard[]; total: number };

/**
 * Active products matching every word of `query` (as a prefix, after Russian stemming)
 * in the full-text column: the name weighs most, then series, denomination, country and
 * mint, then the description. Ordered by ts_rank, then in stock first, then id, so pages
 * are stable and the same on PGlite and PostgreSQL.
 */
export async function searchProducts(
  db: Database,
  query: string,
  rates: MetalRates | null,
  { limit, offset }: { limit: number; offset: number },
): Promise<SearchResult> {
  const tsquery = prefixTsquery(searchWords(normalizeSearchQuery(query)));
  if (!tsquery) return { items: [], total: 0 };
  const parsed = sql`to_tsquery('russian'::regconfig, ${tsquery}::text)`;
  const where = and(eq(products.status, "active"), sql`${products.search} @@ ${parsed}`);
  const [totals] = await db.select({ total: count() }).from(products).where(where);
  const total = Number(totals?.total ?? 0);
  if (total === 0 || offset >= total) return { items: [], total };
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(sql`ts_rank(${products.search}, ${parsed})`), sql`(${products.stock} > 0) desc`, asc(products.id))
    .limit(limit)
    .offset(offset);
  return { items: rows.map((row) => toCard(row, rates)), total };
}
