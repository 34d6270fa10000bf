import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { keepTemporaryFilesInMemory } from "./tests/support/temporary-files-in-memory.ts";

// Projects: pure rules beside their files (node), components beside their files (happy-dom),
// HTTP suites in tests/http that start the built server, and the resilience suites in
// tests/resilience (database outages, SIGTERM, two instances, hostile input).
//
// The HTTP and resilience suites run on the embedded database; with TEST_POSTGRES_URL (CI:
// postgres://postgres@127.0.0.1:5432/test) the same run also runs them on that PostgreSQL
// server, as projects "http (PostgreSQL)" and "resilience (PostgreSQL)", so both databases'
// files share the run's two workers and template (docs/decisions/035-one-test-run-both-databases.md).

// Orders placed in a suite's own process by rules of other areas skip the 115-FZ identification
// step (decision 022) and the caps on stock held unpaid; the identification rules and the caps
// are tested with their settings given.
const testEnv = {
  IDENTIFICATION_THRESHOLD_RUB: "100000000",
  IDENTIFICATION_THRESHOLD_CASH_RUB: "100000000",
  MAX_UNCONFIRMED_PIECES_PER_BUYER: "1000000",
  MAX_UNCONFIRMED_RUB_PER_BUYER: "10000000000",
};
const postgresUrl = process.env.TEST_POSTGRES_URL || undefined;

keepTemporaryFilesInMemory();

// HTTP suites whose answers come before or beside the database, so the same run gives them the
// same result on both: they run once, in the embedded project (decision 047). A suite that reads
// or writes stored data beyond the seeded template does not belong here.
const databaseIndependentSuites = [
  // what server.ts answers itself, before the app: proxies, bad requests, static files, headers
  "tests/http/server-edges.test.ts",
  // the layouts' method, origin and anonymous-visitor guards, decided before any loader
  "tests/http/guards.test.ts",
  // page forms refusing bodies that are not forms, before the action reads anything
  "tests/http/form-bodies.test.ts",
  // html-validate on pages rendered by the same components from the same seeded template
  "tests/http/markup.test.ts",
  // the seller's details from the settings, in the footer, /contacts and JSON-LD
  "tests/http/seller.test.ts",
];

/**
 * The shop suites on one database. Suites that need PostgreSQL whatever the rest use
 * (postgresForSuite: several instances, outages, the cluster) run once, in the PostgreSQL
 * projects when there are some, instead of twice alike; tests of the embedded database alone
 * (embeddedOnlyElsewhere: its folder, the commands on it) run once, in the embedded projects.
 */
function shopSuites(database: "embedded" | "postgres"): TestProjectInlineConfiguration[] {
  const suffix = database === "postgres" ? " (PostgreSQL)" : "";
  // Without TEST_POSTGRES_URL the caller's DATABASE_URL, if any, chooses the database, as before.
  const env =
    database === "postgres"
      ? { ...testEnv, DATABASE_URL: postgresUrl!, EMBEDDED_SUITES_IN_OTHER_PROJECT: "1" }
      : postgresUrl
        ? { ...testEnv, DATABASE_URL: "", POSTGRES_SUITES_IN_OTHER_PROJECT: "1" }
        : testEnv;
  return [
    {
      extends: true,
      test: {
        name: `http${suffix}`,
        environment: "node",
        env,
        include: ["tests/http/**/*.test.ts"],
        exclude: database === "postgres" ? databaseIndependentSuites : [],
        // Migrates, seeds and draws once per run; every shop starts on a copy (tests/support/shop-template.ts).
        globalSetup: ["tests/support/template-setup.ts"],
        setupFiles: ["tests/support/markup-per-file.ts"],
        // The files share their worker's imports (the support code, pg, the HTML parsers) instead of
        // importing them afresh each: none mocks a module or changes the environment, and each
        // starts its own shop, so nothing of one file's state reaches another's.
        isolate: false,
        // Each file starts its own server on its own copy of the template, so two files run at once:
        // a file spends much of its time waiting (on its server, a timer, a command), which the other fills.
        // A safety net for a hang, not a speed check: beside the browser suites on a 2-core machine a
        // test took 4.5 times its quiet time (admin-people's database check: 7.2 s alone, 31.7 s in CI).
        testTimeout: 90_000,
        hookTimeout: 90_000,
      },
    },
    {
      extends: true,
      test: {
        name: `resilience${suffix}`,
        environment: "node",
        env,
        include: ["tests/resilience/**/*.test.ts"],
        globalSetup: ["tests/support/template-setup.ts"],
        setupFiles: ["tests/support/markup-per-file.ts"],
        // Each file starts its own servers and loads them: in a group of their own, after the HTTP
        // suites, both databases' files two at a time (one at a time left a core idle for minutes;
        // docs/decisions/039-shop-starts-and-resilience-pairs.md).
        sequence: { groupOrder: 1 },
        testTimeout: 120_000,
        hookTimeout: 120_000,
      },
    },
  ];
}

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    env: testEnv,
    // Both cores (vitest's default leaves one to itself): an HTTP file mostly waits on its shop.
    maxWorkers: 2,
    // drizzle-orm through vite, not Node's own import: Node 24 reads its 179 KB package.json
    // again for each of its ~300 files, ~1.7 s of CPU in every test file's process that touches
    // the database (decision 040).
    server: { deps: { inline: ["drizzle-orm"] } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          // The rules' files share their worker's modules instead of importing them afresh each
          // (none mocks a module; they passed in their usual order and shuffled): 70 s -> 43 s for
          // the unit and component projects alone (decision 039).
          isolate: false,
          globalSetup: ["tests/support/template-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts", "docs/**/*.test.ts", "server.test.ts", "server/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "dom", environment: "happy-dom", setupFiles: ["tests/support/fail-on-console-error.ts"], include: ["app/**/*.test.tsx"] },
      },
      ...shopSuites("embedded"),
      ...(postgresUrl ? shopSuites("postgres") : []),
    ],
  },
});
