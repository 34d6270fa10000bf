import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

// Four projects: pure rules beside their files (node), components beside their files
// (happy-dom), HTTP suites in tests/http that start the built server, and the resilience
// suites in tests/resilience (database outages, SIGTERM, two instances, hostile input).
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    // Orders placed in a suite's own process by rules of other areas skip the 115-FZ identification
    // step (decision 022); the identification rules are tested with their thresholds given.
    env: { IDENTIFICATION_THRESHOLD_RUB: "100000000", IDENTIFICATION_THRESHOLD_CASH_RUB: "100000000" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          globalSetup: ["tests/support/template-setup.ts"],
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts", "server.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "dom", environment: "happy-dom", setupFiles: ["tests/support/fail-on-console-error.ts"], include: ["app/**/*.test.tsx"] },
      },
      {
        extends: true,
        test: {
          name: "http",
          environment: "node",
          include: ["tests/http/**/*.test.ts"],
          // Migrates, seeds and draws once per run; every shop starts on a copy (tests/support/shop-template.ts).
          globalSetup: ["tests/support/template-setup.ts"],
          // Each file starts its own server; two cores run them one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: "resilience",
          environment: "node",
          include: ["tests/resilience/**/*.test.ts"],
          globalSetup: ["tests/support/template-setup.ts"],
          // Each file starts its own servers and loads them; one file at a time on two cores.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
