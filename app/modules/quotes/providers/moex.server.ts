import { z } from "zod";
import { moscowDate } from "../calendar.ts";
import { firstIssue } from "../../shared/zod-issue.ts";
import type { StoredInstrument } from "../instruments.ts";
import { describeUrl, fetchBytes } from "./http.server.ts";
import { type ProviderReading, type QuotesProvider, QuotesProviderError } from "./provider.ts";

/**
 * Moscow Exchange ISS (iss.moex.com, anonymous, about 15 minutes delayed): gold and silver
 * of the CETS board in roubles per gram, and the dollar while it trades. Every ISS block is
 * {columns, data}; fields are read by column name, never by position. Dollar trading has
 * been suspended since June 2024, so the dollar comes from `usdFallback` (the Bank of
 * Russia) whenever the exchange has no live dollar price, and always for history.
 */

export type MoexProviderOptions = {
  baseUrl?: string;
  timeoutMs?: number;
  /** Gives USD_RUB when the exchange has no live dollar price, and the dollar's history. */
  usdFallback: QuotesProvider;
  /** Stands in for the global fetch (tests). */
  fetchImpl?: typeof fetch;
};

const MARKET_PATH = "/iss/engines/currency/markets/selt/boards/CETS/securities";
const HISTORY_PATH = "/iss/history/engines/currency/markets/selt/boards/CETS/securities";
const BOARD = "CETS";

/** Exchange security → stored instrument. */
export const MOEX_SECURITIES = {
  GLDRUB_TOM: "XAU_RUB",
  SLVRUB_TOM: "XAG_RUB",
  USD000UTSTOM: "USD_RUB",
} as const satisfies Record<string, StoredInstrument>;
type Secid = keyof typeof MOEX_SECURITIES;
const SECIDS = Object.keys(MOEX_SECURITIES) as Secid[];
const METAL_SECIDS: Secid[] = ["GLDRUB_TOM", "SLVRUB_TOM"];

export const MOEX_SECURITIES_COLUMNS = ["SECID", "BOARDID", "SHORTNAME", "LOTSIZE", "PREVPRICE"];
export const MOEX_MARKETDATA_COLUMNS = [
  "SECID",
  "BOARDID",
  "LAST",
  "MARKETPRICE",
  "WAPRICE",
  "CHANGE",
  "LASTTOPREVPRICE",
  "UPDATETIME",
  "SYSTIME",
  "TRADINGSTATUS",
];

/** More pages than this for one security is a runaway cursor, not a history. */
const MAX_HISTORY_PAGES = 100;

function fail(message: string, cause?: unknown): never {
  throw new QuotesProviderError(`Moscow Exchange: ${message}`, cause === undefined ? undefined : { cause });
}

type IssRow = Record<string, unknown>;

/** Every ISS block: column names and rows of values in that order. */
const issBlock = z.object({ columns: z.array(z.string()), data: z.array(z.array(z.unknown())) });

/** A price column: a positive number, or null when absent, null or not positive; any other type fails. */
const price = z
  .number()
  .nullish()
  .transform((value) => (value !== null && value !== undefined && value > 0 ? value : null));

/** The answer's value checked by `schema`; a fault names what was read and the bad field. */
function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${what}: ${firstIssue(parsed.error)}`);
  return parsed.data;
}

/** One ISS block as objects keyed by column name; a missing block or a wrong shape fails. */
export function readIssBlock(json: unknown, block: string): IssRow[] {
  const value = typeof json === "object" && json !== null ? (json as Record<string, unknown>)[block] : undefined;
  if (typeof value !== "object" || value === null) fail(`the answer has no "${block}" block`);
  const { columns, data } = checked(issBlock, value, `the "${block}" block`);
  return data.map((row, index) => {
    if (row.length !== columns.length) fail(`row ${index} of "${block}" has ${row.length} values for ${columns.length} columns`);
    return Object.fromEntries(columns.map((column, at) => [column, row[at]]));
  });
}

const marketRow = z.object({
  LAST: price,
  MARKETPRICE: price,
  WAPRICE: price,
  /** Moscow time; only its date is kept. */
  SYSTIME: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?$/, 'expected "YYYY-MM-DD HH:MM:SS"')
    .nullish()
    .transform((value) => value?.slice(0, 10)),
});
const securityRow = z.object({ PREVPRICE: price });
const historyRow = z.object({ TRADEDATE: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected "YYYY-MM-DD"'), CLOSE: price, WAPRICE: price });
const cursorRow = z.object({ INDEX: z.number().int().nonnegative(), TOTAL: z.number().int().nonnegative(), PAGESIZE: z.number().int().nonnegative() });

export type MoexMarketQuote = {
  secid: string;
  last: number | null;
  marketPrice: number | null;
  waPrice: number | null;
  /** securities.PREVPRICE: the previous day's price. */
  prevPrice: number | null;
  /** The Moscow date of marketdata SYSTIME, undefined when absent. */
  systemDate: string | undefined;
};

/** The CETS quotes of a securities.json answer (blocks securities and marketdata), by SECID; rows of other boards are not read. */
export function parseMoexMarket(json: unknown): Map<string, MoexMarketQuote> {
  const securities = readIssBlock(json, "securities").filter((row) => row.BOARDID === BOARD);
  const quotes = new Map<string, MoexMarketQuote>();
  for (const row of readIssBlock(json, "marketdata")) {
    if (row.BOARDID !== BOARD || typeof row.SECID !== "string") continue;
    const secid = row.SECID;
    const market = checked(marketRow, row, `marketdata of ${secid}`);
    const security = securities.find((candidate) => candidate.SECID === secid);
    quotes.set(secid, {
      secid,
      last: market.LAST,
      marketPrice: market.MARKETPRICE,
      waPrice: market.WAPRICE,
      prevPrice: security ? checked(securityRow, security, `securities of ${secid}`).PREVPRICE : null,
      systemDate: market.SYSTIME,
    });
  }
  return quotes;
}

/** LAST, else MARKETPRICE, else WAPRICE, else (when allowed) the previous day's PREVPRICE. */
export function moexPrice(quote: MoexMarketQuote, allowPrevious = true): number | null {
  return quote.last ?? quote.marketPrice ?? quote.waPrice ?? (allowPrevious ? quote.prevPrice : null);
}

export type MoexHistoryPage = {
  /** CETS days of the page: CLOSE, else WAPRICE; days with neither are left out. */
  days: { secid: string; tradeDate: string; value: number }[];
  /** The history.cursor block, undefined when the answer has none. */
  cursor: { index: number; total: number; pageSize: number } | undefined;
};

/** One page of a history answer. */
export function parseMoexHistory(json: unknown): MoexHistoryPage {
  const days: MoexHistoryPage["days"] = [];
  for (const row of readIssBlock(json, "history")) {
    if (row.BOARDID !== BOARD || typeof row.SECID !== "string") continue;
    const day = checked(historyRow, row, `history of ${row.SECID}${typeof row.TRADEDATE === "string" ? ` on ${row.TRADEDATE}` : ""}`);
    const value = day.CLOSE ?? day.WAPRICE;
    if (value !== null) days.push({ secid: row.SECID, tradeDate: day.TRADEDATE, value });
  }
  const hasCursor = typeof json === "object" && json !== null && "history.cursor" in json;
  let cursor: MoexHistoryPage["cursor"];
  if (hasCursor) {
    const [row] = readIssBlock(json, "history.cursor");
    const { INDEX: index, TOTAL: total, PAGESIZE: pageSize } = checked(cursorRow, row, "history.cursor");
    cursor = { index, total, pageSize };
  }
  return { days, cursor };
}

function checkedIsoDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    fail(`invalid date "${date}", expected YYYY-MM-DD`);
  }
  return date;
}

function byDateAndInstrument(a: ProviderReading, b: ProviderReading): number {
  const order: StoredInstrument[] = ["XAU_RUB", "XAG_RUB", "USD_RUB"];
  return a.tradingDate.localeCompare(b.tradingDate) || order.indexOf(a.instrument) - order.indexOf(b.instrument);
}

export function createMoexProvider(options: MoexProviderOptions): QuotesProvider {
  const baseUrl = (options.baseUrl ?? "https://iss.moex.com").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { usdFallback } = options;

  /** GETs an ISS answer and parses it with `parse`; the errors of both name the host and path. */
  async function getIss<T>(path: string, query: [string, string][], parse: (json: unknown) => T): Promise<T> {
    const { json, where } = await getJson(path, query);
    try {
      return parse(json);
    } catch (error) {
      if (error instanceof QuotesProviderError) fail(`${where}: ${error.message.replace(/^Moscow Exchange: /, "")}`, error);
      throw error;
    }
  }

  async function getJson(path: string, query: [string, string][]): Promise<{ json: unknown; where: string }> {
    // Commas stay commas, as in the ISS reference; the values here need no other escaping.
    const search = query.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%2C/gi, ",")}`).join("&");
    const url = `${baseUrl}${path}?${search}`;
    const where = describeUrl(url);
    let answer;
    try {
      answer = await fetchBytes(url, { timeoutMs, fetchImpl: options.fetchImpl, accept: "application/json" });
    } catch (error) {
      if (error instanceof QuotesProviderError) fail(error.message, error);
      throw error;
    }
    if (/html/i.test(answer.contentType)) fail(`${where} answered an HTML page (${answer.contentType}) instead of JSON`);
    try {
      return { json: JSON.parse(new TextDecoder("utf-8").decode(answer.bytes)), where };
    } catch (error) {
      fail(`${where} answered malformed JSON (${error instanceof Error ? error.message : String(error)})`, error);
    }
  }

  async function fallbackDollar(now: Date): Promise<ProviderReading> {
    let readings: ProviderReading[];
    try {
      readings = await usdFallback.latest(now);
    } catch (error) {
      if (error instanceof QuotesProviderError) throw error;
      fail(`the dollar fallback (${usdFallback.id}) failed: ${error instanceof Error ? error.message : String(error)}`, error);
    }
    const dollar = readings.find((reading) => reading.instrument === "USD_RUB");
    if (!dollar) fail(`the dollar fallback (${usdFallback.id}) gave no USD_RUB`);
    return dollar;
  }

  async function securityHistory(secid: Secid, from: string, to: string): Promise<ProviderReading[]> {
    const instrument = MOEX_SECURITIES[secid];
    const byDate = new Map<string, ProviderReading>();
    let start = 0;
    for (let page = 0; ; page++) {
      if (page >= MAX_HISTORY_PAGES) fail(`the history of ${secid} runs past ${MAX_HISTORY_PAGES} pages`);
      const { days, cursor } = await getIss(
        `${HISTORY_PATH}/${secid}.json`,
        [
          ["iss.meta", "off"],
          ["from", from],
          ["till", to],
          ["start", String(start)],
        ],
        parseMoexHistory,
      );
      for (const day of days) {
        if (day.secid === secid && day.tradeDate >= from && day.tradeDate <= to) {
          byDate.set(day.tradeDate, { instrument, value: day.value, tradingDate: day.tradeDate });
        }
      }
      if (!cursor) break;
      const next = cursor.index + cursor.pageSize;
      if (cursor.pageSize === 0 || next >= cursor.total) break;
      if (next <= start) fail(`the history cursor of ${secid} does not advance (INDEX ${cursor.index}, start ${start})`);
      start = next;
    }
    return [...byDate.values()];
  }

  return {
    id: "moex",
    label: "Московская биржа",

    async latest(now) {
      const quotes = await getIss(
        `${MARKET_PATH}.json`,
        [
          ["iss.meta", "off"],
          ["iss.only", "securities,marketdata"],
          ["securities", SECIDS.join(",")],
          ["securities.columns", MOEX_SECURITIES_COLUMNS.join(",")],
          ["marketdata.columns", MOEX_MARKETDATA_COLUMNS.join(",")],
        ],
        parseMoexMarket,
      );
      const fallbackDate = moscowDate(now);
      const readings: ProviderReading[] = [];
      for (const secid of SECIDS) {
        const quote = quotes.get(secid);
        if (!quote) fail(`the answer has no ${secid} on board ${BOARD}`);
        // A suspended dollar keeps a stale PREVPRICE; the fallback is better than that.
        const isDollar = secid === "USD000UTSTOM";
        const value = moexPrice(quote, !isDollar);
        if (value === null) {
          if (isDollar) {
            readings.push(await fallbackDollar(now));
            continue;
          }
          fail(`${secid} has no price (LAST, MARKETPRICE, WAPRICE and PREVPRICE are all empty)`);
        }
        readings.push({ instrument: MOEX_SECURITIES[secid], value, tradingDate: quote.systemDate ?? fallbackDate });
      }
      return readings;
    },

    async history(from, to) {
      checkedIsoDate(from);
      checkedIsoDate(to);
      if (from > to) fail(`the range ${from}…${to} ends before it starts`);
      const readings: ProviderReading[] = [];
      for (const secid of METAL_SECIDS) readings.push(...(await securityHistory(secid, from, to)));
      let dollar: ProviderReading[];
      try {
        dollar = await usdFallback.history(from, to);
      } catch (error) {
        if (error instanceof QuotesProviderError) throw error;
        fail(`the dollar fallback (${usdFallback.id}) failed: ${error instanceof Error ? error.message : String(error)}`, error);
      }
      readings.push(...dollar.filter((reading) => reading.instrument === "USD_RUB"));
      return readings.sort(byDateAndInstrument);
    },
  };
}
