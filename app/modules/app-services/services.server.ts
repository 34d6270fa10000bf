import { getConfig, type AppConfig } from "../config/config.server.ts";
import { closeDatabase, getDatabase } from "../db/database.server.ts";
import { startHousekeeping, stopHousekeeping } from "../housekeeping/housekeeping.server.ts";
import { ensureProductImagesAtStart } from "../images/product-images.server.ts";
import { getQuotesService, stopQuotesService } from "../quotes/quotes.server.ts";
import { listenForReadChanges, type ReadChangesListener } from "../db/read-changes.server.ts";
import type { LeaderLoop } from "../db/leader-loop.server.ts";
import { startNotificationSender } from "../notifications/service.server.ts";
import { startPaymentDeadlineWatch } from "../orders/expiry.server.ts";
import { startReceiptSender } from "../receipts/service.server.ts";
import { checkAlertsSoon, startAlertWatch, stopAlertWatch } from "../alerts/watch.server.ts";
import { startLaunchWatch, stopLaunchWatch } from "../launches/subscriptions.server.ts";
import { serveOpenedPreorders } from "../preorders/preorders.server.ts";
import { isShopOpen, readSalesSetting } from "../shop/status.server.ts";
import type { Database } from "../db/client.server.ts";
import { botFacts } from "../telegram/bot.server.ts";
import { startTelegramUpdates, type TelegramUpdates } from "../telegram/updates.server.ts";

let readChanges: ReadChangesListener | undefined;
let notificationSender: LeaderLoop | undefined;
let paymentDeadlineWatch: LeaderLoop | undefined;
let receiptSender: LeaderLoop | undefined;
let telegramUpdates: TelegramUpdates | undefined;

/**
 * The server build's lifecycle, started and stopped by server/app.ts (bundled with the
 * request handlers, so one instance of every module).
 */
export async function startServices(): Promise<void> {
  const config = getConfig();
  const handle = await getDatabase();
  // Pictures live on each instance's disk: the missing ones are drawn now (a failure is only logged).
  await ensureProductImagesAtStart(handle.db, config.images.dir);
  // The first quotes are in memory before the first page is served.
  const quotes = await getQuotesService();
  // Expired sessions, codes, old limits and stale anonymous lists go, hourly, on one instance.
  startHousekeeping(handle);
  // On PostgreSQL, other processes (operator commands, other instances) announce their changes to the cached reads.
  if (config.databaseUrl && !readChanges) {
    readChanges = listenForReadChanges(config.databaseUrl);
    await readChanges.ready;
  }
  // Messages to buyers and staff leave from the outbox, one instance at a time.
  notificationSender ??= startNotificationSender(handle, config);
  // Unpaid online orders are let go after ORDER_PAYMENT_TIMEOUT_MINUTES, one instance at a time.
  paymentDeadlineWatch ??= startPaymentDeadlineWatch(handle);
  void paymentDeadlineWatch.runNow();
  // Settlement receipts (coins handed over) go to the payment provider, one instance at a time.
  receiptSender ??= startReceiptSender(handle, config);
  // Buyers' alerts on prices and stock: at start, after every quotes refresh, and every minute.
  void startAlertWatch(handle).runNow();
  quotes.onRefresh(checkAlertsSoon);
  // At a coin's opening its pre-orders are served in line (and later the pieces unpaid ones give back),
  // then its subscribers are told through the outbox, one instance at a time.
  void startLaunchWatch(handle, { serveOpened: (now) => servePreordersWhenOpen(handle.db, now) }).runNow();
  // The buyers' bot: its webhook registered, or its long poll on one instance (nothing without TELEGRAM_BOT_USERNAME).
  telegramUpdates ??= await startTelegramUpdates(handle, config, await botFacts(config.publicUrl));
}

/**
 * The launch watch's pre-order step: served only while the shop takes orders (quotes fresh, sales
 * not paused), as a checkout would be; otherwise the line waits for a later round.
 */
async function servePreordersWhenOpen(db: Database, now: Date): Promise<void> {
  const [quotes, sales] = await Promise.all([getQuotesService(), readSalesSetting(db)]);
  if (!isShopOpen({ paused: sales.paused, quotesFresh: quotes.isFresh() })) return;
  await serveOpenedPreorders(db, quotes.rates(), now);
}

export async function stopServices(): Promise<void> {
  await Promise.all([
    notificationSender?.stop(),
    paymentDeadlineWatch?.stop(),
    receiptSender?.stop(),
    stopAlertWatch(),
    stopLaunchWatch(),
    telegramUpdates?.stop(),
  ]);
  telegramUpdates = undefined;
  notificationSender = undefined;
  receiptSender = undefined;
  paymentDeadlineWatch = undefined;
  await readChanges?.stop();
  readChanges = undefined;
  await stopQuotesService();
  await stopHousekeeping();
  await closeDatabase();
}

/** Resolves when the database answers; /healthz answers 200 only then. */
export async function checkHealth(): Promise<void> {
  const handle = await getDatabase();
  await handle.ping();
}

export function serverSettings(): Pick<
  AppConfig,
  "host" | "port" | "shutdownTimeoutMs" | "webConcurrency" | "isProduction" | "trustProxy" | "proxyTrust" | "publicUrl" | "logLevel"
> & {
  imagesDir: string;
  imageRemoteHost: string | undefined;
  adminUploadMaxBytes: number;
} {
  const { host, port, shutdownTimeoutMs, webConcurrency, isProduction, trustProxy, proxyTrust, publicUrl, logLevel, images } = getConfig();
  return {
    host,
    port,
    shutdownTimeoutMs,
    webConcurrency,
    isProduction,
    trustProxy,
    proxyTrust,
    publicUrl,
    logLevel,
    imagesDir: images.dir,
    imageRemoteHost: images.remoteHost,
    adminUploadMaxBytes: images.uploadMaxBytes,
  };
}
