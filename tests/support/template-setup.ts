// vitest globalSetup of the unit, http and resilience projects: builds the run's shop
// template (tests/support/shop-template.ts) before the first test file and removes it after
// the last one, whether the tests passed or not. The projects of one run share it.
import type { TestProject } from "vitest/node";
import { isPostgresReachable } from "./server.ts";
import { type BuiltTemplate, buildShopTemplate, type TemplateKind } from "./shop-template.ts";

type Shared = { built: Promise<BuiltTemplate>; users: number };
const store = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // HTTP and resilience suites run shops; the unit tests need only migrated embedded databases.
  const kinds: TemplateKind[] = project.name === "unit" ? ["migrated"] : ["seeded"];
  const key = Symbol.for(`coin-shop.shop-template.${kinds.join("+")}`);
  let shared = store[key];
  if (!shared) {
    shared = { built: build(kinds), users: 0 };
    store[key] = shared;
  }
  shared.users++;
  const built = await shared.built;
  Object.assign(process.env, built.env);
  return async () => {
    if (--shared!.users > 0) return;
    store[key] = undefined;
    await built.remove();
  };
}

async function build(kinds: TemplateKind[]): Promise<BuiltTemplate> {
  // The suites that need PostgreSQL whatever the rest use fall back to the local default server.
  const adminUrl = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";
  const postgres = kinds.includes("seeded") && (await isPostgresReachable(adminUrl));
  const started = Date.now();
  const built = await buildShopTemplate({ kinds, postgresAdminUrl: postgres ? adminUrl : undefined });
  if (process.env.SHOP_TEMPLATE_VERBOSE) console.log(`shop template (${kinds.join(", ")}${postgres ? ", postgres" : ""}) in ${Date.now() - started} ms`);
  return built;
}
