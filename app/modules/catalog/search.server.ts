import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { products } from "../db/schema.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { toCard, type ProductCard } from "./products.server.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "./search-query.ts";
import type { Metal } from "../db/column-values.ts";

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

/** Latin keys to the Russian letters on the same keys (ЙЦУКЕН): a query typed with the wrong layout. */
const LAYOUT_EN_RU: Record<string, string> = Object.fromEntries(
  [..."qwertyuiop[]asdfghjkl;'zxcvbnm,.`"].map((key, index) => [key, "йцукенгшщзхъфывапролджэячсмитьбюё"[index]!]),
);

/**
 * The query as it would read on the Russian layout ('utjhubq' → 'георгий'), or null when it
 * has Cyrillic letters already or no Latin ones: only an all-Latin query can be a layout slip.
 */
export function switchLayout(query: string): string | null {
  const lower = query.toLowerCase();
  if (/\p{Script=Cyrillic}/u.test(lower) || !/[a-z]/.test(lower)) return null;
  return [...lower].map((char) => LAYOUT_EN_RU[char] ?? char).join("");
}

/** The metal a word names: a chemical symbol, an English word or a Russian one in any form. */
export function metalOfWord(word: string): Metal | null {
  if (word === "au" || word === "gold" || word.startsWith("золот")) return "gold";
  if (word === "ag" || word === "silver" || word.startsWith("серебр")) return "silver";
  return null;
}

/** A fineness a word may be: 999, 999.9, 925, 916.7, 585 (parts per thousand). */
export function finenessOfWord(word: string): number | null {
  if (!/^\d{3}(?:\.\d)?$/.test(word)) return null;
  const value = Number(word);
  return value >= 500 && value < 1000 ? value : null;
}

/**
 * What a query asks for: the metal its metal words name (none when they name both), the
 * fineness numbers, and the other words, searched as text.
 */
export function searchTerms(words: string[]): { metal: Metal | null; fineness: number[]; text: string[] } {
  const metals = new Set<Metal>();
  const fineness: number[] = [];
  const text: string[] = [];
  for (const word of words) {
    const metal = metalOfWord(word);
    if (metal) metals.add(metal);
    else if (finenessOfWord(word) !== null) fineness.push(finenessOfWord(word)!);
    else text.push(word);
  }
  return { metal: metals.size === 1 ? [...metals][0]! : null, fineness, text };
}

/** The text the trigram index covers (migration 0009): the words a buyer types to name a coin. */
const trigramText = sql`lower(${products.name} || ' ' || ${products.series} || ' ' || ${products.denomination} || ' ' || ${products.country} || ' ' || coalesce(${products.mint}, ''))`;

export type SearchResult = {
  items: ProductCard[];
  total: number;
  /** Set when the query as typed found nothing and these are the coins of this corrected query. */
  suggestion?: string;
};

/**
 * Active products matching every word of `query` (as a prefix, after Russian stemming)
 * in the full-text column: the name weighs most, then series, denomination, country and
 * mint, then the description. Metal words ('Au', 'золото', 'серебряный') keep to that metal
 * and a fineness ('999') to that fineness. Ordered by ts_rank, then in stock first, then id,
 * so pages are stable and the same on PGlite and PostgreSQL.
 *
 * When nothing matches, the query is corrected with PostgreSQL's own tools: an all-Latin
 * query read on the Russian layout, then each word no coin has replaced by the most similar
 * word of the catalogue (pg_trgm); the coins of the correction come back with it.
 */
export async function searchProducts(db: Database, query: string, rates: MetalRates | null, page: { limit: number; offset: number }): Promise<SearchResult> {
  const normalized = normalizeSearchQuery(query);
  const words = searchWords(normalized);
  if (words.length === 0) return { items: [], total: 0 };
  const found = await searchByWords(db, words, rates, page);
  if (found.total > 0) return found;
  const suggestion = await correctQuery(db, normalized);
  if (!suggestion) return found;
  const corrected = await searchByWords(db, searchWords(suggestion), rates, page);
  return corrected.total > 0 ? { ...corrected, suggestion } : found;
}

function whereOfWords(words: string[]) {
  const { metal, fineness, text } = searchTerms(words);
  const tsquery = prefixTsquery(text);
  const parsed = tsquery ? sql`to_tsquery('russian'::regconfig, ${tsquery}::text)` : null;
  const conditions = [eq(products.status, "active")];
  if (parsed) conditions.push(sql`${products.search} @@ ${parsed}`);
  if (metal) conditions.push(eq(products.metal, metal));
  for (const value of fineness) {
    // '999' means 999 and 999.9; the number may also be part of a name ('999' in a description).
    const exact = Number.isInteger(value) ? sql`floor(${products.fineness}) = ${value}` : sql`${products.fineness} = ${value}`;
    conditions.push(sql`(${exact} or ${products.search} @@ to_tsquery('simple'::regconfig, ${prefixTsquery([String(value)])}::text))`);
  }
  return { where: and(...conditions), parsed };
}

async function searchByWords(
  db: Database,
  words: string[],
  rates: MetalRates | null,
  { limit, offset }: { limit: number; offset: number },
): Promise<SearchResult> {
  const { where, parsed } = whereOfWords(words);
  const [totals] = await db.select({ total: count() }).from(products).where(where);
  const total = Number(totals?.total ?? 0);
  if (total === 0 || offset >= total) return { items: [], total };
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(...(parsed ? [desc(sql`ts_rank(${products.search}, ${parsed})`)] : []), sql`(${products.stock} > 0) desc`, asc(products.id))
    .limit(limit)
    .offset(offset);
  return { items: rows.map((row) => toCard(row, rates)), total };
}

async function anyMatch(db: Database, words: string[]): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(whereOfWords(words).where).limit(1);
  return row !== undefined;
}

/** The catalogue's word most similar to `word` (pg_trgm, similarity at least 0.3), or null. */
async function nearestWord(db: Database, word: string): Promise<string | null> {
  // `<%` (word similarity, indexed) picks the coins with a word near this one; `%` then ranks
  // their words one by one. The default word threshold (0.6) misses a dropped letter in a
  // short word ('собль' is 0.5 from 'соболь'), so this transaction lowers it.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
    const result = await tx.execute<{ word: string }>(sql`
      select w.word from ${products}, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, ${trigramText}))) as w(word)
      where ${products.status} = 'active' and ${word}::text <% ${trigramText} and w.word % ${word}::text
      order by similarity(w.word, ${word}::text) desc, w.word
      limit 1`);
    const rows = Array.isArray(result) ? result : (result as { rows: { word: string }[] }).rows;
    return rows[0]?.word ?? null;
  });
}

/**
 * A query close to `query` that the catalogue has words for, or null: the query read on the
 * Russian layout if it was typed on the Latin one, then each word no coin matches replaced
 * by its nearest catalogue word. At most two queries a word, and only for a query that found nothing.
 */
async function correctQuery(db: Database, query: string): Promise<string | null> {
  const switched = switchLayout(query);
  const words = searchWords(switched ?? query);
  if (switched && (await anyMatch(db, words))) return words.join(" ");
  let changed = Boolean(switched);
  const corrected: string[] = [];
  for (const word of words) {
    const keep = metalOfWord(word) || finenessOfWord(word) !== null || /^[\d.]+$/.test(word) || (await anyMatch(db, [word]));
    const nearest = keep ? null : await nearestWord(db, word);
    if (nearest && nearest !== word) changed = true;
    corrected.push(nearest ?? word);
  }
  return changed ? corrected.join(" ") : null;
}
