// The settings a suite starts its shop with (ShopDatabase.start) to point it at the fakes and
// the file outboxes the suite reads, written once for every suite that needs them.

/** The account the suites' YooKassa fakes are called with. */
export const fakeYooKassaAccount = { shopId: "100500", secretKey: "test_SeCrEt" } as const;

/** createYooKassaProvider's settings for a fake at `baseUrl`, as the shop started with yooKassaFakeSettings has them. */
export const fakeYooKassaProviderSettings = (baseUrl: string) => ({ ...fakeYooKassaAccount, baseUrl, timeoutMs: 2_000 });

/** Payments through a YooKassa fake at `baseUrl`. */
export function yooKassaFakeSettings(baseUrl: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "yookassa",
    YOOKASSA_SHOP_ID: fakeYooKassaAccount.shopId,
    YOOKASSA_SECRET_KEY: fakeYooKassaAccount.secretKey,
    YOOKASSA_BASE_URL: baseUrl,
    PAYMENT_TIMEOUT_MS: "2000",
  };
}

/** SMS written to the file `sms`; with `email`, e-mail too, the staff's notices to `staffEmail`. */
export function fileOutboxSettings(outboxes: { sms: string; email?: string; staffEmail?: string }): Record<string, string> {
  return {
    SMS_PROVIDER: "file",
    SMS_OUTBOX_FILE: outboxes.sms,
    ...(outboxes.email ? { EMAIL_PROVIDER: "file", EMAIL_OUTBOX_FILE: outboxes.email } : {}),
    ...(outboxes.staffEmail ? { STAFF_NOTIFY_EMAILS: outboxes.staffEmail } : {}),
  };
}

/** The staff's Telegram messages to a Bot API fake at `baseUrl`. */
export function telegramFakeSettings(baseUrl: string): Record<string, string> {
  return { TELEGRAM_BOT_TOKEN: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789", TELEGRAM_CHAT_ID: "-100200300", TELEGRAM_BASE_URL: baseUrl };
}
