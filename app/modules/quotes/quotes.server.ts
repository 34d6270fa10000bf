import { getConfig } from "../config/config.server.ts";
import { getDatabase } from "../db/database.server.ts";
import { createProvider } from "./providers/registry.server.ts";
import { QuotesService } from "./service.server.ts";

let starting: Promise<QuotesService> | undefined;

/** The process's quotes service: started on first use (at server start in production). */
export function getQuotesService(): Promise<QuotesService> {
  starting ??= (async () => {
    const config = getConfig();
    const service = new QuotesService(await getDatabase(), createProvider(config.quotes), config.quotes);
    await service.start();
    return service;
  })().catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

export async function stopQuotesService(): Promise<void> {
  const pending = starting;
  starting = undefined;
  const service = await pending?.catch(() => undefined);
  await service?.stop();
}
