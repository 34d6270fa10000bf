// /coin-buyback as a seller without JavaScript uses it: today's buy-back prices from the
// quotes, the request form with Russian errors, post/redirect/get with a notice, limits.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { demoBuybackOffers } from "#app/modules/seed/buyback-offers.server.ts";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { openDatabase } from "#app/modules/db/client.server.ts";
import { buybackRequests } from "#app/modules/db/schema.ts";
import { buybackPrice } from "#app/modules/pricing/pricing.ts";
import { findByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

// A folder of our own, so the embedded database can be read after the shop stops.
const shop = runningShop({ env: (fixture) => ({ DATA_DIR: path.join(fixture.scratch, "data") }) });
let client: ShopClient;

beforeAll(() => {
  client = shop.client();
});

const goodRequest = { name: "Иван Петров", phone: "8 (916) 555-12-34", items: "Георгий Победоносец 50 рублей, 2 шт.", comment: "", consent: "on" };

describe("/coin-buyback", () => {
  it("lists today's buy-back prices computed from the current gold and silver quotes", async () => {
    const courses = JSON.parse((await client.get("/api/courses")).text).courses as Record<string, { course: number }>;
    const rates = { gold: courses.XAU_RUB!.course, silver: courses.XAG_RUB!.course };
    const text = textContent(await client.html("/coin-buyback")).replace(/[\u00a0\u202f]/g, " ");
    for (const offer of demoBuybackOffers) {
      const price = buybackPrice({ metal: offer.metal, pureGrams: offer.pureGrams }, offer.discountPercent, rates);
      const shown = `${price.toLocaleString("ru-RU").replace(/[\u00a0\u202f]/g, " ")} ₽`;
      expect(text, offer.name).toContain(`${offer.name}`);
      expect(text, offer.name).toContain(shown);
    }
  });

  it("shows for every coin the same buy-back price as the coin's own page", async () => {
    const html = await client.html("/coin-buyback");
    // The 'отличное' column (0 % by default) is the one rule's price itself.
    const rows = [...html.matchAll(/<tr[^>]*>\s*<th scope="row">\s*<span[^>]*>(.*?)<\/span>.*?data-grade="excellent"[^>]*>([^<]+)<\/td>/gs)].map((match) => ({
      name: textContent(match[1]!),
      price: textContent(match[2]!),
    }));
    expect(rows.length).toBe(demoBuybackOffers.length);
    let compared = 0;
    for (const row of rows) {
      // The catalogue's coin of the line: the same name, or the name with a clarification in brackets.
      const coin = demoCatalog.find((candidate) => candidate.name === row.name || candidate.name.startsWith(`${row.name} (`));
      if (!coin) continue;
      const product = await client.html(`/products/${coin.slug}`);
      const onPage = /Выкупим у вас за <strong>([^<]+)<\/strong>/.exec(product)?.[1];
      expect(onPage && textContent(onPage), row.name).toBe(row.price);
      compared++;
    }
    expect(compared).toBe(demoBuybackOffers.length);
  });

  it("answers a bad request with Russian errors beside the fields and keeps what was typed", async () => {
    const response = await client.postForm("/coin-buyback", { name: "", phone: "12345", items: "Соболь", comment: "" });
    expect(response.status).toBe(400);
    const text = textContent(response.text);
    expect(text).toContain("Обязательное поле");
    // The forms vocabulary's phone field (decision 029): an incomplete number is told so, as at sign-in.
    expect(text).toContain("Номер неполный: нужно 10 цифр после +7");
    expect(text).toContain("Нужно согласие на обработку персональных данных");
    expect(response.text).toMatch(/aria-invalid="true"/);
    expect(response.text).toContain(">Соболь</textarea>");
  });

  it("accepts a good request, redirects, and shows a notice once", async () => {
    const response = await client.postForm("/coin-buyback", goodRequest);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/coin-buyback");
    const next = await client.html("/coin-buyback");
    expect(findByTestId(next, "flash")).toHaveLength(1);
    expect(textContent(next)).toMatch(/Заявка В-\d{6} принята\. Оценщик перезвонит вам в рабочее время\./);
    // A visitor who is not signed in has no account to follow the request in.
    expect(textContent(next)).not.toContain("личном кабинете");
    expect(findByTestId(await client.html("/coin-buyback"), "flash")).toHaveLength(0);
  });

  it("limits requests for one phone, with a clear message and Retry-After", async () => {
    // One was sent above; two more are allowed for this phone today.
    for (let i = 0; i < 2; i++) expect((await client.postForm("/coin-buyback", goodRequest)).status).toBe(303);
    const refused = await client.postForm("/coin-buyback", goodRequest);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(textContent(refused.text)).toMatch(/Слишком много заявок подряд/);
  });

  it("limits requests from one address whatever the phone", async () => {
    // Three came from this address already; two more fit in the hour's five.
    for (const phone of ["+7 (916) 000-00-01", "+7 (916) 000-00-02"]) {
      expect((await client.postForm("/coin-buyback", { ...goodRequest, phone })).status).toBe(303);
    }
    expect((await client.postForm("/coin-buyback", { ...goodRequest, phone: "+7 (916) 000-00-03" })).status).toBe(429);
  });

  it("stored exactly the accepted requests, with normalised phones", async () => {
    // PostgreSQL can be read while the shop runs; the embedded database only once it stopped.
    if (!shop.databaseUrl) await shop.shop.stop();
    const handle = await openDatabase({ databaseUrl: shop.databaseUrl, dataDir: path.join(shop.scratch, "data"), databasePoolMax: 1 });
    try {
      const rows = await handle.db.select().from(buybackRequests);
      expect(rows.map((row) => row.phone).sort()).toEqual(["+79160000001", "+79160000002", "+79165551234", "+79165551234", "+79165551234"]);
      expect(rows.every((row) => row.ip === "127.0.0.1" && row.status === "new")).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
