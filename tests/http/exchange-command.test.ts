// npm run exchange as the operator runs it: the exchange's login (audited, never the password
// kept), an import from files for a dealer who drops them instead of connecting 1C (the sample
// files, import.xml in UTF-8 and offers.xml in windows-1251), and the log of exchanges.
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#app/modules/db/schema.ts";
import { readExchangeSettings } from "#app/modules/exchange/settings.server.ts";
import { runCommand } from "#tests/support/commands.ts";
import { repoRoot } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

const script = "scripts/exchange.ts";
const sample = (name: string) => path.join(repoRoot, "tests/fixtures/exchange", name);
let database: ShopDatabase;

beforeAll(async () => {
  database = await createShopDatabase();
}, 60_000);
afterAll(() => database?.remove());

describe("npm run exchange", () => {
  it("sets the exchange's login, refusing a short password; keeps only a hash", { timeout: 60_000 }, async () => {
    const short = await runCommand(script, ["credentials", "1c", "short"], database.env);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("Пароль обмена: от 12");
    const set = await runCommand(script, ["credentials", "1c", "длинный-пароль-обмена"], database.env);
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    expect(set.stdout).toContain("Логин обмена «1c» задан. Адрес для 1С: http://localhost:3000/1c_exchange");
    await database.use(async ({ db }) => {
      const settings = await readExchangeSettings(db);
      expect(settings.login).toBe("1c");
      expect(settings.passwordHash).toMatch(/^scrypt\$/);
      expect(settings.passwordHash).not.toContain("длинный");
    });
  });

  it("imports the sample files, a second time changing nothing, and lists the exchanges", { timeout: 90_000 }, async () => {
    const first = await runCommand(script, ["import", sample("offers.xml"), sample("import.xml")], database.env);
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("Загружено: import.xml, offers.xml. Создано 1, обновлено 5, без изменений 0, отклонено 0.");
    // ZZ-0009 is no coin of the shop: it waits among the new goods, with its stock.
    expect(first.stdout).toContain("Новых товаров из 1С: 1.");
    const again = await runCommand(script, ["import", sample("import.xml"), sample("offers.xml")], database.env);
    expect(again.stdout).toContain("Создано 0, обновлено 0, без изменений 6, отклонено 0.");
    const log = await runCommand(script, ["log"], database.env);
    expect(log.code).toBe(0);
    expect(log.stdout.match(/· cli · catalog · успешно ·/g)).toHaveLength(2);
    expect(log.stdout).toContain("файлы: import.xml, offers.xml");
    await database.use(async ({ db }) => {
      const coins = await db
        .select({ sku: products.sku, stock: products.stock, fixedPrice: products.fixedPrice })
        .from(products)
        .where(inArray(products.sku, ["AU-0001", "AG-0018"]))
        .orderBy(products.sku);
      expect(coins).toEqual([
        { sku: "AG-0018", stock: 0, fixedPrice: 5100 },
        { sku: "AU-0001", stock: 11, fixedPrice: null },
      ]);
    });
  });

  it("refuses a file that is no catalogue and explains itself when called wrongly", { timeout: 60_000 }, async () => {
    const refused = await runCommand(script, ["import", path.join(repoRoot, "package.json")], database.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("не является файлом каталога CommerceML");
    const wrong = await runCommand(script, ["log", "много"], database.env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("npm run exchange -- credentials ЛОГИН ПАРОЛЬ");
  });
});
