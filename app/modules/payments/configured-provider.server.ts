import { type AppConfig, getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import type { PaymentProvider } from "./provider.ts";
import { createSandboxProvider } from "./sandbox.server.ts";
import { createYooKassaProvider } from "./yookassa.server.ts";

/** The configured provider: the sandbox on this database, or YooKassa with the shop's credentials. */
export function getPaymentProvider(db: Database, config: Pick<AppConfig, "payments" | "publicUrl"> = getConfig()): PaymentProvider {
  const { payments: settings } = config;
  if (settings.provider === "sandbox") return createSandboxProvider(db, { publicUrl: config.publicUrl });
  const { shopId, secretKey, baseUrl } = settings.yookassa;
  // parseConfig refuses PAYMENT_PROVIDER=yookassa without both.
  if (!shopId || !secretKey) throw new Error("YooKassa needs YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY");
  return createYooKassaProvider({ shopId, secretKey, baseUrl, timeoutMs: settings.timeoutMs });
}
