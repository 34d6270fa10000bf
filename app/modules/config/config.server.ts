import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { generatePiiKey, parsePiiKey, type PiiKeyring } from "../shared/pii-crypto.server.ts";
import { DEMO_BANK, type InvoiceSettings } from "./invoice-settings.ts";
import { MIN_RETURN_PERIOD_DAYS, type ReturnSettings } from "./return-settings.ts";
import { DEFAULT_OFFICE_HOURS_TEXT, type OfficeHours, parseOfficeHours } from "./office-hours.ts";
import { isValidBik, isValidCorrespondentAccount, isValidSettlementAccount } from "./bank-details.ts";
import { ASSAY_REGISTER_SEARCH_URL, DEMO_SELLER, innMatchesOgrn, isValidInn, isValidOgrn, type SellerDetails } from "./seller.ts";
import { parseProxyTrust, type ProxyTrust } from "./proxy-trust.server.ts";
import { type LogLevel, setLogLevel } from "../shared/log.server.ts";

/**
 * Every setting of the shop is an environment variable, validated here once at start.
 * Without any of them the shop runs on the embedded database with demo data.
 * docs/operator.md lists the same variables (a test keeps them in step).
 */
const cdekCityCodeMessage = "код города в справочнике СДЭК — целое положительное число (Москва 44)";

/** Orders one process keeps waiting for a turn; beyond it a buyer is told at once that the shop is busy. */
const MAX_ORDERS_WAITING = 2_000;

/** A whole number setting within bounds, one Russian message for every way it can be wrong. */
const wholeInRange = (min: number, max: number, error: string, fallback: number) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);

/** A sum in whole roubles from 1 to `max`, with one message for every way it can be wrong. */
const roubles = (max: number) => {
  const message = `сумма в рублях — целое число от 1 до ${max.toLocaleString("ru-RU")}`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);
};

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "должен быть адресом http(s)://…" })
    .optional()
    .transform((value) => value?.replace(/\/+$/, "")),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "должен быть адресом postgres://…" }).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  // Several secrets, newest first, while one is being replaced (docs/decisions/031-cookies-and-secret-rotation.md).
  SESSION_SECRET: z
    .string()
    .transform((value) => value.split(/[,\s]+/).filter(Boolean))
    .refine(
      (secrets) => secrets.length > 0 && secrets.every((secret) => secret.length >= 32),
      "каждый секрет не короче 32 символов; несколько — через запятую, новый первым",
    )
    .optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  WEB_CONCURRENCY: z.coerce
    .number({ error: "число процессов сервера — целое от 1 до 64" })
    .int({ error: "число процессов сервера — целое от 1 до 64" })
    .min(1, { error: "число процессов сервера — целое от 1 до 64" })
    .max(64, { error: "число процессов сервера — целое от 1 до 64" })
    .optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context) => {
      const trust = parseProxyTrust(value);
      if (trust && "error" in trust) {
        context.addIssue({ code: "custom", message: trust.error });
        return z.NEVER;
      }
      return trust;
    }),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  ADMIN_UPLOAD_MAX_KB: z.coerce
    .number({ error: "целое число килобайт от 64 до 51200" })
    .int({ error: "целое число килобайт от 64 до 51200" })
    .min(64, { error: "целое число килобайт от 64 до 51200" })
    .max(51_200, { error: "целое число килобайт от 64 до 51200" })
    .default(5120),
  IMAGE_REMOTE_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, "должен быть именем хоста, например cdn.example.ru")
    .optional(),
  YANDEX_MAPS_API_KEY: z
    .string()
    .regex(/^[\w-]{8,100}$/, "ключ JavaScript API Яндекс Карт: латинские буквы, цифры и дефисы")
    .optional(),
  METRICA_COUNTER_ID: z
    .string()
    .regex(/^\d{4,12}$/, "номер счётчика Метрики — только цифры")
    .optional(),
  SMS_PROVIDER: z.enum(["log", "file", "smsru", "smsc"]).default("log"),
  SMS_OUTBOX_FILE: z.string().min(1).optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SMS_CODES_PER_IP_PER_HOUR: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(100_000)
    .default(20),
  SMS_CODE_CHECKS_PER_IP_PER_HOUR: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(100_000)
    .default(60),
  ORDER_ATTEMPTS_PER_BUYER_PER_MINUTE: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(100_000)
    .default(10),
  ORDER_ATTEMPTS_PER_IP_PER_MINUTE: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(1_000_000)
    .default(60),
  SMSRU_API_ID: z.string().min(1).optional(),
  SMSRU_FROM: z.string().min(1).optional(),
  SMSRU_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://sms.ru"),
  SMSC_LOGIN: z.string().min(1).optional(),
  SMSC_PASSWORD: z.string().min(1).optional(),
  SMSC_SENDER: z.string().min(1).optional(),
  SMSC_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://smsc.ru"),
  QUOTES_PROVIDER: z.enum(["embedded", "cbr", "moex"]).default("embedded"),
  QUOTES_REFRESH_INTERVAL_MS: z.coerce.number().int().min(1_000).default(600_000),
  QUOTES_MAX_AGE_MINUTES: z.coerce.number().int().min(1).default(180),
  QUOTES_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  CBR_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://www.cbr.ru"),
  MOEX_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://iss.moex.com"),
  DELIVERY_PROVIDER: z.enum(["embedded", "cdek"]).default("embedded"),
  DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  CDEK_CLIENT_ID: z.string().min(1).optional(),
  CDEK_CLIENT_SECRET: z.string().min(1).optional(),
  CDEK_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.cdek.ru"),
  CDEK_SENDER_CITY_CODE: z.coerce.number({ error: cdekCityCodeMessage }).int({ error: cdekCityCodeMessage }).min(1, { error: cdekCityCodeMessage }).default(44),
  PAYMENT_PROVIDER: z.enum(["sandbox", "yookassa"]).default("sandbox"),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  YOOKASSA_SHOP_ID: z
    .string()
    .regex(/^\d{1,20}$/, "идентификатор магазина в ЮKassa (shopId) — только цифры")
    .optional(),
  YOOKASSA_SECRET_KEY: z
    .string()
    .regex(/^\S{8,200}$/, "секретный ключ ЮKassa (live_… или test_…)")
    .optional(),
  YOOKASSA_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.yookassa.ru"),
  MAX_UNPAID_ORDERS_PER_BUYER: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(1000)
    .default(2),
  MAX_PIECES_PER_COIN: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(100_000)
    .default(50),
  LOW_STOCK_THRESHOLD: z.coerce
    .number({ error: "целое число от 0" })
    .int({ error: "целое число от 0" })
    .min(0, { error: "целое число от 0" })
    .max(100_000)
    .default(3),
  ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(60),
  // Orders one process places at once, and how long the rest wait for a turn (a launch's crowd).
  ORDERS_PLACED_AT_ONCE: wholeInRange(1, 100, "целое число от 1 до 100", 4),
  ORDER_QUEUE_SECONDS: wholeInRange(1, 120, "целое число секунд от 1 до 120", 20),
  // Stock held by orders nobody has paid or confirmed yet (payment on receipt has no payment to wait for).
  ORDER_CONFIRM_TIMEOUT_MINUTES: z.coerce
    .number({ error: "целое число минут от 1 до 43200" })
    .int({ error: "целое число минут от 1 до 43200" })
    .min(1, { error: "целое число минут от 1 до 43200" })
    .max(30 * 24 * 60, { error: "целое число минут от 1 до 43200" })
    .default(3 * 24 * 60),
  // Office pickup booked for a time: the slots' length and places, how far ahead, and when an uncollected order is flagged.
  PICKUP_SLOT_MINUTES: wholeInRange(15, 240, "целое число минут от 15 до 240", 60),
  PICKUP_SLOT_CAPACITY: wholeInRange(1, 100, "целое число от 1 до 100", 2),
  PICKUP_DAYS_AHEAD: wholeInRange(1, 60, "целое число дней от 1 до 60", 14),
  PICKUP_UNCOLLECTED_DAYS: wholeInRange(1, 60, "целое число дней от 1 до 60", 3),
  // The office's hours until staff set them on /admin/pickup (checked against the slot length below).
  OFFICE_HOURS: z.string().max(500, "не длиннее 500 символов").default(DEFAULT_OFFICE_HOURS_TEXT),
  MAX_UNCONFIRMED_PIECES_PER_BUYER: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(1_000_000)
    .default(100),
  MAX_UNCONFIRMED_RUB_PER_BUYER: roubles(10_000_000_000).default(3_000_000),
  MAX_EXPIRED_ORDERS_PER_COIN_PER_DAY: z.coerce
    .number({ error: "целое число от 1" })
    .int({ error: "целое число от 1" })
    .min(1, { error: "целое число от 1" })
    .max(1000)
    .default(2),
  BUYBACK_QUOTE_MINUTES: z.coerce
    .number({ error: "целое число минут от 1 до 1440" })
    .int({ error: "целое число минут от 1 до 1440" })
    .min(1, { error: "целое число минут от 1 до 1440" })
    .max(24 * 60, { error: "целое число минут от 1 до 1440" })
    .default(30),
  EMAIL_PROVIDER: z.enum(["log", "file", "smtp"]).default("log"),
  EMAIL_OUTBOX_FILE: z.string().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "должен быть адресом smtp://… или smtps://…" }).optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{3,20}:[\w-]{20,100}$/, "токен бота Telegram вида 123456:ABC…")
    .optional(),
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^-?\d{1,20}$|^@\w{4,64}$/, "id чата (число, у групп отрицательное) или @имя канала")
    .optional(),
  TELEGRAM_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^@?[A-Za-z][A-Za-z0-9_]{3,31}$/, "имя бота Telegram без t.me/, например aurum_shop_bot")
    .transform((value) => value.replace(/^@/, ""))
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, "от 16 до 256 знаков A-Z, a-z, 0-9, _ и -")
    .optional(),
  STAFF_NOTIFY_EMAILS: z
    .string()
    .transform((value) => value.split(/[,;\s]+/).filter(Boolean))
    .pipe(z.array(z.email({ error: "список адресов через запятую" })).max(20))
    .optional(),
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  NOTIFY_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // The seller's legal details; the defaults are made-up demo values, labelled so where shown.
  SELLER_NAME: z.string().trim().min(3, "полное наименование продавца").max(300).default(DEMO_SELLER.name),
  SELLER_INN: z.string().trim().refine(isValidInn, "ИНН: 10 цифр (организация) или 12 (ИП) с верными контрольными цифрами").default(DEMO_SELLER.inn),
  SELLER_OGRN: z
    .string()
    .trim()
    .refine(isValidOgrn, "ОГРН: 13 цифр (организация) или ОГРНИП: 15 цифр (ИП) с верной контрольной цифрой")
    .default(DEMO_SELLER.ogrn),
  SELLER_ADDRESS: z.string().trim().min(10, "юридический адрес продавца").max(500).default(DEMO_SELLER.address),
  // Payment by invoice: the seller's bank details printed on it, checked against each other below.
  SELLER_KPP: z
    .string()
    .trim()
    .regex(/^\d{4}[\dA-Z]{2}\d{3}$/, "КПП: 9 знаков (4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры)")
    .optional(),
  SELLER_BANK_NAME: z.string().trim().min(3, "название банка продавца").max(200).default(DEMO_BANK.bankName),
  SELLER_BIK: z.string().trim().refine(isValidBik, "БИК: 9 цифр, начинается с 04").default(DEMO_BANK.bik),
  SELLER_ACCOUNT: z
    .string()
    .trim()
    .regex(/^\d{20}$/, "расчётный счёт: 20 цифр")
    .default(DEMO_BANK.account),
  SELLER_CORRESPONDENT_ACCOUNT: z
    .string()
    .trim()
    .regex(/^301\d{17}$/, "корреспондентский счёт: 20 цифр, начинается с 301")
    .default(DEMO_BANK.correspondentAccount),
  INVOICE_PAYMENT_DAYS: z.coerce
    .number({ error: "целое число банковских дней от 1 до 30" })
    .int("целое число банковских дней от 1 до 30")
    .min(1, "целое число банковских дней от 1 до 30")
    .max(30, "целое число банковских дней от 1 до 30")
    .default(3),
  CARD_PAYMENT_MAX_RUB: roubles(1_000_000_000).default(3_000_000),
  // Returns of goods bought at a distance (ЗоЗПП ст. 26.1): on or off, the period and the address.
  RETURNS_ACCEPTED: z.enum(["true", "false"], { error: "true или false" }).default("true"),
  // The bench's blank page (/bench/blank, decision 063): off in production.
  BENCH_BLANK_PAGE: z.enum(["true", "false"], { error: "true или false" }).default("false"),
  RETURN_PERIOD_DAYS: z.coerce
    .number({ error: `целое число дней от ${MIN_RETURN_PERIOD_DAYS} до 365` })
    .int(`целое число дней от ${MIN_RETURN_PERIOD_DAYS} до 365`)
    .min(MIN_RETURN_PERIOD_DAYS, `целое число дней от ${MIN_RETURN_PERIOD_DAYS} до 365 (закон: не меньше 7)`)
    .max(365, `целое число дней от ${MIN_RETURN_PERIOD_DAYS} до 365`)
    .default(MIN_RETURN_PERIOD_DAYS),
  RETURN_ADDRESS: z.string().trim().min(10, "адрес приёма возвратов: не короче 10 символов").max(500).optional(),
  // Identification of buyers (115-FZ): the thresholds and the key of the personal data at rest.
  IDENTIFICATION_THRESHOLD_RUB: roubles(100_000_000).default(100_000),
  IDENTIFICATION_THRESHOLD_CASH_RUB: roubles(100_000_000).default(40_000),
  MANDATORY_CONTROL_THRESHOLD_RUB: roubles(1_000_000_000).default(1_000_000),
  PII_ENCRYPTION_KEY: z
    .string()
    .refine((value) => parsePiiKey(value) !== null, "32 байта: 64 шестнадцатеричные цифры или base64")
    .optional(),
  PII_ENCRYPTION_OLD_KEYS: z
    .string()
    .transform((value) => value.split(/[,;\s]+/).filter(Boolean))
    .refine((keys) => keys.every((key) => parsePiiKey(key) !== null), "прежние ключи через запятую, каждый 32 байта (hex или base64)")
    .optional(),
  ASSAY_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .min(3, "номер в реестре специального учёта Пробирной палаты")
    .max(100)
    .default(DEMO_SELLER.assayRegistrationNumber),
  ASSAY_REGISTER_URL: z
    .url({ protocol: /^https$/, error: "адрес записи магазина в реестре Пробирной палаты, https://…" })
    .max(500)
    .default(ASSAY_REGISTER_SEARCH_URL),
});

/**
 * What orders nobody has paid or confirmed may hold (ORDER_CONFIRM_TIMEOUT_MINUTES,
 * MAX_UNCONFIRMED_PIECES_PER_BUYER, MAX_UNCONFIRMED_RUB_PER_BUYER, MAX_EXPIRED_ORDERS_PER_COIN_PER_DAY):
 * counted per buyer and per contact phone, this order included.
 */
export type HoldRules = { confirmTimeoutMinutes: number; maxPieces: number; maxRub: number; maxExpiredPerCoinPerDay: number };

/** 115-FZ: from which order total, by the way it is paid, a buyer is identified (compliance/identification.ts). */
export type IdentificationThresholds = {
  /** Online payment (card, СБП): identification from this order total, roubles. */
  nonCash: number;
  /** Payment on receipt (cash to the courier): its own, lower threshold. */
  cash: number;
};

export type AppConfig = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  host: string;
  port: number;
  /** Absolute origin used for canonical links, sitemaps and JSON-LD, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** The longest a PostgreSQL query may take (or hang, when the network does) before the page answers 503. */
  databaseQueryTimeoutMs: number;
  /** How long a request waits for a pooled PostgreSQL connection while the database answers (decision 068). */
  databasePoolWaitMs: number;
  /** SESSION_SECRET's secrets, newest first: the first signs cookies and keys code hashes, any of them verifies. */
  sessionSecrets: readonly string[];
  shutdownTimeoutMs: number;
  /** Server processes sharing the port (WEB_CONCURRENCY): the cores with PostgreSQL, 1 on the embedded database. */
  webConcurrency: number;
  /** Behind a reverse proxy: take the scheme and host from X-Forwarded-Proto/Host. */
  trustProxy: boolean;
  /** Which hops are the shop's own proxies: the client's address is the right-most X-Forwarded-For entry that is not one. */
  proxyTrust: ProxyTrust;
  logLevel: LogLevel;
  sms: {
    /** log: the code in the server log; file: one JSON line per message (tests); smsru, smsc: real gateways. */
    provider: "log" | "file" | "smsru" | "smsc";
    outboxFile: string | undefined;
    timeoutMs: number;
    smsru: { apiId: string | undefined; from: string | undefined; baseUrl: string };
    smsc: { login: string | undefined; password: string | undefined; sender: string | undefined; baseUrl: string };
  };
  /** Yandex Metrica counter; without it no analytics script is loaded. */
  /** Sign-in codes one address may ask for in an hour (SMS_CODES_PER_IP_PER_HOUR). */
  smsCodesPerIpPerHour: number;
  /** Sign-in codes typed from one address in an hour, right or wrong (SMS_CODE_CHECKS_PER_IP_PER_HOUR): a guesser's ceiling. */
  smsCodeChecksPerIpPerHour: number;
  /** Attempts to place an order one buyer, and one address, may make in a minute (ORDER_ATTEMPTS_PER_BUYER_PER_MINUTE, ORDER_ATTEMPTS_PER_IP_PER_MINUTE). */
  orderAttempts: { perBuyerPerMinute: number; perIpPerMinute: number };
  metricaCounterId: string | undefined;
  /** Key of the Yandex Maps JavaScript API; without it /contacts shows no map (the address and directions stay). */
  yandexMapsApiKey: string | undefined;
  images: {
    /** Generated and uploaded product pictures: $DATA_DIR/images. */
    dir: string;
    /** The one remote host /_ipx may fetch pictures from (a CDN or the old site), if any. */
    remoteHost: string | undefined;
    /** The largest back-office upload (a picture, a catalogue file, a content text): ADMIN_UPLOAD_MAX_KB. */
    uploadMaxBytes: number;
  };
  quotes: {
    provider: "embedded" | "cbr" | "moex";
    refreshIntervalMs: number;
    /** Older quotes close the shop for orders (docs/architecture.md §5). */
    maxAgeMinutes: number;
    timeoutMs: number;
    cbrBaseUrl: string;
    moexBaseUrl: string;
  };
  delivery: {
    /** embedded: the demo cities and points shipped with the shop; cdek: CDEK API v2. */
    provider: "embedded" | "cdek";
    timeoutMs: number;
    cdek: {
      clientId: string | undefined;
      clientSecret: string | undefined;
      /** Without /v2 and without a trailing slash. */
      baseUrl: string;
      /** CDEK's own code of the city parcels are sent from (Moscow 44). */
      senderCityCode: number;
    };
  };
  payments: {
    /** sandbox: the built-in test-payment page; yookassa: YooKassa API v3. */
    provider: "sandbox" | "yookassa";
    timeoutMs: number;
    yookassa: { shopId: string | undefined; secretKey: string | undefined; baseUrl: string };
  };
  /** Caps that keep one buyer from holding the shop's stock, and the payment window. */
  orders: {
    /** Online-payment orders not paid yet (new or awaiting payment) one buyer may have at once. */
    maxUnpaidPerBuyer: number;
    /** Pieces of one coin in one order (and one cart line); a coin's own max_per_order may be lower. */
    maxPiecesPerCoin: number;
    /** A coin with this many pieces or fewer is listed as low stock on the dashboard, unless it has its own threshold. */
    lowStockThreshold: number;
    /** An online-payment order not paid within this many minutes is cancelled. */
    paymentTimeoutMinutes: number;
    /** What orders nobody has paid or confirmed may hold, and for how long (orders/limits.ts). */
    hold: HoldRules;
    /** Orders this process places at once, how long the others wait for a turn and how many (orders/order-gate.ts). */
    gate: { atOnce: number; maxWaitMs: number; maxWaiting: number };
  };
  /** Office pickup booked for a time (pickup/slots.ts). */
  pickup: PickupRules;
  buyback: {
    /** How long a buy-back quote's price holds; then it is made again from the quotes of that moment. */
    quoteMinutes: number;
  };
  notifications: {
    email: {
      /** log: the message in the server log; file: one JSON line per message; smtp: sent through SMTP_URL. */
      provider: "log" | "file" | "smtp";
      outboxFile: string | undefined;
      smtpUrl: string | undefined;
      /** The From of every e-mail: "Аурум <shop@example.ru>". */
      from: string;
    };
    /**
     * The bot, when TELEGRAM_BOT_TOKEN is set: the staff chat (chatId) and the buyers' channel (botUsername, the deep links).
     * Updates come by webhook when webhookSecret is set (PUBLIC_URL/telegram/webhook), else by long polling.
     */
    telegram: { botToken: string; chatId: string | undefined; baseUrl: string; botUsername: string | undefined; webhookSecret: string | undefined } | undefined;
    staffEmails: string[];
    timeoutMs: number;
    maxAttempts: number;
    pollIntervalMs: number;
  };
  /** The seller's legal details: footer, /contacts, JSON-LD, e-mails. */
  seller: SellerDetails;
  /** Payment by invoice: the seller's bank details, its deadline, and the order total above which no card payment is offered. */
  invoices: InvoiceSettings;
  returns: ReturnSettings;
  /** Whether /bench/blank answers (the framework's floor in bench/main-thread-trace.ts); a 404 otherwise. */
  benchBlankPage: boolean;
  /** 115-FZ: when a buyer is identified, when an order is under mandatory control, and the key of their data. */
  compliance: {
    identificationThresholds: IdentificationThresholds;
    mandatoryControlRub: number;
    piiKeys: PiiKeyring;
  };
};

/** A setting is wrong: the message names the variable so the operator can fix it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Неверные настройки окружения:\n${lines.join("\n")}`);
  }
  const values = result.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const isProduction = values.NODE_ENV === "production";

  const missing = (name: string, why: string) => new ConfigError(`Неверные настройки окружения:\n  ${name}: ${why}`);
  if (values.SMS_PROVIDER === "file" && !values.SMS_OUTBOX_FILE) throw missing("SMS_OUTBOX_FILE", "обязателен при SMS_PROVIDER=file");
  if (values.SMS_PROVIDER === "smsru" && !values.SMSRU_API_ID) throw missing("SMSRU_API_ID", "обязателен при SMS_PROVIDER=smsru");
  if (values.SMS_PROVIDER === "smsc" && (!values.SMSC_LOGIN || !values.SMSC_PASSWORD)) {
    throw missing("SMSC_LOGIN", "SMSC_LOGIN и SMSC_PASSWORD обязательны при SMS_PROVIDER=smsc");
  }
  if (values.DELIVERY_PROVIDER === "cdek" && (!values.CDEK_CLIENT_ID || !values.CDEK_CLIENT_SECRET)) {
    throw missing("CDEK_CLIENT_ID", "CDEK_CLIENT_ID и CDEK_CLIENT_SECRET обязательны при DELIVERY_PROVIDER=cdek");
  }

  if (values.PAYMENT_PROVIDER === "yookassa" && (!values.YOOKASSA_SHOP_ID || !values.YOOKASSA_SECRET_KEY)) {
    throw missing(
      values.YOOKASSA_SHOP_ID ? "YOOKASSA_SECRET_KEY" : "YOOKASSA_SHOP_ID",
      "YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY обязательны при PAYMENT_PROVIDER=yookassa",
    );
  }

  const officeHours = parseOfficeHours(values.OFFICE_HOURS, values.PICKUP_SLOT_MINUTES);
  if (!officeHours.ok) throw missing("OFFICE_HOURS", officeHours.reason);

  if (!innMatchesOgrn(values.SELLER_INN, values.SELLER_OGRN)) {
    throw missing("SELLER_OGRN", "организации (ИНН из 10 цифр) нужен ОГРН из 13 цифр, ИП (ИНН из 12 цифр) — ОГРНИП из 15");
  }
  const seller = {
    name: values.SELLER_NAME,
    inn: values.SELLER_INN,
    ogrn: values.SELLER_OGRN,
    address: values.SELLER_ADDRESS,
    assayRegistrationNumber: values.ASSAY_REGISTRATION_NUMBER,
  };
  // A wrong digit in an account sends a company's money nowhere: the keys must agree with the БИК.
  if (!isValidSettlementAccount(values.SELLER_ACCOUNT, values.SELLER_BIK)) {
    throw missing("SELLER_ACCOUNT", "контрольная цифра расчётного счёта не сходится с БИК банка: проверьте счёт и SELLER_BIK");
  }
  if (!isValidCorrespondentAccount(values.SELLER_CORRESPONDENT_ACCOUNT, values.SELLER_BIK)) {
    throw missing("SELLER_CORRESPONDENT_ACCOUNT", "корреспондентский счёт не принадлежит банку с этим БИК: проверьте счёт и SELLER_BIK");
  }
  if (values.SELLER_INN.length === 10 && !values.SELLER_KPP && values.SELLER_INN !== DEMO_SELLER.inn) {
    throw missing("SELLER_KPP", "обязателен для организации (ИНН из 10 цифр): его печатают счёт и УПД");
  }
  if (values.SELLER_INN.length === 12 && values.SELLER_KPP) throw missing("SELLER_KPP", "у ИП нет КПП: уберите настройку");
  const bank = {
    kpp: values.SELLER_INN.length === 10 ? (values.SELLER_KPP ?? DEMO_BANK.kpp) : null,
    bankName: values.SELLER_BANK_NAME,
    bik: values.SELLER_BIK,
    account: values.SELLER_ACCOUNT,
    correspondentAccount: values.SELLER_CORRESPONDENT_ACCOUNT,
  };
  const demoBank = bank.bankName === DEMO_BANK.bankName || bank.account === DEMO_BANK.account;
  const demoSeller = (Object.keys(DEMO_SELLER) as Array<keyof typeof DEMO_SELLER>).some((key) => seller[key] === DEMO_SELLER[key]);
  const assayRegisterUrl = values.ASSAY_REGISTER_URL;

  if (values.EMAIL_PROVIDER === "file" && !values.EMAIL_OUTBOX_FILE) throw missing("EMAIL_OUTBOX_FILE", "обязателен при EMAIL_PROVIDER=file");
  if (values.EMAIL_PROVIDER === "smtp" && !values.SMTP_URL) throw missing("SMTP_URL", "обязателен при EMAIL_PROVIDER=smtp");
  if (values.EMAIL_PROVIDER === "smtp" && !values.EMAIL_FROM) throw missing("EMAIL_FROM", "обязателен при EMAIL_PROVIDER=smtp");
  if (!values.TELEGRAM_BOT_TOKEN && (values.TELEGRAM_CHAT_ID || values.TELEGRAM_BOT_USERNAME || values.TELEGRAM_WEBHOOK_SECRET)) {
    throw missing("TELEGRAM_BOT_TOKEN", "нужен для TELEGRAM_CHAT_ID, TELEGRAM_BOT_USERNAME и TELEGRAM_WEBHOOK_SECRET");
  }

  // The embedded database lives inside one process: more server processes need PostgreSQL.
  if ((values.WEB_CONCURRENCY ?? 1) > 1 && !values.DATABASE_URL) {
    throw missing("WEB_CONCURRENCY", "больше 1 только с DATABASE_URL: встроенная база работает в одном процессе");
  }

  if (isProduction && !values.SESSION_SECRET) {
    throw new ConfigError("Неверные настройки окружения:\n  SESSION_SECRET: обязателен при NODE_ENV=production (не короче 32 символов)");
  }

  if (isProduction && !values.PII_ENCRYPTION_KEY) {
    throw new ConfigError(
      "Неверные настройки окружения:\n  PII_ENCRYPTION_KEY: обязателен при NODE_ENV=production (32 байта: 64 шестнадцатеричные цифры или base64)",
    );
  }

  return {
    env: values.NODE_ENV,
    isProduction,
    host: values.HOST,
    port: values.PORT,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT || 3000}`,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolMax: values.DATABASE_POOL_MAX,
    databaseQueryTimeoutMs: values.DATABASE_QUERY_TIMEOUT_MS,
    databasePoolWaitMs: values.DATABASE_POOL_WAIT_MS,
    sessionSecrets: values.SESSION_SECRET ?? [developmentSessionSecret(dataDir)],
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    webConcurrency: values.WEB_CONCURRENCY ?? (values.DATABASE_URL ? availableParallelism() : 1),
    trustProxy: values.TRUST_PROXY !== false,
    proxyTrust: values.TRUST_PROXY,
    logLevel: values.LOG_LEVEL,
    smsCodesPerIpPerHour: values.SMS_CODES_PER_IP_PER_HOUR,
    smsCodeChecksPerIpPerHour: values.SMS_CODE_CHECKS_PER_IP_PER_HOUR,
    orderAttempts: { perBuyerPerMinute: values.ORDER_ATTEMPTS_PER_BUYER_PER_MINUTE, perIpPerMinute: values.ORDER_ATTEMPTS_PER_IP_PER_MINUTE },
    metricaCounterId: values.METRICA_COUNTER_ID,
    yandexMapsApiKey: values.YANDEX_MAPS_API_KEY,
    sms: {
      provider: values.SMS_PROVIDER,
      outboxFile: values.SMS_OUTBOX_FILE ? path.resolve(values.SMS_OUTBOX_FILE) : undefined,
      timeoutMs: values.SMS_TIMEOUT_MS,
      smsru: { apiId: values.SMSRU_API_ID, from: values.SMSRU_FROM, baseUrl: values.SMSRU_BASE_URL.replace(/\/+$/, "") },
      smsc: { login: values.SMSC_LOGIN, password: values.SMSC_PASSWORD, sender: values.SMSC_SENDER, baseUrl: values.SMSC_BASE_URL.replace(/\/+$/, "") },
    },
    images: { dir: path.join(dataDir, "images"), remoteHost: values.IMAGE_REMOTE_HOST, uploadMaxBytes: values.ADMIN_UPLOAD_MAX_KB * 1024 },
    quotes: {
      provider: values.QUOTES_PROVIDER,
      refreshIntervalMs: values.QUOTES_REFRESH_INTERVAL_MS,
      maxAgeMinutes: values.QUOTES_MAX_AGE_MINUTES,
      timeoutMs: values.QUOTES_TIMEOUT_MS,
      cbrBaseUrl: values.CBR_BASE_URL.replace(/\/+$/, ""),
      moexBaseUrl: values.MOEX_BASE_URL.replace(/\/+$/, ""),
    },
    delivery: {
      provider: values.DELIVERY_PROVIDER,
      timeoutMs: values.DELIVERY_TIMEOUT_MS,
      cdek: {
        clientId: values.CDEK_CLIENT_ID,
        clientSecret: values.CDEK_CLIENT_SECRET,
        baseUrl: values.CDEK_BASE_URL.replace(/\/+$/, "").replace(/\/v2$/, ""),
        senderCityCode: values.CDEK_SENDER_CITY_CODE,
      },
    },
    payments: {
      provider: values.PAYMENT_PROVIDER,
      timeoutMs: values.PAYMENT_TIMEOUT_MS,
      yookassa: {
        shopId: values.YOOKASSA_SHOP_ID,
        secretKey: values.YOOKASSA_SECRET_KEY,
        baseUrl: values.YOOKASSA_BASE_URL.replace(/\/+$/, ""),
      },
    },
    orders: {
      maxUnpaidPerBuyer: values.MAX_UNPAID_ORDERS_PER_BUYER,
      maxPiecesPerCoin: values.MAX_PIECES_PER_COIN,
      lowStockThreshold: values.LOW_STOCK_THRESHOLD,
      paymentTimeoutMinutes: values.ORDER_PAYMENT_TIMEOUT_MINUTES,
      hold: {
        confirmTimeoutMinutes: values.ORDER_CONFIRM_TIMEOUT_MINUTES,
        maxPieces: values.MAX_UNCONFIRMED_PIECES_PER_BUYER,
        maxRub: values.MAX_UNCONFIRMED_RUB_PER_BUYER,
        maxExpiredPerCoinPerDay: values.MAX_EXPIRED_ORDERS_PER_COIN_PER_DAY,
      },
      gate: { atOnce: values.ORDERS_PLACED_AT_ONCE, maxWaitMs: values.ORDER_QUEUE_SECONDS * 1000, maxWaiting: MAX_ORDERS_WAITING },
    },
    pickup: {
      slotMinutes: values.PICKUP_SLOT_MINUTES,
      capacity: values.PICKUP_SLOT_CAPACITY,
      daysAhead: values.PICKUP_DAYS_AHEAD,
      uncollectedDays: values.PICKUP_UNCOLLECTED_DAYS,
      officeHours: officeHours.hours,
    },
    buyback: { quoteMinutes: values.BUYBACK_QUOTE_MINUTES },
    notifications: {
      email: {
        provider: values.EMAIL_PROVIDER,
        outboxFile: values.EMAIL_OUTBOX_FILE ? path.resolve(values.EMAIL_OUTBOX_FILE) : undefined,
        smtpUrl: values.SMTP_URL,
        from: values.EMAIL_FROM ?? `Аурум <no-reply@${new URL(values.PUBLIC_URL ?? "http://localhost").hostname}>`,
      },
      telegram: values.TELEGRAM_BOT_TOKEN
        ? {
            botToken: values.TELEGRAM_BOT_TOKEN,
            chatId: values.TELEGRAM_CHAT_ID,
            baseUrl: values.TELEGRAM_BASE_URL.replace(/\/+$/, ""),
            botUsername: values.TELEGRAM_BOT_USERNAME,
            webhookSecret: values.TELEGRAM_WEBHOOK_SECRET,
          }
        : undefined,
      staffEmails: values.STAFF_NOTIFY_EMAILS ?? [],
      timeoutMs: values.NOTIFY_TIMEOUT_MS,
      maxAttempts: values.NOTIFY_MAX_ATTEMPTS,
      pollIntervalMs: values.NOTIFY_POLL_INTERVAL_MS,
    },
    seller: { ...seller, assayRegisterUrl, demo: demoSeller },
    invoices: { ...bank, demo: demoBank, paymentDays: values.INVOICE_PAYMENT_DAYS, cardPaymentMaxRub: values.CARD_PAYMENT_MAX_RUB },
    returns: { accepted: values.RETURNS_ACCEPTED === "true", periodDays: values.RETURN_PERIOD_DAYS, address: values.RETURN_ADDRESS ?? null },
    benchBlankPage: values.BENCH_BLANK_PAGE === "true",
    compliance: {
      identificationThresholds: { nonCash: values.IDENTIFICATION_THRESHOLD_RUB, cash: values.IDENTIFICATION_THRESHOLD_CASH_RUB },
      mandatoryControlRub: values.MANDATORY_CONTROL_THRESHOLD_RUB,
      piiKeys: {
        current: parsePiiKey(values.PII_ENCRYPTION_KEY ?? developmentPiiKey(dataDir))!,
        old: (values.PII_ENCRYPTION_OLD_KEYS ?? []).map((key) => parsePiiKey(key)!),
      },
    },
  };
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR, so sessions
 * survive restarts on a developer's machine without any setting.
 */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Outside production the key of personal data is generated once and kept in DATA_DIR, like the session secret. */
function developmentPiiKey(dataDir: string): string {
  const file = path.join(dataDir, "pii-encryption-key");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (parsePiiKey(existing)) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = generatePiiKey();
  try {
    // Exclusive: two processes starting at once keep one key, the first one written.
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
  return key;
}

let current: AppConfig | undefined;

/** The validated configuration of this process; throws ConfigError on a wrong value. */
/** The office's pickup slots: length, places per slot, days offered ahead, days after the slot before an uncollected order is flagged. */
export type PickupRules = {
  slotMinutes: number;
  capacity: number;
  daysAhead: number;
  uncollectedDays: number;
  /** OFFICE_HOURS: the hours until staff set them on /admin/pickup (shop/office-hours.server.ts reads which). */
  officeHours: OfficeHours;
};

export function getConfig(): AppConfig {
  if (!current) {
    current = parseConfig(process.env);
    setLogLevel(current.logLevel);
  }
  return current;
}
