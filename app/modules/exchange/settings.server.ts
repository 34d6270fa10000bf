import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client.server.ts";
import { shopSettings } from "../db/schema.ts";
import type { Outcome } from "../shared/failure.ts";
import { cliActor, type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { orderStatuses } from "../db/column-values.ts";
import { checkStatusRows, DEFAULT_STATUS_ROWS, type StatusRow } from "./status-table.ts";

const SETTINGS_KEY = "exchange";

/** The largest piece of a file 1C may send in one request (file_limit); server.ts reads no more of an exchange's body. */
export const EXCHANGE_MAX_FILE_LIMIT = 16 * 1024 * 1024;
export const EXCHANGE_MIN_FILE_LIMIT = 64 * 1024;
/** How long one mode=import call waits for the file's import before answering `progress` (1C then asks again). */
export const EXCHANGE_MAX_IMPORT_STEP_SECONDS = 120;
const EXCHANGE_DEFAULT_IMPORT_STEP_SECONDS = 25;

/**
 * The exchange's settings (the back office's «Обмен с 1С» page and `npm run exchange`), one row
 * of shop_settings: the login and the password's hash (never the password), whether 1C may send
 * zip archives, the size of a piece, the encoding of the orders the shop sends.
 */
const settingsSchema = z.object({
  login: z.string().nullable().catch(null),
  passwordHash: z.string().nullable().catch(null),
  zip: z.boolean().catch(true),
  fileLimit: z
    .number()
    .int()
    .min(EXCHANGE_MIN_FILE_LIMIT)
    .max(EXCHANGE_MAX_FILE_LIMIT)
    .catch(2 * 1024 * 1024),
  encoding: z.enum(["utf-8", "windows-1251"]).catch("utf-8"),
  /**
   * Seconds a mode=import call waits before it answers `progress`: under the time the dealer's 1C
   * waits for an answer (Bitrix answers after 30 s, which 1C set-ups are used to); 0 answers at once.
   */
  importStepSeconds: z.number().int().min(0).max(EXCHANGE_MAX_IMPORT_STEP_SECONDS).catch(EXCHANGE_DEFAULT_IMPORT_STEP_SECONDS),
  /** Stock from one warehouse (its Ид in 1C); null: summed over all of them. */
  warehouseId: z.string().nullable().catch(null),
  /** The price type (ТипЦены Ид) whose price a fixed-price coin takes; null: the file's first. */
  priceTypeId: z.string().nullable().catch(null),
  /** Whether 1C owns the coins' names and descriptions (an import overwrites them) or the shop's staff do. */
  ownsTexts: z.boolean().catch(false),
  /** Which orders type=sale sends: all of them, or only those paid. */
  ordersScope: z.enum(["all", "paid"]).catch("all"),
  /** Orders placed before this day (YYYY-MM-DD, Moscow) are not sent; null: from the first. */
  ordersFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
  /** 1C's status names → ours (status-table.ts); until the owner saves the table, the usual 1C names. */
  statusRows: z
    .array(z.object({ name: z.string(), status: z.enum(orderStatuses) }))
    .catch(() => [...DEFAULT_STATUS_ROWS])
    .default(() => [...DEFAULT_STATUS_ROWS]),
});
export type ExchangeSettings = z.infer<typeof settingsSchema>;

export async function readExchangeSettings(db: Database): Promise<ExchangeSettings> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, SETTINGS_KEY)).limit(1);
  return settingsSchema.parse(row?.value ?? {});
}

async function saveExchangeSettings(db: Database, value: ExchangeSettings): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key: SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: sql`now()` } });
}

/** What the audit row shows of the settings: never the hash. */
function shownSettings({ passwordHash, ...rest }: ExchangeSettings): Record<string, unknown> {
  return { ...rest, password: passwordHash ? "задан" : "не задан" };
}

export const LOGIN_PATTERN = /^[\p{L}\p{N}_.@-]{1,64}$/u;
export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 200;

/**
 * Sets the exchange's login and password (staff in /admin or `npm run exchange -- credentials`),
 * audited in the same transaction. A short password is refused: 1C keeps it in its settings, so
 * nobody types it, and the endpoint is open to the internet.
 */
export async function setExchangeCredentials(db: Database, login: string, password: string, actor: StaffActor = cliActor): Promise<Outcome> {
  const name = login.trim();
  if (!LOGIN_PATTERN.test(name)) return { ok: false, reason: "Логин обмена: от 1 до 64 букв, цифр и знаков _ . @ -" };
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, reason: `Пароль обмена: от ${PASSWORD_MIN_LENGTH} до ${PASSWORD_MAX_LENGTH} знаков` };
  }
  // `:` ends the login in HTTP Basic authentication; a password may hold it, a login may not (the pattern).
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exchange-settings'))`);
    const before = await readExchangeSettings(tx);
    const after = { ...before, login: name, passwordHash };
    await saveExchangeSettings(tx, after);
    await writeAudit(tx, actor, { action: "exchange.credentials", entity: "exchange:settings", before: shownSettings(before), after: shownSettings(after) });
  });
  return { ok: true };
}

export type ExchangeOptions = Pick<ExchangeSettings, "zip" | "fileLimit" | "encoding"> &
  Partial<Pick<ExchangeSettings, "warehouseId" | "priceTypeId" | "ownsTexts" | "ordersScope" | "ordersFrom" | "importStepSeconds">>;

/** Sets zip, file_limit, the orders' encoding, and what the catalogue takes from 1C; audited. */
export async function setExchangeOptions(db: Database, options: ExchangeOptions, actor: StaffActor = cliActor): Promise<Outcome> {
  if (!Number.isInteger(options.fileLimit) || options.fileLimit < EXCHANGE_MIN_FILE_LIMIT || options.fileLimit > EXCHANGE_MAX_FILE_LIMIT) {
    return { ok: false, reason: `Размер части файла: от ${EXCHANGE_MIN_FILE_LIMIT} до ${EXCHANGE_MAX_FILE_LIMIT} байт` };
  }
  const step = options.importStepSeconds;
  if (step !== undefined && (!Number.isInteger(step) || step < 0 || step > EXCHANGE_MAX_IMPORT_STEP_SECONDS)) {
    return { ok: false, reason: `Ожидание загрузки: от 0 до ${EXCHANGE_MAX_IMPORT_STEP_SECONDS} секунд` };
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exchange-settings'))`);
    const before = await readExchangeSettings(tx);
    const after = { ...before, ...options };
    await saveExchangeSettings(tx, after);
    await writeAudit(tx, actor, { action: "exchange.options", entity: "exchange:settings", before: shownSettings(before), after: shownSettings(after) });
  });
  return { ok: true };
}

/** Sets the table of 1C's status names (the page's «Статусы заказов из 1С»): checked, audited before and after. */
export async function setExchangeStatusRows(
  db: Database,
  rows: ReadonlyArray<{ name: string; status: string }>,
  actor: StaffActor = cliActor,
): Promise<Outcome> {
  const checked = checkStatusRows(rows);
  if (!checked.ok) return checked;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exchange-settings'))`);
    const before = await readExchangeSettings(tx);
    await saveExchangeSettings(tx, { ...before, statusRows: checked.rows });
    await writeAudit(tx, actor, {
      action: "exchange.statuses",
      entity: "exchange:settings",
      before: { statusRows: before.statusRows },
      after: { statusRows: checked.rows },
    });
  });
  return { ok: true };
}

export type { StatusRow };

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** "scrypt$N$r$p$salt$hash", salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, SCRYPT);
  return ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a password nobody has, checked when the login is wrong so that the answer takes as long. */
let decoyHash: Promise<string> | undefined;

/** Whether the login and password are the exchange's; false when none are set. */
export async function checkExchangeCredentials(settings: ExchangeSettings, login: string, password: string): Promise<boolean> {
  const loginMatches = settings.login !== null && settings.passwordHash !== null && login === settings.login;
  const hash = loginMatches ? settings.passwordHash! : await (decoyHash ??= hashPassword(randomBytes(16).toString("hex")));
  const passwordMatches = await verifyPassword(password, hash);
  return loginMatches && passwordMatches;
}
