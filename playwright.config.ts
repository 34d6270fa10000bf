import { defineConfig, devices } from "@playwright/test";
import { keepTemporaryFilesInMemory } from "./tests/support/temporary-files-in-memory.ts";

/**
 * End-to-end tests of the built shop in Debian's Chromium (its headless shell), with JavaScript on and off.
 *
 * File names choose the project:
 *   *.js.spec.ts    only with JavaScript (enhanced behaviour: menus closing, hydration)
 *   *.nojs.spec.ts  only without JavaScript (the HTML alone must work)
 *   *.spec.ts       in both projects
 *
 * The build must exist (`npm test` builds first); tests/e2e/server.ts serves it on a fresh database.
 */
keepTemporaryFilesInMemory();

// E2E_PORT lets two checkouts run their suites side by side; tests/e2e/server.ts reads it too.
const PORT = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * The journeys run in Debian's chromium-headless-shell, the same engine without the browser's
 * window layer (as Playwright's own headless default): it spends about half Chromium's CPU on a
 * page (decision 073). The main-thread timings keep the browser a person runs.
 */
const browser = (executablePath: string) => ({
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // Hermetic: no page of a test reaches a host outside this machine, whatever its network.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
  },
});
const headlessShell = browser(process.env.CHROME_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell");
const chromium = browser(process.env.CHROME_PATH ?? "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  // One browser at a time: two on the one shop took as long on this 2-core machine (10.6 against
  // 10.9 min, both cores then busy; docs/decisions/038-ci-time.md).
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // A trace (DOM snapshots and a screencast of every step) for a failure on a developer's machine.
  // Not in CI, where the clone and its test-results/ are thrown away: recording them for every
  // test took a quarter of the run (three specs: 101-106 s with, 75-79 s without; decision 040).
  use: { baseURL, locale: "ru-RU", timezoneId: "Europe/Moscow", trace: process.env.CI ? "off" : "retain-on-failure" },
  projects: [
    { name: "js", testIgnore: [/\.nojs\.spec\.ts$/, /main-thread\.js\.spec\.ts$/], use: { ...headlessShell, javaScriptEnabled: true } },
    { name: "no-js", testIgnore: /\.js\.spec\.ts$/, use: { ...headlessShell, javaScriptEnabled: false } },
    // Timings of the main thread (decision 065): run alone, after the other suites (`npm test`).
    { name: "main-thread", testMatch: /main-thread\.js\.spec\.ts$/, use: { ...chromium, javaScriptEnabled: true } },
  ],
  webServer: {
    command: "node tests/e2e/server.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
