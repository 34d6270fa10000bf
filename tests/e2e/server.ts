// The shop for Playwright (playwright.config.ts `webServer`): the production build on
// 127.0.0.1:3107 (E2E_PORT) with a fresh PGlite database in a temporary folder.
// Needs build/ (run `npx react-router build` first; `npm test` does).
//
// It serves a private copy of build/ (beside a copy of server.ts, the rest of the project
// linked in), so a rebuild in the working tree during the run (`npm run build` in another
// terminal, another suite) cannot swap the hashed assets under the pages being tested.
// The copy and the database are removed on exit.
import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { smsOutboxFile } from "./outbox.ts";

export const E2E_PORT = 3107;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("build/ is missing: run `npx react-router build` first");
  process.exit(1);
}

rmSync(smsOutboxFile(Number(process.env.E2E_PORT ?? E2E_PORT)), { force: true });
const workDir = mkdtempSync(path.join(tmpdir(), "coin-shop-e2e-"));
const dataDir = path.join(workDir, "data");
const shopDir = path.join(workDir, "shop");

function removeWorkDir() {
  // Unlink the links first, so nothing of the project itself can be removed.
  if (existsSync(shopDir)) {
    for (const entry of readdirSync(shopDir)) {
      const target = path.join(shopDir, entry);
      if (lstatSync(target).isSymbolicLink()) unlinkSync(target);
    }
  }
  rmSync(workDir, { recursive: true, force: true });
}

// shop/: server.ts and build/ copied, everything else (app/ for migrations and demo data,
// public/, node_modules/, package.json) linked, so server.ts finds its build beside it.
cpSync(path.join(root, "build"), path.join(shopDir, "build"), { recursive: true });
copyFileSync(path.join(root, "server.ts"), path.join(shopDir, "server.ts"));
for (const entry of readdirSync(root)) {
  if (["build", "server.ts", ".git", "data", ".tmp", "test-results", "playwright-report"].includes(entry)) continue;
  symlinkSync(path.join(root, entry), path.join(shopDir, entry));
}

// server.ts reads its settings from the environment when it starts.
Object.assign(process.env, {
  NODE_ENV: "production",
  SESSION_SECRET: randomBytes(36).toString("base64url"),
  PII_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  HOST: "127.0.0.1",
  PORT: String(process.env.E2E_PORT ?? E2E_PORT),
  // The origin the browser uses: the payment page sends the buyer back to it, with their cookies.
  PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? E2E_PORT}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Sign-in codes go to a file the specs read (tests/e2e/helpers.ts smsOutboxFile).
  SMS_PROVIDER: "file",
  SMS_OUTBOX_FILE: smsOutboxFile(Number(process.env.E2E_PORT ?? E2E_PORT)),
  // Every spec signs in from 127.0.0.1: the whole run asks for far more than a visitor's 20 codes an hour.
  SMS_CODES_PER_IP_PER_HOUR: "1000",
  // Every spec signs in from 127.0.0.1: more codes are typed in one run than one address may type in an hour.
  SMS_CODE_CHECKS_PER_IP_PER_HOUR: "1000",
  // Likewise every spec places its orders from 127.0.0.1.
  ORDER_ATTEMPTS_PER_IP_PER_MINUTE: "1000",
  // The buyers' Telegram bot, so the profile shows its section; its Bot API is a closed port, and the
  // spec posts the bot's updates to the webhook itself.
  TELEGRAM_BOT_TOKEN: "123456:ABCdefGhIJKlmNoPQRstuVWxyZ0123456789",
  TELEGRAM_BOT_USERNAME: "aurum_test_bot",
  TELEGRAM_WEBHOOK_SECRET: "e2e-webhook-secret-0123456789",
  TELEGRAM_BASE_URL: "http://127.0.0.1:65534",
  // The framework's floor the main-thread guard measures the pages against (decision 065).
  BENCH_BLANK_PAGE: "true",
});

type Running = { url: string; close(): Promise<void> };
let running: Running;
try {
  // A manager and paid orders for the back-office journey, written before the shop holds the database.
  const { prepareBackOffice } = await import("./back-office-data.ts");
  await prepareBackOffice(dataDir, process.env.PUBLIC_URL!);
  const entry: typeof import("../../server.ts") = await import(pathToFileURL(path.join(shopDir, "server.ts")).href);
  running = await entry.startServer();
} catch (error) {
  console.error("e2e server did not start:", error);
  removeWorkDir();
  process.exit(1);
}
console.log(`Магазин работает: ${running.url} (copy of the build and data in ${workDir})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  try {
    await running.close();
  } finally {
    removeWorkDir();
    process.exit(0);
  }
}
// Playwright stops the web server with SIGTERM (gracefulShutdown in the config); Ctrl-C sends SIGINT.
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("exit", () => {
  if (!stopping) removeWorkDir();
});
