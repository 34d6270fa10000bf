// The running shop of an HTTP suite, set up the one way every suite needs it: a scratch folder
// with the SMS (and, when asked, e-mail) outbox files the suite reads, a fresh database (a copy of
// the run's template), the shop started on it before the block's tests and stopped, its database
// and folder removed, after them. A suite that fills the database before the shop starts (staff
// added, rows written) passes `prepare`.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "#app/modules/db/client.server.ts";
import { type Buyer, signedInBuyer } from "./buyer.ts";
import { ShopClient } from "./http-client.ts";
import { type Shop, type StartShopOptions, startShop } from "./server.ts";
import { createShopDatabase, type ShopDatabase } from "./shop-database.ts";
import { fileOutboxSettings } from "./shop-settings.ts";
import { signedInStaff } from "./staff.ts";

export type ShopFixtureOptions = {
  /** The shop's settings besides the outboxes; a function is called as the shop starts. */
  env?: Record<string, string> | ((fixture: ShopFixture) => Record<string, string>);
  /** E-mail to a file outbox too (`emailOutbox`); the staff's notices to this address when given. */
  email?: boolean | { staffEmail: string };
  /** Fills the database before the shop starts; the shop then runs on a ShopDatabase (`database`). */
  prepare?: (database: ShopDatabase, fixture: ShopFixture) => Promise<void>;
  /** startShop's other options (embedded, empty), for a shop without `prepare`. */
  start?: Omit<StartShopOptions, "env">;
  /** Before-hook time limit (ms): operator commands in `prepare` take long on a busy machine. */
  timeoutMs?: number;
};

export type ShopFixture = {
  /** The running shop; inside tests and hooks only. */
  readonly shop: Shop;
  readonly url: string;
  /** The shop's PostgreSQL database, when it runs on one. */
  readonly databaseUrl: string | undefined;
  /** The shop's PGlite folder, when it runs on the embedded database. */
  readonly dataDir: string | undefined;
  readonly smsOutbox: string;
  /** The e-mail outbox file (written only with `email`). */
  readonly emailOutbox: string;
  /** A folder of the suite's own, removed after the block. */
  readonly scratch: string;
  /** The database the shop runs on, with `prepare`. */
  readonly database: ShopDatabase;
  /** A new browser without cookies (or with the options given). */
  client(options?: ConstructorParameters<typeof ShopClient>[1]): ShopClient;
  /** A new buyer signed in by the SMS code (buyer.ts). */
  buyer(options?: { fullName?: string }): Promise<Buyer>;
  /** A member of staff (added by `prepare`) signed in at /admin/login. */
  staff(phone: { typed: string; normal: string }): Promise<ShopClient>;
  /**
   * Stops the shop, lets `between` change its database (with `prepare`; stored time moved rather than
   * waited out, decision 038) and starts it again on a new address: clients keep their jars.
   */
  restart(between: (handle: DatabaseHandle) => Promise<void>): Promise<void>;
};

/**
 * Registers the hooks in the calling describe block (or file) and returns the fixture they fill.
 * Every block that calls it gets a shop of its own; blocks that only read can share one with
 * `sharedShop` (shared-shop.ts) instead.
 */
export function runningShop(options: ShopFixtureOptions = {}): ShopFixture {
  let scratch: string | undefined;
  let shop: Shop | undefined;
  let database: ShopDatabase | undefined;
  const inside = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the fixture's ${what} is there only inside tests and hooks`);
    return value;
  };

  const fixture: ShopFixture = {
    get shop() {
      return inside(shop, "shop");
    },
    get url() {
      return inside(shop, "shop").url;
    },
    get databaseUrl() {
      return inside(shop, "shop").databaseUrl;
    },
    get dataDir() {
      return inside(shop, "shop").dataDir;
    },
    get smsOutbox() {
      return path.join(inside(scratch, "scratch folder"), "sms.jsonl");
    },
    get emailOutbox() {
      return path.join(inside(scratch, "scratch folder"), "email.jsonl");
    },
    get scratch() {
      return inside(scratch, "scratch folder");
    },
    get database() {
      if (!options.prepare) throw new Error("the fixture has a database of its own only with `prepare`");
      return inside(database, "database");
    },
    client: (clientOptions) => new ShopClient(fixture.url, clientOptions),
    buyer: (buyerOptions) => signedInBuyer(fixture.url, fixture.smsOutbox, buyerOptions),
    staff: (phone) => signedInStaff(fixture.url, fixture.smsOutbox, phone),
    async restart(between) {
      if (!database) throw new Error("restart needs a fixture with `prepare`");
      await inside(shop, "shop").stop();
      await database.use(between);
      await start();
    },
  };

  function environment(): Record<string, string> {
    const email = options.email;
    const outboxes = fileOutboxSettings({
      sms: fixture.smsOutbox,
      email: email ? fixture.emailOutbox : undefined,
      staffEmail: typeof email === "object" ? email.staffEmail : undefined,
    });
    const own = typeof options.env === "function" ? options.env(fixture) : options.env;
    return { ...outboxes, ...own };
  }

  async function start(): Promise<Shop> {
    shop = database ? await database.start(environment()) : await startShop({ ...options.start, env: environment() });
    return shop;
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "shop-suite-"));
    if (options.prepare) {
      database = await createShopDatabase();
      await options.prepare(database, fixture);
    }
    await start();
  }, options.timeoutMs ?? 120_000);

  afterAll(async () => {
    await shop?.stop();
    shop = undefined;
    await database?.remove();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  return fixture;
}
