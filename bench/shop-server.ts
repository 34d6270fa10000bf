// Starts the production build for benchmarks: NODE_ENV=production, a random session
// secret, a fresh database (a temporary PGlite folder, or with DATABASE_URL a new
// PostgreSQL database on that server, dropped on stop), a free port on 127.0.0.1. Like the e2e
// server it runs a private copy of build/ and server.ts (the rest of the project linked),
// so a rebuild in the working tree during a run cannot swap the assets being measured.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, unlinkSync } from "node:fs";
import net from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "#tests/support/server.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** Builds with `npx react-router build` when build/ is missing or older than the sources. */
export function buildIfNeeded(): void {
  const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (builtAt >= changedAt) return;
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const env = { ...process.env, PATH: `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH ?? ""}` };
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type BenchServer = {
  baseUrl: string;
  smsOutboxFile: string;
  /** The server process (bench/soak.ts signals it for memory samples). */
  pid: number;
  /** The shop's own PostgreSQL database, when it runs on one (operator commands may work beside it). */
  databaseUrl?: string;
  /** The temporary folder of this run (data, outbox); removed by stop(). */
  workDir: string;
  /** What the server has printed so far (LOG_LEVEL=warn: warnings and errors; info with several processes). */
  output(): string;
  stop(): Promise<void>;
};

export type StartOptions = {
  timeoutMs?: number;
  /** Node options before server.ts (bench/soak.ts: --expose-gc and its memory probe). */
  nodeArgs?: string[];
  /** More environment for the server (bench/soak.ts: TRUST_PROXY, the probe's file). */
  env?: Record<string, string>;
};

/** A copy of build/ and server.ts with the rest of the project linked in, under `workDir`. */
function snapshotShop(workDir: string): string {
  const shopDir = path.join(workDir, "shop");
  cpSync(path.join(root, "build"), path.join(shopDir, "build"), { recursive: true });
  copyFileSync(path.join(root, "server.ts"), path.join(shopDir, "server.ts"));
  for (const entry of readdirSync(root)) {
    if (["build", "server.ts", ".git", "data", ".tmp", "test-results", "playwright-report"].includes(entry)) continue;
    symlinkSync(path.join(root, entry), path.join(shopDir, entry));
  }
  return shopDir;
}

function removeWorkDir(workDir: string) {
  const shopDir = path.join(workDir, "shop");
  // Unlink the links first, so nothing of the project itself can be removed.
  if (existsSync(shopDir)) {
    for (const entry of readdirSync(shopDir)) {
      const target = path.join(shopDir, entry);
      if (lstatSync(target).isSymbolicLink()) unlinkSync(target);
    }
  }
  rmSync(workDir, { recursive: true, force: true });
}

export async function startShop({ timeoutMs = 90_000, nodeArgs = [], env = {} }: StartOptions = {}): Promise<BenchServer> {
  const workDir = mkdtempSync(path.join(tmpdir(), "coin-shop-bench-"));
  const dataDir = path.join(workDir, "data");
  const smsOutboxFile = path.join(workDir, "sms-outbox.jsonl");
  const shopDir = snapshotShop(workDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // On PostgreSQL a database of its own, which the shop migrates and seeds as on a first start.
  const adminUrl = env.DATABASE_URL ?? process.env.DATABASE_URL;
  const postgres = adminUrl ? await createTestDatabase(adminUrl, { empty: true }) : undefined;
  const concurrency = env.WEB_CONCURRENCY ?? process.env.WEB_CONCURRENCY;
  const processes = concurrency ? Number(concurrency) : postgres ? availableParallelism() : 1;
  const child = spawn(process.execPath, [...nodeArgs, "server.ts"], {
    cwd: shopDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(36).toString("base64url"), // 48 characters
      PII_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      // With several server processes, info for the "database ready" line of each (no request is logged).
      LOG_LEVEL: processes > 1 ? "info" : "warn",
      // Benchmarks that sign buyers in read their codes here, as the tests do.
      SMS_PROVIDER: "file",
      SMS_OUTBOX_FILE: smsOutboxFile,
      // Every simulated buyer signs in and orders from 127.0.0.1 (the launch benchmark has dozens).
      SMS_CODES_PER_IP_PER_HOUR: "100000",
      SMS_CODE_CHECKS_PER_IP_PER_HOUR: "100000",
      ORDER_ATTEMPTS_PER_IP_PER_MINUTE: "100000",
      ...env,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A benchmark that crashes the runner (an uncaught error) must not leave the shop running.
  const killOnExit = () => {
    child.kill("SIGKILL");
    removeWorkDir(workDir);
    if (postgres) console.error(`left behind: PostgreSQL database ${postgres.name}`);
  };
  process.once("exit", killOnExit);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    process.off("exit", killOnExit);
    removeWorkDir(workDir);
    await postgres?.drop();
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the shop did not answer /healthz within ${timeoutMs / 1000} s:\n${output}`);
      const healthy = await fetch(`${baseUrl}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      // With several processes (WEB_CONCURRENCY, the cores on PostgreSQL) the first answers while
      // the others still load: a benchmark must not measure their start.
      if (healthy && (processes === 1 || (output.match(/database ready/g) ?? []).length >= processes)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, smsOutboxFile, pid: child.pid!, ...(postgres ? { databaseUrl: postgres.url } : {}), workDir, output: () => output, stop };
}
