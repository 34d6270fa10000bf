import type { AppConfig } from "../../config/config.server.ts";
import { embeddedProvider } from "./embedded.ts";
import type { QuotesProvider } from "./provider.ts";

/** The provider QUOTES_PROVIDER names. */
export function createProvider(config: AppConfig["quotes"]): QuotesProvider {
  switch (config.provider) {
    case "embedded":
      return embeddedProvider;
    default:
      throw new Error(`QUOTES_PROVIDER=${config.provider} is not available in this build`);
  }
}
