// Starts the BUILT shop (`node server.ts`, after `react-router build`) as a child process
// on a free port with a fresh database, the way an operator runs it, for the HTTP suites.
//
// The database is new for every shop: a temporary PGlite folder by default, or, when the
// test process has DATABASE_URL (CI: postgres://postgres@127.0.0.1:5432/test), a brand-new
// PostgreSQL database created through that admin URL and dropped again on stop. Inside a
// vitest run both are copies of the run's template (tests/support/shop-template.ts), already
// migrated, seeded and with their pictures drawn; `empty: true` gives the shop an empty one
// to migrate and seed itself, as on an operator's first start.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { repoRoot, shortLivedNodeOptions } from "./package-scripts.ts";
import { copyTemplateDataDir, copyTemplateImages, databaseUrl as urlOfDatabase, templateDatabaseOn } from "./shop-template.ts";

export { repoRoot };
const binDir = path.join(repoRoot, "node_modules/.bin");

/** The line server.ts prints once it listens. */
const listeningLine = /Магазин работает: (https?:\/\/\S+)/;

const startTimeoutMs = 60_000;
const stopTimeoutMs = 30_000;

/** Variables of the caller's environment that the shop may see; everything else is set here. */
const inheritedVariables = new Set(["HOME", "TMPDIR", "TEMP", "TMP", "TZ", "LANG", "LC_ALL", "SYSTEMROOT"]);

export type StartShopOptions = {
  /** Extra or overriding environment variables for the server. */
  env?: Record<string, string>;
  /**
   * Run on this PostgreSQL database (the caller created it and drops it). Without it the
   * shop gets a database of its own: PostgreSQL when DATABASE_URL is set here, else PGlite.
   */
  databaseUrl?: string;
  /** Use a fresh embedded database (PGlite) even when DATABASE_URL is set here. */
  embedded?: boolean;
  /**
   * Start on an empty database and without pictures, not on a copy of the run's template:
   * for the tests of what the shop does at its first start (migrate, seed, draw).
   */
  empty?: boolean;
};

export type Shop = {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:40925 */
  url: string;
  /** The database the shop runs on, when it is PostgreSQL. */
  databaseUrl?: string;
  /** The PGlite folder, when the shop runs on the embedded database. */
  dataDir?: string;
  pid: number;
  /** SIGTERM, wait for the exit (SIGKILL after 30 s), remove the fresh database; the exit code. */
  stop(): Promise<number | null>;
  /** Sends a signal and returns at once; call stop() afterwards to clean up. */
  kill(signal?: NodeJS.Signals): void;
  /** Resolves with the exit code (null when ended by a signal) once the process is gone. */
  exited: Promise<number | null>;
  isRunning(): boolean;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string;
  stderr(): string;
};

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** The PostgreSQL server URL the suites use to create their databases. */
export function adminDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * Creates a PostgreSQL database `shop_test_<random>` on the admin URL's server: a copy of the
 * run's migrated and seeded template when there is one there (`fromTemplate` says which),
 * else, or with `empty: true`, an empty one.
 */
export async function createTestDatabase(adminUrl: string, options: { empty?: boolean } = {}): Promise<TestDatabase & { fromTemplate: boolean }> {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const template = options.empty ? undefined : templateDatabaseOn(adminUrl);
  await withAdminClient(adminUrl, (client) => client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`));
  let dropped = false;
  return {
    url: urlOfDatabase(adminUrl, name),
    name,
    fromTemplate: Boolean(template),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export const defaultPostgresUrl = "postgres://postgres@127.0.0.1:5432/test";

/**
 * For suites that need a PostgreSQL server whatever database the others use: the admin
 * URL (DATABASE_URL, else the local default) and whether it answers. In CI a missing
 * server is an error, not a reason to skip.
 */
export async function postgresForSuite(): Promise<{ adminUrl: string; available: boolean; skipReason: string }> {
  const adminUrl = process.env.DATABASE_URL || defaultPostgresUrl;
  // The run has PostgreSQL projects (vitest.config.ts): the same suite runs there, once.
  if (process.env.POSTGRES_SUITES_IN_OTHER_PROJECT) return { adminUrl, available: false, skipReason: " [runs in the PostgreSQL project]" };
  const available = await isPostgresReachable(adminUrl);
  if (!available && process.env.CI) {
    throw new Error(`PostgreSQL is required in CI but does not answer at ${adminUrl}.`);
  }
  return { adminUrl, available, skipReason: available ? "" : ` [skipped: no PostgreSQL at ${adminUrl}]` };
}

/**
 * True in the PostgreSQL projects of a run that also has the embedded ones (vitest.config.ts):
 * a test of the embedded database alone (a PGlite folder, an operator command on it) skips
 * there, since it would do exactly what it does in the embedded project of the same run.
 */
export const embeddedOnlyElsewhere = Boolean(process.env.EMBEDDED_SUITES_IN_OTHER_PROJECT);
export const embeddedOnlySkipReason = embeddedOnlyElsewhere ? " [runs in the embedded project]" : "";

/** True when a PostgreSQL server answers on this URL (within a few seconds). */
export async function isPostgresReachable(url: string): Promise<boolean> {
  try {
    await withAdminClient(url, (client) => client.query("select 1"));
    return true;
  } catch {
    return false;
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Shops still alive when the test process ends (a test timed out, say) are killed, and
 * their temporary folders removed, so nothing outlives its suite.
 */
const running = new Set<ChildProcess>();
const temporaryDirs = new Set<string>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

async function makeTemporaryDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "shop-test-"));
  temporaryDirs.add(dir);
  return {
    dir,
    async remove() {
      await rm(dir, { recursive: true, force: true });
      temporaryDirs.delete(dir);
    },
  };
}

type Launched = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  stderr(): string;
};

function launch(env: Record<string, string>): Launched {
  const nodeBinary = existsSync(path.join(binDir, "node")) ? path.join(binDir, "node") : "node";
  // A test shop serves one file's requests, as an operator command does one job: the same V8 options.
  const child = spawn(nodeBinary, [...shortLivedNodeOptions, "server.ts"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let all = "";
  let errors = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (all += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    all += chunk;
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("error", (error) => {
      all += `\n[spawn failed: ${error.message}]`;
      running.delete(child);
      resolve(null);
    });
    // "close": the process ended and its output is fully read.
    child.once("close", (code, signal) => {
      // A shop ended by a signal it did not send itself leaves no output of its own: name the signal.
      if (signal) all += `\n[ended by ${signal}]`;
      running.delete(child);
      resolve(code);
    });
  });
  return { child, exited, output: () => all, stderr: () => errors };
}

/** Production's settings with the secrets it requires: the same for every test shop, so a restart keeps sessions. */
const deployedMode = {
  NODE_ENV: "production",
  SESSION_SECRET: "test-shops-session-secret-not-for-any-real-shop",
  PII_ENCRYPTION_KEY: "7e57".repeat(16),
};

/** The environment of a shop: hermetic, with the repo's Node 24 first on PATH. */
function shopEnvironment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    // PG* (PGPASSWORD…) let the server reach the same PostgreSQL as the suite.
    if (value !== undefined && (inheritedVariables.has(name) || name.startsWith("PG"))) env[name] = value;
  }
  return {
    ...env,
    PATH: [binDir, process.env.PATH ?? ""].join(path.delimiter),
    // The shop as it is deployed: React's and React Router's production builds, which render for less CPU than
    // their development builds (decision 072). A suite that sets NODE_ENV itself decides the secrets too.
    ...(extra.NODE_ENV ? {} : deployedMode),
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    // One process per shop: the tests watch and signal it (the cluster has a suite of its own).
    WEB_CONCURRENCY: "1",
    // Suites about other things place orders of any size without the 115-FZ identification step;
    // tests/http/identification.test.ts runs with the shop's real thresholds (decision 022).
    IDENTIFICATION_THRESHOLD_RUB: "100000000",
    IDENTIFICATION_THRESHOLD_CASH_RUB: "100000000",
    // Likewise the caps on stock held unpaid: tests/http/holds.test.ts gives them.
    MAX_UNCONFIRMED_PIECES_PER_BUYER: "1000000",
    MAX_UNCONFIRMED_RUB_PER_BUYER: "10000000000",
    // And card payment of any size: tests/http/invoices.test.ts gives the card limit.
    CARD_PAYMENT_MAX_RUB: "1000000000",
    ...extra,
  };
}

/**
 * Starts the shop and resolves once it listens. Rejects with the server's output when it
 * exits first or does not listen within 60 s (the fresh database is removed then).
 */
export async function startShop(options: StartShopOptions = {}): Promise<Shop> {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };

  let databaseUrl = options.databaseUrl;
  let dataDir: string | undefined;
  const admin = adminDatabaseUrl();
  const databaseEnv: Record<string, string> = {};
  if (!databaseUrl && admin && !options.embedded) {
    const database = await createTestDatabase(admin, { empty: options.empty });
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  }
  if (databaseUrl) {
    databaseEnv.DATABASE_URL = databaseUrl;
  } else if (!options.env?.DATA_DIR) {
    const temporary = await makeTemporaryDir();
    cleanups.push(temporary.remove);
    dataDir = temporary.dir;
    databaseEnv.DATA_DIR = dataDir;
    if (!options.empty) await copyTemplateDataDir("seeded", dataDir);
  } else {
    // A folder the caller names (to read it afterwards, or to run a command on it) that holds
    // no database yet starts from the template too; one that does is used as it is.
    dataDir = options.env.DATA_DIR;
    if (!options.empty && !existsSync(path.join(dataDir, "pglite"))) await copyTemplateDataDir("seeded", dataDir);
  }
  // DATA_DIR is still used for the pictures and the development session secret when on PostgreSQL.
  if (databaseUrl) {
    let picturesDir = options.env?.DATA_DIR;
    if (!picturesDir) {
      const scratch = await makeTemporaryDir();
      cleanups.push(scratch.remove);
      picturesDir = databaseEnv.DATA_DIR = scratch.dir;
    }
    if (!options.empty && !existsSync(path.join(picturesDir, "images"))) await copyTemplateImages(picturesDir);
  }

  const launched = launch(shopEnvironment({ ...databaseEnv, ...options.env }));
  const { child, exited, output } = launched;

  let url: string;
  try {
    url = await waitForListening(launched);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    await cleanUp();
    throw error;
  }

  let stopping: Promise<number | null> | undefined;
  return {
    url,
    databaseUrl,
    dataDir,
    pid: child.pid!,
    exited,
    output,
    stderr: launched.stderr,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    kill(signal = "SIGTERM") {
      child.kill(signal);
    },
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), stopTimeoutMs);
        const code = await exited;
        clearTimeout(timer);
        await cleanUp();
        return code;
      })();
      return stopping;
    },
  };
}

function waitForListening({ child, exited, output }: Launched): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = listeningLine.exec(output());
      if (match) {
        finish();
        resolve(match[1]!.replace(/\/+$/, ""));
      }
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`The shop did not start within ${startTimeoutMs / 1000} s. Output:\n${output()}`));
    }, startTimeoutMs);
    const finish = () => {
      clearTimeout(timer);
      child.stdout!.off("data", check);
    };
    child.stdout!.on("data", check);
    exited.then((code) => {
      finish();
      reject(new Error(`The shop exited (code ${code}) before it listened. Output:\n${output()}`));
    });
    check();
  });
}

/**
 * Starts `count` shops at the same moment on ONE fresh PostgreSQL database, as several
 * instances behind a proxy would run. `stop()` stops them all and drops the database.
 */
export async function startShopsOnOneDatabase(
  count: number,
  options: { adminUrl?: string; env?: Record<string, string> } = {},
): Promise<{ shops: Shop[]; databaseUrl: string; stop(): Promise<Array<number | null>> }> {
  const adminUrl = options.adminUrl ?? adminDatabaseUrl();
  if (!adminUrl) throw new Error("Two shops can share only a PostgreSQL database: set DATABASE_URL.");
  // Empty: the instances race to migrate and seed it, as on a first deployment.
  const database = await createTestDatabase(adminUrl, { empty: true });
  // One secret for all, as instances behind one proxy must accept each other's sessions.
  const env = { SESSION_SECRET: randomBytes(32).toString("base64url"), PII_ENCRYPTION_KEY: randomBytes(32).toString("hex"), ...options.env };
  const started = await Promise.allSettled(Array.from({ length: count }, () => startShop({ databaseUrl: database.url, env, empty: true })));
  const shops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stop = async () => {
    const codes = await Promise.all(shops.map((shop) => shop.stop()));
    await database.drop();
    return codes;
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  return { shops, databaseUrl: database.url, stop };
}

/**
 * Runs the shop with a setting that should stop it, and returns how it ended. Fails when
 * the shop starts listening instead (it is then stopped). DATA_DIR is a temporary folder
 * unless `env` names one.
 */
export async function runShopExpectingExit(env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string; stderr: string }> {
  const dataDir = await makeTemporaryDir();
  try {
    const launched = launch(shopEnvironment({ DATA_DIR: dataDir.dir, ...env }));
    const timer = setTimeout(() => launched.child.kill("SIGKILL"), timeoutMs);
    launched.child.stdout!.on("data", () => {
      if (listeningLine.test(launched.output())) launched.child.kill("SIGTERM");
    });
    const code = await launched.exited;
    clearTimeout(timer);
    if (listeningLine.test(launched.output())) {
      throw new Error(`The shop started although it should have refused to. Output:\n${launched.output()}`);
    }
    return { code, output: launched.output(), stderr: launched.stderr() };
  } finally {
    await dataDir.remove();
  }
}
