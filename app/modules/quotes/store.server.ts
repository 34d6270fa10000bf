import { and, desc, eq, gte, lt, max } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { quoteReadings } from "../db/schema.ts";
import { storedInstruments, type DayValues, type StoredInstrument } from "./instruments.ts";
import type { ProviderReading } from "./providers/provider.ts";

export type StoredDay = { tradingDate: string; values: DayValues };

/** Stores readings as fetched at `fetchedAt`; every refresh adds rows, nothing is overwritten. */
export async function storeReadings(db: Database, source: string, readings: ProviderReading[], fetchedAt: Date): Promise<void> {
  if (readings.length === 0) return;
  await db
    .insert(quoteReadings)
    .values(readings.map((reading) => ({ source, instrument: reading.instrument, tradingDate: reading.tradingDate, value: reading.value, fetchedAt })));
}

/** When the source last answered (the newest stored reading's fetch time). */
export async function lastFetchedAt(db: Database, source: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(quoteReadings.fetchedAt) })
    .from(quoteReadings)
    .where(eq(quoteReadings.source, source));
  return row?.at ?? undefined;
}

/** The newest trading day stored for a source, or undefined when it has none. */
export async function lastTradingDate(db: Database, source: string): Promise<string | undefined> {
  const [row] = await db
    .select({ day: max(quoteReadings.tradingDate) })
    .from(quoteReadings)
    .where(eq(quoteReadings.source, source));
  return row?.day ?? undefined;
}

async function newestValue(db: Database, source: string, instrument: StoredInstrument, beforeDate?: string) {
  const [row] = await db
    .select({ value: quoteReadings.value, tradingDate: quoteReadings.tradingDate })
    .from(quoteReadings)
    .where(and(eq(quoteReadings.source, source), eq(quoteReadings.instrument, instrument), beforeDate ? lt(quoteReadings.tradingDate, beforeDate) : undefined))
    .orderBy(desc(quoteReadings.tradingDate), desc(quoteReadings.fetchedAt))
    .limit(1);
  return row;
}

/**
 * The newest value of every instrument, and the trading day of the newest one; or
 * undefined while any instrument has no reading yet.
 */
export async function latestDay(db: Database, source: string, beforeDate?: string): Promise<StoredDay | undefined> {
  const rows = await Promise.all(storedInstruments.map((instrument) => newestValue(db, source, instrument, beforeDate)));
  if (rows.some((row) => !row)) return undefined;
  const values = Object.fromEntries(storedInstruments.map((instrument, i) => [instrument, rows[i]!.value])) as DayValues;
  const tradingDate = rows
    .map((row) => row!.tradingDate)
    .sort()
    .at(-1)!;
  return { tradingDate, values };
}

/** Daily values of one instrument from `from` on: the last reading of each trading day. */
export async function dailyHistory(db: Database, source: string, instrument: StoredInstrument, from: string): Promise<{ date: string; value: number }[]> {
  const rows = await db
    .selectDistinctOn([quoteReadings.tradingDate], { date: quoteReadings.tradingDate, value: quoteReadings.value })
    .from(quoteReadings)
    .where(and(eq(quoteReadings.source, source), eq(quoteReadings.instrument, instrument), gte(quoteReadings.tradingDate, from)))
    .orderBy(quoteReadings.tradingDate, desc(quoteReadings.fetchedAt));
  return rows;
}
