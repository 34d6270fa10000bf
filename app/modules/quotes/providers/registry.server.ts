import type { AppConfig } from "../../config/config.server.ts";
import { createCbrProvider } from "./cbr.server.ts";
import { embeddedProvider } from "./embedded.ts";
import { createMoexProvider } from "./moex.server.ts";
import type { QuotesProvider } from "./provider.ts";

/** The provider QUOTES_PROVIDER names: the shipped demo history, the Bank of Russia or the Moscow Exchange. */
export function createProvider(config: AppConfig["quotes"]): QuotesProvider {
  const cbr = () => createCbrProvider({ baseUrl: config.cbrBaseUrl, timeoutMs: config.timeoutMs });
  switch (config.provider) {
    case "cbr":
      return cbr();
    case "moex":
      // The dollar has not traded on the exchange since June 2024: the Bank of Russia's rate stands in.
      return createMoexProvider({ baseUrl: config.moexBaseUrl, timeoutMs: config.timeoutMs, usdFallback: cbr() });
    case "embedded":
      return embeddedProvider;
  }
}
