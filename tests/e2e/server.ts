// The shop for Playwright (playwright.config.ts `webServer`): the production build on
// 127.0.0.1:3107 with a fresh PGlite database in a temporary folder, removed on exit.
// Needs build/ (run `npx react-router build` first; `npm test` does).
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_PORT = 3107;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("build/ is missing: run `npx react-router build` first");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "coin-shop-e2e-"));
const removeData = () => rmSync(dataDir, { recursive: true, force: true });

// server.ts reads its settings from the environment when it starts.
Object.assign(process.env, {
  NODE_ENV: "production",
  SESSION_SECRET: randomBytes(36).toString("base64url"),
  HOST: "127.0.0.1",
  PORT: String(process.env.E2E_PORT ?? E2E_PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});

let running: Awaited<ReturnType<typeof import("../../server.ts").startServer>>;
try {
  const { startServer } = await import("../../server.ts");
  running = await startServer();
} catch (error) {
  console.error("e2e server did not start:", error);
  removeData();
  process.exit(1);
}
console.log(`Магазин работает: ${running.url} (data: ${dataDir})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try {
    await running.close();
  } finally {
    removeData();
    process.exit(0);
  }
}
// Playwright stops the web server with SIGTERM (gracefulShutdown in the config); Ctrl-C sends SIGINT.
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("exit", removeData);
