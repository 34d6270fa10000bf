// The quotes every price follows, as buyers and other clients see them: /api/courses,
// /api/work, the quotes bar, /quotes-online; and the operator's switch for sales.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moscowDate, tradingDayOnOrBefore, addDays } from "#app/modules/quotes/calendar.ts";
import { computeCourses, courseKeys } from "#app/modules/quotes/instruments.ts";
import { embeddedValuesOn } from "#app/modules/quotes/providers/embedded.ts";
import { runCommand } from "#tests/support/commands.ts";
import { findByTestId, tags } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { afterNotify } from "#tests/support/network.ts";
import { adminDatabaseUrl, embeddedOnlyElsewhere, embeddedOnlySkipReason, type Shop, startShop } from "#tests/support/server.ts";

function dayValues(date: string) {
  return Object.fromEntries(embeddedValuesOn(date).map((r) => [r.instrument, r.value])) as { XAU_RUB: number; XAG_RUB: number; USD_RUB: number };
}

describe("quotes on the embedded demo history", () => {
  let shop: Shop;
  let client: ShopClient;

  beforeAll(async () => {
    shop = await startShop();
    client = new ShopClient(shop.url);
  });
  afterAll(() => shop?.stop());

  it("/api/courses answers the spec's shape with the figures of the latest trading day", async () => {
    const response = await client.get("/api/courses");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = JSON.parse(response.text) as { time: string; courses: Record<string, { name: string; course: number; diff: number; direction: string }> };
    expect(Object.keys(body)).toEqual(["time", "courses"]);
    expect(Date.now() - Date.parse(body.time)).toBeLessThan(10 * 60_000);
    expect(Object.keys(body.courses)).toEqual([...courseKeys]);

    // The shipped history decides the figures: today's trading day against the one before.
    const today = tradingDayOnOrBefore(moscowDate(new Date()));
    const previous = tradingDayOnOrBefore(addDays(today, -1));
    expect(body.courses).toEqual(computeCourses(dayValues(today), dayValues(previous)));
    for (const course of Object.values(body.courses)) {
      expect(course.direction === "up" ? course.diff >= 0 : course.diff < 0).toBe(true);
      expect(Number.isInteger(Math.round(course.course * 100))).toBe(true);
    }
  });

  it("/api/work says the shop takes orders", async () => {
    const response = await client.get("/api/work");
    expect(JSON.parse(response.text)).toEqual({ work: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  // React Router answered these with a JSON of its own ({ message: "You made a POST request…" }).
  it.each(["/api/courses", "/api/work", "/api/auth/logout"])("%s refuses other methods with the contract's JSON 405", async (path) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await client.request(method, path, "{}", { headers: { "Content-Type": "application/json", Origin: client.baseUrl } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow")).toBe("GET");
      expect(JSON.parse(response.text)).toEqual({ error: { code: "method_not_allowed", message: "Метод не поддерживается; допустимо: GET" } });
    }
  });

  // Deeper addresses used to reach the content-page routes (:route/:route1/…), which outrank /api/*.
  it.each(["/api/no-such-call", "/api/auth/no-such-call", "/api/a/b", "/api/a/b/c", "/api/a/b/c/d/e"])(
    "an unknown /api call (%s) is a JSON 404 with a Russian message, not the HTML page",
    async (path) => {
      for (const method of ["GET", "POST"]) {
        const response = await client.request(method, path, method === "POST" ? "{}" : undefined, {
          headers: { "Content-Type": "application/json", Origin: client.baseUrl },
        });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(JSON.parse(response.text)).toEqual({ error: { code: "not_found", message: "Такого метода API нет" } });
      }
    },
  );

  it("every page's header shows the five figures with their direction, and the update time", async () => {
    const html = await client.html("/about");
    expect(findByTestId(html, "quotes-bar")).toHaveLength(1);
    const bar = html.slice(html.indexOf('data-testid="quotes-bar"'));
    const lines = [...bar.matchAll(/data-course="([A-Z_]+)" data-direction="(up|down)"/g)].map((m) => [m[1], m[2]]);
    const body = JSON.parse((await client.get("/api/courses")).text) as { courses: Record<string, { direction: string }> };
    expect(lines).toEqual(courseKeys.map((key) => [key, body.courses[key]!.direction]));
    expect(bar).toMatch(/Обновлено/);
    expect(bar).toMatch(/Биржа (открыта|закрыта)/);
  });

  it("/quotes-online draws the charts on the server, with range links that work without JavaScript", async () => {
    const html = await client.html("/quotes-online");
    expect(tags(html, "svg").filter((svg) => /role="img"/.test(svg)).length).toBe(3);
    expect(html).toContain("₽ за унцию");
    expect(html).toContain("$ за унцию");
    expect(html).toMatch(/Демо-данные/);
    for (const range of ["month", "half-year", "year", "all"]) {
      const page = await client.get(`/quotes-online?range=${range}`);
      expect(page.status).toBe(200);
      expect(page.text).toMatch(/<path d="M[\d.]+ [\d.]+L/);
    }
    // A month of trading days: roughly 20–23 points per line.
    const month = await client.html("/quotes-online?range=month");
    // The gold chart is the first drawn line of many points (icons have a few).
    const lines = [...month.matchAll(/<path d="(M[\d. ML]+)"/g)].map((m) => m[1]!.split(/[ML]/).filter(Boolean).length);
    const points = lines.find((count) => count > 10) ?? 0;
    expect(points).toBeGreaterThanOrEqual(18);
    expect(points).toBeLessThanOrEqual(24);
  });
});

describe("the operator pauses and resumes sales", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "shop-pause-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.skipIf(embeddedOnlyElsewhere)(`/api/work turns false when paused and true again when resumed${embeddedOnlySkipReason}`, { timeout: 180_000 }, async () => {
    const first = await startShop({ embedded: true, env: { DATA_DIR: dataDir } });
    const env = { DATA_DIR: dataDir };
    try {
      // The embedded database belongs to the running shop: the command says so and changes nothing.
      const refused = await runCommand("scripts/shop.ts", ["pause"], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/открыта другим процессом/);
      expect(JSON.parse((await new ShopClient(first.url).get("/api/work")).text)).toEqual({ work: true });
    } finally {
      await first.stop();
    }

    const paused = await runCommand("scripts/shop.ts", ["pause", "инвентаризация"], env);
    expect(paused.code).toBe(0);
    expect(paused.stdout).toMatch(/Продажи приостановлены/);

    const second = await startShop({ embedded: true, env: { DATA_DIR: dataDir } });
    try {
      expect(JSON.parse((await new ShopClient(second.url).get("/api/work")).text)).toEqual({ work: false });
    } finally {
      await second.stop();
    }

    expect((await runCommand("scripts/shop.ts", ["resume"], env)).code).toBe(0);
    const third = await startShop({ embedded: true, env: { DATA_DIR: dataDir } });
    try {
      expect(JSON.parse((await new ShopClient(third.url).get("/api/work")).text)).toEqual({ work: true });
    } finally {
      await third.stop();
    }
  });

  // Only on PostgreSQL: no shop is started for nothing on the embedded database.
  it.skipIf(!adminDatabaseUrl())("on PostgreSQL the pause takes effect at once on a running shop", async () => {
    const shop = await startShop();
    try {
      const client = new ShopClient(shop.url);
      expect(JSON.parse((await client.get("/api/work")).text)).toEqual({ work: true });
      const work = async () => (JSON.parse((await client.get("/api/work")).text) as { work: boolean }).work;
      expect((await runCommand("scripts/shop.ts", ["pause"], { DATABASE_URL: shop.databaseUrl!, DATA_DIR: dataDir })).code).toBe(0);
      await afterNotify(work, (working) => !working, "the pause on the running shop");
      expect((await runCommand("scripts/shop.ts", ["resume"], { DATABASE_URL: shop.databaseUrl!, DATA_DIR: dataDir })).code).toBe(0);
      await afterNotify(work, (working) => working, "the end of the pause on the running shop");
    } finally {
      await shop.stop();
    }
  });
});

describe("without any quotes", () => {
  it("answers 503 on /api/courses and takes no orders", async () => {
    // The Bank of Russia is unreachable here: the shop starts, but has no quotes.
    const shop = await startShop({ env: { QUOTES_PROVIDER: "cbr", CBR_BASE_URL: "http://127.0.0.1:9", QUOTES_TIMEOUT_MS: "500" } });
    try {
      const client = new ShopClient(shop.url);
      const courses = await client.get("/api/courses");
      expect(courses.status).toBe(503);
      expect(JSON.parse(courses.text).error.message).toBe("Котировки временно недоступны, попробуйте позже");
      expect(JSON.parse((await client.get("/api/work")).text)).toEqual({ work: false });
      const page = await client.get("/catalog");
      expect(page.status).toBe(200);
    } finally {
      await shop.stop();
    }
  });
});
