// The shop's process: `node server.ts` (npm start, via scripts/start.ts). The server itself
// (express, the page cache, the image proxy, the refusals) is server/app.ts, which Vite bundles
// with the app into build/server/index.js; this file loads that build, and either serves it or,
// with WEB_CONCURRENCY > 1, supervises that many server processes sharing the port.
import cluster from "node:cluster";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as ShopServer from "./server/app.ts";

const buildEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), "build/server/index.js");

// V8's compiled code of the build and its dependencies, kept in the system's temporary folder for the next start,
// so that a restart or a new worker starts sooner (docs/decisions/072-wasm-tiering-and-tmpfs-for-tests.md).
module.enableCompileCache();

/** The server build (the build must exist: scripts/start.ts builds it first). */
function loadServer(): Promise<typeof ShopServer> {
  return import(pathToFileURL(buildEntry).href);
}

/** One server in this process, on the settings of the environment (tests/e2e/server.ts starts it so). */
export async function startServer(): Promise<ShopServer.RunningShop> {
  return (await loadServer()).startShop();
}

/** On the terminal whatever LOG_LEVEL says: the settings that would name a level may be what is wrong. */
function failToStart(error: unknown): never {
  if (error instanceof Error && error.name === "ConfigError") {
    console.error(error.message);
  } else {
    console.error("Не удалось запустить магазин:", error);
  }
  process.exit(1);
}

/**
 * Starts the server and stops it gracefully on SIGTERM/SIGINT; the process exits when done.
 * With WEB_CONCURRENCY > 1 this process only supervises that many server processes.
 */
export async function main(): Promise<void> {
  let shop: typeof ShopServer;
  let settings: ShopServer.ServerSettings;
  try {
    shop = await loadServer();
    settings = shop.serverSettings();
  } catch (error) {
    failToStart(error);
  }
  if (cluster.isPrimary && settings.webConcurrency > 1) {
    shop.superviseWorkers({
      workers: settings.webConcurrency,
      shutdownTimeoutMs: settings.shutdownTimeoutMs,
      onListening: (url) => console.log(`Магазин работает: ${url} (процессов: ${settings.webConcurrency})`),
      exit: (code) => process.exit(code),
    });
    return;
  }

  let running: ShopServer.RunningShop;
  try {
    running = await shop.startShop();
  } catch (error) {
    failToStart(error);
  }
  if (cluster.isWorker) {
    process.send?.({ type: "shop:listening", url: running.url } satisfies ShopServer.ListeningMessage);
  } else {
    // On the terminal whatever LOG_LEVEL says: the operator (and the test suites) wait for this line.
    console.log(`Магазин работает: ${running.url}`);
  }
  let signalled = false;
  const stop = (signal: string) => {
    if (signalled) return;
    signalled = true;
    if (!cluster.isWorker) shop.log.info(`${signal}: завершаю запросы и останавливаюсь`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        shop.log.error("ошибка при остановке", { error });
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
