// The Epic Stack's "base database": a test run migrates, seeds and draws the product pictures
// ONCE into a template, and every shop of the run starts on a copy of it, instead of each
// shop running initdb, the migrations, the demo data and sharp itself (docs/decisions/012-test-shops-from-a-template.md).
//
// The template lives as long as one run (vitest globalSetup: tests/support/template-setup.ts),
// so a change to the migrations, the demo data or the pictures is always in it. Without a
// template (a script run outside vitest, bench/) everything falls back to a fresh, empty
// database that the shop migrates and seeds itself, as before.
//
//   $SHOP_TEST_TEMPLATE_MIGRATED/pglite   an embedded database, migrated only (unit tests)
//   $SHOP_TEST_TEMPLATE_SEEDED/pglite     migrated and seeded (HTTP and resilience suites)
//   $SHOP_TEST_TEMPLATE_SEEDED/images     the generated product pictures of that demo data
//   $SHOP_TEST_TEMPLATE_DATABASE          a PostgreSQL URL of the seeded template database
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, link, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

export type TemplateKind = "migrated" | "seeded";

const dirVariables: Record<TemplateKind, string> = { migrated: "SHOP_TEST_TEMPLATE_MIGRATED", seeded: "SHOP_TEST_TEMPLATE_SEEDED" };
const databaseVariable = "SHOP_TEST_TEMPLATE_DATABASE";
/** Template databases and folders carry the pid of the run that made them, so a later run can remove the leftovers of a killed one. */
const databasePrefix = "shop_template_";
const folderPrefix = "shop-template-";

/** The template folder of this kind, when the run made one. */
function templateFolder(kind: TemplateKind): string | undefined {
  const folder = process.env[dirVariables[kind]];
  return folder && existsSync(path.join(folder, "pglite")) ? folder : undefined;
}

/**
 * Fills `dataDir` (a new or empty folder) with a copy of the template: the embedded database
 * and, for "seeded", the pictures. False when there is no template (the caller starts empty).
 */
export async function copyTemplateDataDir(kind: TemplateKind, dataDir: string): Promise<boolean> {
  const folder = templateFolder(kind);
  if (!folder) return false;
  await copyTree(path.join(folder, "pglite"), path.join(dataDir, "pglite"));
  if (kind === "seeded") await copyTemplateImages(dataDir);
  return true;
}

/**
 * Copies a folder with the system's `cp`: the database is ~1 200 files, which Node's recursive
 * fs.cp copies one by one in JavaScript (~0.6 s a shop against ~0.1 s). Node's when `cp` fails.
 */
async function copyTree(from: string, to: string): Promise<void> {
  await promisify(execFile)("cp", ["-R", from, to]).catch(() => cp(from, to, { recursive: true }));
}

/**
 * Gives `dataDir/images` the template's pictures (a shop on PostgreSQL keeps them on disk too).
 * Hard links, not copies: the shop only ever replaces a picture (written aside, renamed over),
 * never writes into one, so the template's files cannot change through a link.
 */
export async function copyTemplateImages(dataDir: string): Promise<boolean> {
  const folder = templateFolder("seeded");
  if (!folder || !existsSync(path.join(folder, "images"))) return false;
  await linkTree(path.join(folder, "images"), path.join(dataDir, "images"));
  return true;
}

async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(source, target);
    else
      await link(source, target).catch((error: NodeJS.ErrnoException) => {
        // Another file system (a DATA_DIR elsewhere): copy.
        if (error.code === "EXDEV") return cp(source, target);
        throw error;
      });
  }
}

/** The template database's name when it lives on the server of `adminUrl`. */
export function templateDatabaseOn(adminUrl: string): string | undefined {
  const template = process.env[databaseVariable];
  if (!template) return undefined;
  const [a, b] = [new URL(template), new URL(adminUrl)];
  const sameServer = a.hostname === b.hostname && (a.port || "5432") === (b.port || "5432");
  return sameServer ? decodeURIComponent(a.pathname.slice(1)) : undefined;
}

export type BuiltTemplate = {
  /** The variables that point this process's tests (and their workers) at the template. */
  env: Record<string, string>;
  /** Drops the template database and removes the folder. */
  remove(): Promise<void>;
};

/**
 * Makes the template: `kinds` of embedded databases in a temporary folder, and with
 * `postgresAdminUrl` a seeded template database on that server. Imports the app's own
 * migrate, seed and picture code lazily, so this module stays cheap for the shop helpers.
 */
export async function buildShopTemplate(options: { kinds: TemplateKind[]; postgresAdminUrl?: string }): Promise<BuiltTemplate> {
  await removeLeftovers(options.postgresAdminUrl);
  const root = await mkdtemp(path.join(os.tmpdir(), `${folderPrefix}${process.pid}-`));
  let databaseName: string | undefined;
  const remove = async () => {
    if (databaseName && options.postgresAdminUrl) await dropTemplateDatabase(options.postgresAdminUrl, databaseName);
    await rm(root, { recursive: true, force: true });
  };
  try {
    const { migrateDatabase, openDatabase } = await import("#app/modules/db/client.server.ts");
    const { seedDatabase } = await import("#app/modules/seed/seed.server.ts");
    const { ensureProductImages } = await import("#app/modules/images/product-images.server.ts");

    const embedded = async (kind: TemplateKind) => {
      const dataDir = path.join(root, kind);
      await mkdir(dataDir, { recursive: true });
      const handle = await openDatabase({ dataDir, databaseUrl: undefined, databasePoolMax: 1 });
      try {
        await migrateDatabase(handle);
        if (kind === "seeded") {
          await seedDatabase(handle.db, { onlyNew: true });
          await ensureProductImages(handle.db, path.join(dataDir, "images"));
        }
      } finally {
        await handle.close();
      }
    };
    // The run's record of page shapes html-validate found valid (tests/support/html-validation.ts).
    const validMarkup = path.join(root, "valid-markup");
    await mkdir(validMarkup);
    const env: Record<string, string> = { SHOP_TEST_VALID_MARKUP: validMarkup };
    for (const kind of options.kinds) {
      await embedded(kind);
      env[dirVariables[kind]] = path.join(root, kind);
    }
    if (options.postgresAdminUrl) {
      databaseName = `${databasePrefix}${process.pid}_${randomBytes(4).toString("hex")}`;
      await withClient(options.postgresAdminUrl, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
      const url = databaseUrl(options.postgresAdminUrl, databaseName);
      const handle = await openDatabase({ dataDir: root, databaseUrl: url, databasePoolMax: 1 });
      try {
        await migrateDatabase(handle);
        await seedDatabase(handle.db, { onlyNew: true });
      } finally {
        await handle.close();
      }
      // No connection may ever be open on a template while a copy is made of it.
      await withClient(options.postgresAdminUrl, (client) => client.query(`ALTER DATABASE "${databaseName}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
      env[databaseVariable] = url;
    }
    return { env, remove };
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropTemplateDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    await client.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Templates of runs on this machine whose process is gone (killed before its teardown). */
async function removeLeftovers(adminUrl: string | undefined): Promise<void> {
  const dead = (pid: number) => {
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  };
  for (const entry of await readdir(os.tmpdir()).catch(() => [])) {
    const pid = Number(new RegExp(`^${folderPrefix}(\\d+)-`).exec(entry)?.[1]);
    if (pid && dead(pid)) await rm(path.join(os.tmpdir(), entry), { recursive: true, force: true });
  }
  if (!adminUrl) return;
  const { rows } = await withClient(adminUrl, (client) =>
    client.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${databasePrefix}%`]),
  );
  for (const { datname } of rows) {
    const pid = Number(new RegExp(`^${databasePrefix}(\\d+)_`).exec(datname)?.[1]);
    if (pid && dead(pid)) await dropTemplateDatabase(adminUrl, datname).catch(() => undefined);
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
