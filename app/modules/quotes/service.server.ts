import type { AppConfig } from "../config/config.server.ts";
import { lockKeys, type DatabaseHandle, type HeldLock } from "../db/client.server.ts";
import { log } from "../shared/log.server.ts";
import { onReadsChanged } from "../shared/read-cache.ts";
import { announceReadsChanged } from "../db/read-changes.server.ts";
import { addDays } from "./calendar.ts";
import { computeCourses, storedInstruments, type Courses, type StoredInstrument } from "./instruments.ts";
import { QuotesProviderError, type ProviderReading, type QuotesProvider } from "./providers/provider.ts";
import { recordRefreshOutcome } from "./refresh-log.server.ts";
import { dailyHistory, lastFetchedAt, lastTradingDate, latestDay, storeReadings } from "./store.server.ts";
import type { Outcome } from "../shared/failure.ts";

/** What the quotes bar and /api/courses show, kept in memory between refreshes. */
export type QuotesSnapshot = {
  /** When the figures were last fetched from the source. */
  time: Date;
  tradingDate: string;
  courses: Courses;
  source: { id: string; label: string };
};

/** How far back the first start (or a long outage) fills the history. */
const HISTORY_DAYS = 400;
/** Followers re-read the database this often, so every instance shows the leader's figures. */
const FOLLOWER_RELOAD_MS = 60_000;

function checkReadings(readings: ProviderReading[]): void {
  for (const instrument of storedInstruments) {
    const reading = readings.find((r) => r.instrument === instrument);
    if (!reading || !Number.isFinite(reading.value) || reading.value <= 0) {
      throw new QuotesProviderError(`no usable ${instrument} in the provider's answer`);
    }
  }
}

/**
 * Fetches the newest quotes and stores them; the first time (or after a gap) it also
 * stores the daily history the charts need. Throws when the provider fails; what was
 * stored before stays, so the site keeps the last good quotes.
 */
export async function refreshQuotes(
  handle: DatabaseHandle,
  provider: QuotesProvider,
  now = new Date(),
  /** Also done in the transaction that stores the readings (the audit row of a refresh asked for in /admin). */
  within?: (db: DatabaseHandle["db"]) => Promise<void>,
): Promise<void> {
  const latest = await provider.latest(now);
  checkReadings(latest);
  const newestDay = latest
    .map((r) => r.tradingDate)
    .sort()
    .at(-1)!;
  const storedUpTo = await lastTradingDate(handle.db, provider.id);
  const historyFrom = storedUpTo ? addDays(storedUpTo, 1) : addDays(newestDay, -HISTORY_DAYS);
  const historyTo = addDays(newestDay, -1);
  const history = historyFrom <= historyTo ? await provider.history(historyFrom, historyTo) : [];
  await handle.db.transaction(async (tx) => {
    // History first, stamped a little earlier, so "the newest reading" stays the latest fetch.
    await storeReadings(tx, provider.id, history, new Date(now.getTime() - 1));
    await storeReadings(tx, provider.id, latest, now);
    await within?.(tx);
    // Other instances reload the new figures at once (QuotesService.start), not a minute later.
    await announceReadsChanged(tx, "quotes");
  });
}

/** Reads the newest figures and those of the previous trading day from the database. */
export async function loadSnapshot(handle: DatabaseHandle, provider: QuotesProvider): Promise<QuotesSnapshot | undefined> {
  const current = await latestDay(handle.db, provider.id);
  if (!current) return undefined;
  const [previous, time] = await Promise.all([latestDay(handle.db, provider.id, current.tradingDate), lastFetchedAt(handle.db, provider.id)]);
  return {
    time: time ?? new Date(),
    tradingDate: current.tradingDate,
    courses: computeCourses(current.values, previous?.values),
    source: { id: provider.id, label: provider.label },
  };
}

/** The metal rates of the newest stored quotes, for a process without the quotes service (a command). */
export async function storedRates(handle: DatabaseHandle, provider: QuotesProvider): Promise<{ gold: number; silver: number } | null> {
  const courses = (await loadSnapshot(handle, provider))?.courses;
  return courses ? { gold: courses.XAU_RUB.course, silver: courses.XAG_RUB.course } : null;
}

/**
 * Keeps the quotes fresh: one instance (the holder of a database lock) fetches on an
 * interval, every instance serves the figures from memory and re-reads them regularly.
 * A failed fetch is logged and the last good quotes stay.
 */
export class QuotesService {
  private snapshot: QuotesSnapshot | undefined;
  private leadership: HeldLock | null = null;
  private timers: NodeJS.Timeout[] = [];
  private refreshing: Promise<void> | undefined;
  private readonly refreshListeners = new Set<() => void>();
  private stopWatching: (() => void) | undefined;

  private readonly handle: DatabaseHandle;
  private readonly provider: QuotesProvider;
  private readonly settings: Pick<AppConfig["quotes"], "refreshIntervalMs" | "maxAgeMinutes">;

  constructor(handle: DatabaseHandle, provider: QuotesProvider, settings: Pick<AppConfig["quotes"], "refreshIntervalMs" | "maxAgeMinutes">) {
    this.handle = handle;
    this.provider = provider;
    this.settings = settings;
  }

  /** Takes the first reading (or the stored one) and starts the timers. */
  async start(): Promise<void> {
    await this.tick();
    const refresh = setInterval(() => void this.tick(), this.settings.refreshIntervalMs);
    const reload = setInterval(() => void this.reload(), Math.min(FOLLOWER_RELOAD_MS, this.settings.refreshIntervalMs));
    refresh.unref();
    reload.unref();
    this.timers.push(refresh, reload);
    // Another instance stored new quotes (NOTIFY): read them now.
    this.stopWatching = onReadsChanged("quotes", () => void this.reload());
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    this.stopWatching?.();
    this.stopWatching = undefined;
    await this.refreshing?.catch(() => undefined);
    await this.leadership?.release();
    this.leadership = null;
  }

  /** Called after each refresh round of the instance that fetches the quotes (the alert watch listens). */
  onRefresh(listener: () => void): void {
    this.refreshListeners.add(listener);
  }

  current(): QuotesSnapshot | undefined {
    return this.snapshot;
  }

  /** Roubles per gram of gold and silver now, for pricing; null until the first quotes. */
  rates(): { gold: number; silver: number } | null {
    const courses = this.snapshot?.courses;
    return courses ? { gold: courses.XAU_RUB.course, silver: courses.XAG_RUB.course } : null;
  }

  /** Daily values of one instrument from the active source, from `from` ("YYYY-MM-DD") on. */
  history(instrument: StoredInstrument, from: string) {
    return dailyHistory(this.handle.db, this.provider.id, instrument, from);
  }

  /** True when the last successful fetch is within the allowed age. */
  isFresh(now = new Date()): boolean {
    return !!this.snapshot && now.getTime() - this.snapshot.time.getTime() <= this.settings.maxAgeMinutes * 60_000;
  }

  /** One refresh round: the leader fetches, then everybody reloads. Never throws. */
  tick(now = new Date()): Promise<void> {
    this.refreshing ??= this.runTick(now).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runTick(now: Date): Promise<void> {
    try {
      if (!this.leadership?.held) {
        await this.leadership?.release();
        this.leadership = await this.handle.tryHoldLock(lockKeys.quotesRefresher);
        if (this.leadership) log.info("quotes refresher: this instance fetches the quotes now", { pid: process.pid, provider: this.provider.id });
      }
      if (this.leadership) {
        await this.handle.withExclusiveLock(lockKeys.quotesFetch, async () => {
          const last = await lastFetchedAt(this.handle.db, this.provider.id);
          // Another leader may have fetched moments ago (a restart, or a refresh asked for in /admin): do not fetch twice.
          if (!last || now.getTime() - last.getTime() >= this.settings.refreshIntervalMs * 0.9) await this.fetch(now);
        });
      }
    } catch (error) {
      log.warn("quotes refresh failed; keeping the last good quotes", {
        provider: this.provider.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    await this.reload();
    if (this.leadership) for (const listener of this.refreshListeners) listener();
  }

  /**
   * A refresh asked for now (the back office's 'Обновить котировки'): the refresher's own
   * fetch, under the lock its rounds take, so it never runs beside one; `within` runs in the
   * transaction that stores the readings. Every instance shows the new figures at once (the
   * transaction announces "quotes"; decision 026).
   */
  async refreshNow(within?: (db: DatabaseHandle["db"]) => Promise<void>, now = new Date()): Promise<Outcome> {
    try {
      await this.handle.withExclusiveLock(lockKeys.quotesFetch, () => this.fetch(now, within));
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    } finally {
      await this.reload();
    }
    for (const listener of this.refreshListeners) listener();
    return { ok: true };
  }

  /** One fetch, its outcome recorded for /admin/shop whether it worked or not. */
  private async fetch(now: Date, within?: (db: DatabaseHandle["db"]) => Promise<void>): Promise<void> {
    try {
      await refreshQuotes(this.handle, this.provider, now, within);
    } catch (error) {
      await recordRefreshOutcome(this.handle.db, this.provider.id, { ok: false, reason: error instanceof Error ? error.message : String(error) }, now).catch(
        () => undefined,
      );
      throw error;
    }
    await recordRefreshOutcome(this.handle.db, this.provider.id, { ok: true }, now).catch(() => undefined);
  }

  private async reload(): Promise<void> {
    try {
      this.snapshot = (await loadSnapshot(this.handle, this.provider)) ?? this.snapshot;
    } catch (error) {
      log.warn("quotes reload failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
