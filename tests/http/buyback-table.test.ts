// /coin-buyback says one price rule the same way everywhere: for every coin of its price table
// and every condition, the price a request is quoted is the table's price for that coin and
// condition, and the form names the conditions as the table's columns do. The operator's
// percentages here are not the defaults (even 'отличное' changes the price), so no column can
// pass for the bare metal-value price by chance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buybackGrades } from "#app/modules/db/column-values.ts";
import { shopSettings } from "#app/modules/db/schema.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

let database: ShopDatabase;
let shop: Shop;

const percents = { excellent: 1.5, good: -3, defects: -12.25 };
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const roubles = (text: string) => Number(plain(text).replace(/[^\d]/g, ""));

beforeAll(async () => {
  database = await createShopDatabase();
  // As the operator's form at /admin/buyback stores them.
  await database.use(({ db }) =>
    db
      .insert(shopSettings)
      .values({ key: "buyback_grades", value: percents })
      .then(() => undefined),
  );
  // Behind a proxy of its own, so each request may come from another address (the shop takes five an hour from one).
  shop = await database.start({ TRUST_PROXY: "true" });
}, 120_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
});

type Row = { offerId: string; name: string; prices: Record<string, number> };

function tableRows(html: string): Row[] {
  const table = /data-testid="buyback-table"[^>]*>(.*?)<\/table>/s.exec(html)?.[1] ?? "";
  return [...table.matchAll(/<tr data-offer="(\d+)">(.*?)<\/tr>/gs)].map(([, offerId, row]) => ({
    offerId: offerId!,
    name: textContent(/<th scope="row">\s*<span[^>]*>(.*?)<\/span>/s.exec(row!)![1]!),
    prices: Object.fromEntries([...row!.matchAll(/data-grade="(\w+)"[^>]*>([^<]+)</g)].map(([, grade, price]) => [grade!, roubles(price!)])),
  }));
}

describe("the buy-back price table", () => {
  it("quotes every coin of the table, in every condition, at the table's price for that condition", async () => {
    const page = await new ShopClient(shop.url).html("/coin-buyback");
    const rows = tableRows(page);
    expect(rows.length).toBeGreaterThan(10);
    let request = 0;
    for (const row of rows) {
      expect(Object.keys(row.prices), row.name).toEqual([...buybackGrades]);
      for (const grade of buybackGrades) {
        request++;
        const seller = new ShopClient(shop.url, { headers: { "X-Forwarded-For": `198.51.100.${request}` } });
        const sent = await seller.postForm("/coin-buyback", {
          name: "Иван Петров",
          phone: newPhone().typed,
          offerId: row.offerId,
          quantity: "1",
          grade,
          items: "",
          comment: "",
          consent: "on",
        });
        expect([sent.status, sent.headers.get("location")], `${row.name}, ${grade}`).toEqual([303, "/coin-buyback"]);
        const notice = plain(textContent(await seller.html("/coin-buyback")));
        const quoted = /Заявка В-\d{6} принята\. Цена ([\d ]+ ₽), зафиксирована/.exec(notice)?.[1];
        expect(quoted && roubles(quoted), `${row.name}, ${grade}`).toBe(row.prices[grade]);
      }
    }
  }, 300_000);

  it("names each condition in the form as its column does, with the operator's percentage", async () => {
    const page = await new ShopClient(shop.url).html("/coin-buyback");
    const heads = [...page.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/gs)].map(([, inner]) => plain(textContent(inner!)));
    const options = Object.fromEntries([...page.matchAll(/<option value="(\w+)"[^>]*>([^<]+)<\/option>/g)].map(([, value, label]) => [value!, plain(label!)]));
    expect(heads).toEqual(["Монета", "Отличное (+1,50 %)", "Хорошее (−3 %)", "С дефектами (−12,25 %)"]);
    expect(buybackGrades.map((grade) => options[grade])).toEqual(heads.slice(1));
  });
});
