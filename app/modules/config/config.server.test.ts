import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, envSchema, parseConfig } from "./config.server.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "config-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("parseConfig", () => {
  it("starts with no settings at all: port 3000, embedded database in DATA_DIR", () => {
    const dataDir = tempDir();
    const config = parseConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(dataDir);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.isProduction).toBe(false);
  });

  it("names the variable that has a wrong value", () => {
    expect(() => parseConfig({ DATA_DIR: tempDir(), PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ DATA_DIR: tempDir(), PORT: "abc" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://x@y/z" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "shop" })).toThrow(/PUBLIC_URL/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("runs one server process on the embedded database and one per core on PostgreSQL", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
    const postgres = "postgres://shop@db/shop";
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: postgres }).webConcurrency).toBe(availableParallelism());
    expect(parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: postgres, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(parseConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(() => parseConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY: больше 1 только с DATABASE_URL/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: postgres, WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), DATABASE_URL: postgres, WEB_CONCURRENCY: "two" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("lets the operator raise the sign-in codes one address may ask for in an hour", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).smsCodesPerIpPerHour).toBe(20);
    expect(parseConfig({ DATA_DIR: tempDir(), SMS_CODES_PER_IP_PER_HOUR: "200" }).smsCodesPerIpPerHour).toBe(200);
    expect(() => parseConfig({ DATA_DIR: tempDir(), SMS_CODES_PER_IP_PER_HOUR: "0" })).toThrow(/SMS_CODES_PER_IP_PER_HOUR/);
  });

  it("requires SESSION_SECRET in production and accepts a long one", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrow(/SESSION_SECRET/);
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: tempDir(), SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    const secret = "x".repeat(40);
    const piiKey = "a".repeat(64);
    expect(parseConfig({ NODE_ENV: "production", DATA_DIR: tempDir(), SESSION_SECRET: secret, PII_ENCRYPTION_KEY: piiKey }).sessionSecrets).toEqual([secret]);
  });

  it("reads several session secrets, newest first, each at least 32 characters", () => {
    const [newest, older, oldest] = ["n".repeat(32), "o".repeat(40), "p".repeat(48)];
    expect(parseConfig({ DATA_DIR: tempDir(), SESSION_SECRET: `${newest},${older}` }).sessionSecrets).toEqual([newest, older]);
    expect(parseConfig({ DATA_DIR: tempDir(), SESSION_SECRET: ` ${newest}, ${older}\n${oldest} ` }).sessionSecrets).toEqual([newest, older, oldest]);
    expect(() => parseConfig({ DATA_DIR: tempDir(), SESSION_SECRET: `${newest},short` })).toThrow(/SESSION_SECRET: каждый секрет не короче 32 символов/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), SESSION_SECRET: " , " })).toThrow(/SESSION_SECRET/);
  });

  it("requires a 32-byte PII_ENCRYPTION_KEY in production, generates one in DATA_DIR otherwise, and reads old keys", () => {
    const secret = "x".repeat(40);
    expect(() => parseConfig({ NODE_ENV: "production", DATA_DIR: tempDir(), SESSION_SECRET: secret })).toThrow(/PII_ENCRYPTION_KEY/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), PII_ENCRYPTION_KEY: "abc" })).toThrow(/PII_ENCRYPTION_KEY/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), PII_ENCRYPTION_OLD_KEYS: "abc" })).toThrow(/PII_ENCRYPTION_OLD_KEYS/);
    const dataDir = tempDir();
    const first = parseConfig({ DATA_DIR: dataDir }).compliance.piiKeys.current;
    expect(first.key.length).toBe(32);
    expect(parseConfig({ DATA_DIR: dataDir }).compliance.piiKeys.current.id).toBe(first.id);
    const config = parseConfig({ DATA_DIR: tempDir(), PII_ENCRYPTION_KEY: "b".repeat(64), PII_ENCRYPTION_OLD_KEYS: `${"c".repeat(64)}, ${"d".repeat(64)}` });
    expect(config.compliance.piiKeys.old).toHaveLength(2);
    expect(config.compliance.identificationThresholds).toEqual({ nonCash: 100_000, cash: 40_000 });
    expect(config.compliance.mandatoryControlRub).toBe(1_000_000);
    expect(() => parseConfig({ DATA_DIR: tempDir(), IDENTIFICATION_THRESHOLD_RUB: "0" })).toThrow(
      /IDENTIFICATION_THRESHOLD_RUB: сумма в рублях — целое число от 1 до/,
    );
    expect(parseConfig({ DATA_DIR: tempDir(), IDENTIFICATION_THRESHOLD_CASH_RUB: "60000" }).compliance.identificationThresholds.cash).toBe(60_000);
  });

  it("generates a development secret once and keeps it in DATA_DIR", () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const [first, ...others] = parseConfig({ DATA_DIR: dataDir }).sessionSecrets;
    expect(others).toEqual([]);
    expect(first!.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(parseConfig({ DATA_DIR: dataDir }).sessionSecrets).toEqual([first]);
  });

  it("caps unpaid orders per buyer at 2 and pieces of a coin at 50 unless set, and refuses a cap below 1", () => {
    const hold = { confirmTimeoutMinutes: 4320, maxPieces: 100, maxRub: 3_000_000, maxExpiredPerCoinPerDay: 2 };
    const gate = { atOnce: 4, maxWaitMs: 20_000, maxWaiting: 2_000 };
    expect(parseConfig({ DATA_DIR: tempDir() }).orders).toEqual({
      maxUnpaidPerBuyer: 2,
      maxPiecesPerCoin: 50,
      paymentTimeoutMinutes: 60,
      lowStockThreshold: 3,
      hold,
      gate,
    });
    expect(parseConfig({ DATA_DIR: tempDir(), MAX_UNPAID_ORDERS_PER_BUYER: "5", MAX_PIECES_PER_COIN: "10" }).orders).toEqual({
      maxUnpaidPerBuyer: 5,
      maxPiecesPerCoin: 10,
      paymentTimeoutMinutes: 60,
      lowStockThreshold: 3,
      hold,
      gate,
    });
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAX_UNPAID_ORDERS_PER_BUYER: "0" })).toThrow(/MAX_UNPAID_ORDERS_PER_BUYER: целое число от 1/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAX_PIECES_PER_COIN: "1.5" })).toThrow(/MAX_PIECES_PER_COIN/);
  });

  it("places a launch's orders a few at a time per process, the rest waiting their turn up to the set seconds", () => {
    expect(parseConfig({ DATA_DIR: tempDir(), ORDERS_PLACED_AT_ONCE: "8", ORDER_QUEUE_SECONDS: "45" }).orders.gate).toEqual({
      atOnce: 8,
      maxWaitMs: 45_000,
      maxWaiting: 2_000,
    });
    expect(() => parseConfig({ DATA_DIR: tempDir(), ORDERS_PLACED_AT_ONCE: "0" })).toThrow(/ORDERS_PLACED_AT_ONCE: целое число от 1 до 100/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), ORDER_QUEUE_SECONDS: "600" })).toThrow(/ORDER_QUEUE_SECONDS: целое число секунд от 1 до 120/);
  });

  it("holds unpaid and unconfirmed stock within the dealer's defaults, and refuses a rule that holds nothing back", () => {
    const set = {
      ORDER_CONFIRM_TIMEOUT_MINUTES: "1440",
      MAX_UNCONFIRMED_PIECES_PER_BUYER: "20",
      MAX_UNCONFIRMED_RUB_PER_BUYER: "500000",
      MAX_EXPIRED_ORDERS_PER_COIN_PER_DAY: "1",
    };
    expect(parseConfig({ DATA_DIR: tempDir(), ...set }).orders.hold).toEqual({
      confirmTimeoutMinutes: 1440,
      maxPieces: 20,
      maxRub: 500_000,
      maxExpiredPerCoinPerDay: 1,
    });
    expect(() => parseConfig({ DATA_DIR: tempDir(), ORDER_CONFIRM_TIMEOUT_MINUTES: "0" })).toThrow(
      /ORDER_CONFIRM_TIMEOUT_MINUTES: целое число минут от 1 до 43200/,
    );
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAX_UNCONFIRMED_PIECES_PER_BUYER: "много" })).toThrow(/MAX_UNCONFIRMED_PIECES_PER_BUYER: целое число от 1/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAX_UNCONFIRMED_RUB_PER_BUYER: "0" })).toThrow(/MAX_UNCONFIRMED_RUB_PER_BUYER: сумма в рублях/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), MAX_EXPIRED_ORDERS_PER_COIN_PER_DAY: "0" })).toThrow(/MAX_EXPIRED_ORDERS_PER_COIN_PER_DAY/);
  });

  it("drops the trailing slash of PUBLIC_URL and treats empty variables as unset", () => {
    const config = parseConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://shop.example/", PORT: "" });
    expect(config.publicUrl).toBe("https://shop.example");
    expect(config.port).toBe(3000);
  });

  it("sends messages to the log by default, and checks the e-mail, Telegram and staff settings", () => {
    const defaults = parseConfig({ DATA_DIR: tempDir(), PUBLIC_URL: "https://shop.example" });
    expect(defaults.notifications).toMatchObject({ email: { provider: "log", from: "Аурум <no-reply@shop.example>" }, telegram: undefined, staffEmails: [] });
    expect(defaults.orders.paymentTimeoutMinutes).toBe(60);
    const full = parseConfig({
      DATA_DIR: tempDir(),
      EMAIL_PROVIDER: "smtp",
      SMTP_URL: "smtps://shop:secret@smtp.example.ru:465",
      EMAIL_FROM: "Аурум <shop@example.ru>",
      STAFF_NOTIFY_EMAILS: "a@example.ru, b@example.ru",
      TELEGRAM_BOT_TOKEN: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789",
      TELEGRAM_CHAT_ID: "-1001234567890",
      ORDER_PAYMENT_TIMEOUT_MINUTES: "30",
    });
    expect(full.notifications.email).toMatchObject({ provider: "smtp", smtpUrl: "smtps://shop:secret@smtp.example.ru:465", from: "Аурум <shop@example.ru>" });
    expect(full.notifications.staffEmails).toEqual(["a@example.ru", "b@example.ru"]);
    expect(full.notifications.telegram).toEqual({
      botToken: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789",
      chatId: "-1001234567890",
      baseUrl: "https://api.telegram.org",
      botUsername: undefined,
      webhookSecret: undefined,
    });
    // The buyers' bot alone, without a staff chat.
    const buyersBot = parseConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: "https://shop.example",
      TELEGRAM_BOT_TOKEN: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789",
      TELEGRAM_BOT_USERNAME: "@aurum_shop_bot",
      TELEGRAM_WEBHOOK_SECRET: "s3cret-s3cret-s3cret",
    });
    expect(buyersBot.notifications.telegram).toMatchObject({ chatId: undefined, botUsername: "aurum_shop_bot", webhookSecret: "s3cret-s3cret-s3cret" });
    expect(() => parseConfig({ DATA_DIR: tempDir(), TELEGRAM_BOT_USERNAME: "aurum_shop_bot" })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() =>
      parseConfig({ DATA_DIR: tempDir(), TELEGRAM_BOT_TOKEN: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789", TELEGRAM_WEBHOOK_SECRET: "short" }),
    ).toThrow(/TELEGRAM_WEBHOOK_SECRET/);
    expect(full.orders.paymentTimeoutMinutes).toBe(30);
    expect(() => parseConfig({ DATA_DIR: tempDir(), EMAIL_PROVIDER: "file" })).toThrow(/EMAIL_OUTBOX_FILE/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), EMAIL_PROVIDER: "smtp", EMAIL_FROM: "x@y.ru" })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), STAFF_NOTIFY_EMAILS: "boss" })).toThrow(/STAFF_NOTIFY_EMAILS/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), TELEGRAM_CHAT_ID: "-100" })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), TELEGRAM_BOT_TOKEN: "nonsense", TELEGRAM_CHAT_ID: "-100" })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), ORDER_PAYMENT_TIMEOUT_MINUTES: "0" })).toThrow(/ORDER_PAYMENT_TIMEOUT_MINUTES/);
  });

  it("uses the embedded delivery data by default and CDEK with its credentials", () => {
    expect(parseConfig({ DATA_DIR: tempDir() }).delivery).toEqual({
      provider: "embedded",
      timeoutMs: 10_000,
      cdek: { clientId: undefined, clientSecret: undefined, baseUrl: "https://api.cdek.ru", senderCityCode: 44 },
    });
    const cdek = parseConfig({
      DATA_DIR: tempDir(),
      DELIVERY_PROVIDER: "cdek",
      CDEK_CLIENT_ID: "id",
      CDEK_CLIENT_SECRET: "secret",
      CDEK_BASE_URL: "https://api.edu.cdek.ru/v2/",
      CDEK_SENDER_CITY_CODE: "137",
      DELIVERY_TIMEOUT_MS: "2500",
    }).delivery;
    expect(cdek).toEqual({
      provider: "cdek",
      timeoutMs: 2500,
      cdek: { clientId: "id", clientSecret: "secret", baseUrl: "https://api.edu.cdek.ru", senderCityCode: 137 },
    });
  });

  it("refuses CDEK without credentials, an unknown provider and a bad sender city", () => {
    expect(() => parseConfig({ DATA_DIR: tempDir(), DELIVERY_PROVIDER: "cdek", CDEK_CLIENT_ID: "id" })).toThrow(
      /CDEK_CLIENT_ID и CDEK_CLIENT_SECRET обязательны при DELIVERY_PROVIDER=cdek/,
    );
    expect(() => parseConfig({ DATA_DIR: tempDir(), DELIVERY_PROVIDER: "boxberry" })).toThrow(/DELIVERY_PROVIDER/);
    for (const code of ["moscow", "0", "4.5"]) {
      expect(() => parseConfig({ DATA_DIR: tempDir(), CDEK_SENDER_CITY_CODE: code }), code).toThrow(/CDEK_SENDER_CITY_CODE: код города в справочнике СДЭК/);
    }
    expect(() => parseConfig({ DATA_DIR: tempDir(), DELIVERY_TIMEOUT_MS: "10" })).toThrow(/DELIVERY_TIMEOUT_MS/);
    expect(() => parseConfig({ DATA_DIR: tempDir(), CDEK_BASE_URL: "ftp://cdek" })).toThrow(/CDEK_BASE_URL/);
  });

  it("takes payments through the built-in sandbox unless YooKassa is named", () => {
    const config = parseConfig({ DATA_DIR: tempDir() });
    expect(config.payments.provider).toBe("sandbox");
    expect(config.payments.timeoutMs).toBe(10_000);
    expect(config.payments.yookassa.baseUrl).toBe("https://api.yookassa.ru");
  });

  it("requires the YooKassa shop id and secret key with PAYMENT_PROVIDER=yookassa", () => {
    const dataDir = tempDir();
    expect(() => parseConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "yookassa" })).toThrow(/YOOKASSA_SHOP_ID/);
    expect(() => parseConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: "100500" })).toThrow(/YOOKASSA_SECRET_KEY/);
    expect(() => parseConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: "shop", YOOKASSA_SECRET_KEY: "test_abcdefgh" })).toThrow(
      /YOOKASSA_SHOP_ID/,
    );
    expect(() => parseConfig({ DATA_DIR: dataDir, PAYMENT_PROVIDER: "stripe" })).toThrow(/PAYMENT_PROVIDER/);
    const config = parseConfig({
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: "yookassa",
      YOOKASSA_SHOP_ID: "100500",
      YOOKASSA_SECRET_KEY: "test_SeCrEtKeY",
      YOOKASSA_BASE_URL: "http://127.0.0.1:9999/",
      PAYMENT_TIMEOUT_MS: "2500",
    });
    expect(config.payments).toEqual({
      provider: "yookassa",
      timeoutMs: 2500,
      yookassa: { shopId: "100500", secretKey: "test_SeCrEtKeY", baseUrl: "http://127.0.0.1:9999" },
    });
  });

  it("takes the seller's details, checks ИНН and ОГРН at start and marks the demo values", () => {
    const dataDir = tempDir();
    const demo = parseConfig({ DATA_DIR: dataDir });
    expect(demo.seller).toMatchObject({ inn: "7701999993", ogrn: "1027700999996", demo: true });
    const real = parseConfig({
      DATA_DIR: dataDir,
      SELLER_NAME: "ПАО Сбербанк",
      SELLER_INN: "7707083893",
      SELLER_OGRN: "1027700132195",
      SELLER_KPP: "773601001",
      SELLER_ADDRESS: "117312, г. Москва, ул. Вавилова, д. 19",
      ASSAY_REGISTRATION_NUMBER: "0177000123",
      ASSAY_REGISTER_URL: "https://dmdk.assay.gov.ru/registry/7707083893",
    });
    expect(real.seller).toEqual({
      name: "ПАО Сбербанк",
      inn: "7707083893",
      ogrn: "1027700132195",
      address: "117312, г. Москва, ул. Вавилова, д. 19",
      assayRegistrationNumber: "0177000123",
      assayRegisterUrl: "https://dmdk.assay.gov.ru/registry/7707083893",
      demo: false,
    });
    expect(demo.seller.assayRegisterUrl).toBe("https://dmdk.assay.gov.ru/");
    // Codes typed from one address in an hour: 60 unless set, a whole number from 1.
    expect(demo.smsCodeChecksPerIpPerHour).toBe(60);
    expect(parseConfig({ DATA_DIR: dataDir, SMS_CODE_CHECKS_PER_IP_PER_HOUR: "500" }).smsCodeChecksPerIpPerHour).toBe(500);
    expect(() => parseConfig({ DATA_DIR: dataDir, SMS_CODE_CHECKS_PER_IP_PER_HOUR: "0" })).toThrow(/SMS_CODE_CHECKS_PER_IP_PER_HOUR/);
    expect(() => parseConfig({ DATA_DIR: dataDir, ASSAY_REGISTER_URL: "http://dmdk.assay.gov.ru/" })).toThrow(/ASSAY_REGISTER_URL: адрес записи магазина/);
    expect(() => parseConfig({ DATA_DIR: dataDir, ASSAY_REGISTER_URL: "javascript:alert(1)" })).toThrow(/ASSAY_REGISTER_URL/);
    expect(parseConfig({ DATA_DIR: dataDir, SELLER_INN: "500100732259", SELLER_OGRN: "304500116000157" }).seller.ogrn).toBe("304500116000157");
    expect(() => parseConfig({ DATA_DIR: dataDir, SELLER_INN: "7707083894" })).toThrow(/SELLER_INN: ИНН: 10 цифр/);
    expect(() => parseConfig({ DATA_DIR: dataDir, SELLER_OGRN: "1027700132196" })).toThrow(/SELLER_OGRN: ОГРН: 13 цифр/);
    expect(() => parseConfig({ DATA_DIR: dataDir, SELLER_INN: "500100732259" })).toThrow(/SELLER_OGRN: .*ОГРНИП из 15/);
  });

  it("never puts the YooKassa secret key into an error message", () => {
    let message = "";
    try {
      parseConfig({ DATA_DIR: tempDir(), PAYMENT_PROVIDER: "yookassa", YOOKASSA_SHOP_ID: "100500", YOOKASSA_SECRET_KEY: "has spaces secret" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/YOOKASSA_SECRET_KEY/);
    expect(message).not.toContain("has spaces secret");
  });
});

describe("the operator's guide", () => {
  it("names every setting the shop reads, and none it does not", () => {
    const guide = readFileSync(new URL("../../../docs/operator.md", import.meta.url), "utf8");
    const settings = Object.keys(envSchema.shape);
    const undocumented = settings.filter((name) => !guide.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
    // A row of the settings tables names a variable in its first cell.
    const rows = [...guide.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((match) => match[1]!);
    expect(rows.filter((name) => !settings.includes(name) && name !== "BUILD_ID")).toEqual([]);
  });
});

describe("payment by invoice settings", () => {
  it("starts on the demo bank account, 3 banking days and card payment up to 3 000 000 ₽", () => {
    const config = parseConfig({ DATA_DIR: tempDir() });
    expect(config.invoices).toMatchObject({
      bik: "044525225",
      account: "40702810200000012345",
      kpp: "770101001",
      demo: true,
      paymentDays: 3,
      cardPaymentMaxRub: 3_000_000,
    });
  });

  it("takes a real account whose key agrees with the БИК, and refuses one with a wrong digit", () => {
    const bank = { DATA_DIR: tempDir(), SELLER_BANK_NAME: "АО «Банк»", SELLER_BIK: "044525225", SELLER_CORRESPONDENT_ACCOUNT: "30101810400000000225" };
    expect(parseConfig({ ...bank, SELLER_ACCOUNT: "40702810938000099999" }).invoices).toMatchObject({ account: "40702810938000099999", demo: false });
    expect(() => parseConfig({ ...bank, SELLER_ACCOUNT: "40702810938000099998" })).toThrow(/SELLER_ACCOUNT: контрольная цифра/);
    expect(() => parseConfig({ ...bank, SELLER_ACCOUNT: "40702810938000099999", SELLER_CORRESPONDENT_ACCOUNT: "30101810400000000226" })).toThrow(
      /SELLER_CORRESPONDENT_ACCOUNT/,
    );
    expect(() => parseConfig({ ...bank, SELLER_BIK: "123" })).toThrow(/SELLER_BIK: БИК/);
  });

  it("needs a КПП for a real organisation and refuses one for an ИП; the deadline is 1 to 30 banking days", () => {
    const dataDir = tempDir();
    expect(() => parseConfig({ DATA_DIR: dataDir, SELLER_INN: "7707083893", SELLER_OGRN: "1027700132195" })).toThrow(/SELLER_KPP: обязателен/);
    expect(parseConfig({ DATA_DIR: dataDir, SELLER_INN: "7707083893", SELLER_OGRN: "1027700132195", SELLER_KPP: "773601001" }).invoices.kpp).toBe("773601001");
    expect(() => parseConfig({ DATA_DIR: dataDir, SELLER_INN: "500100732259", SELLER_OGRN: "304500116000157", SELLER_KPP: "773601001" })).toThrow(
      /у ИП нет КПП/,
    );
    expect(parseConfig({ DATA_DIR: dataDir, SELLER_INN: "500100732259", SELLER_OGRN: "304500116000157" }).invoices.kpp).toBeNull();
    expect(() => parseConfig({ DATA_DIR: dataDir, INVOICE_PAYMENT_DAYS: "0" })).toThrow(/INVOICE_PAYMENT_DAYS/);
    expect(parseConfig({ DATA_DIR: dataDir, CARD_PAYMENT_MAX_RUB: "300000" }).invoices.cardPaymentMaxRub).toBe(300_000);
  });
});
