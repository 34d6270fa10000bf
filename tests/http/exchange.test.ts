// The CommerceML 2 exchange as 1C walks it against the built shop (/1c_exchange): sign-in,
// init, files in pieces and as a zip, and the hostile calls that must get `failure` or 401
// and change nothing. On both databases (the PostgreSQL project runs it again).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { zipSync } from "fflate";
import { desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, exchangeImports, exchangeLog, exchangeNewGoods, exchangeSessions, products } from "#app/modules/db/schema.ts";
import { encodeSingleByte } from "#app/modules/shared/single-byte-encoding.ts";
import { setExchangeCredentials, setExchangeOptions } from "#app/modules/exchange/settings.server.ts";
import { basic, OneCClient } from "#tests/exchange/one-c-client.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { repoRoot, type Shop } from "#tests/support/server.ts";

const login = "1c-exchange";
const password = "верный-пароль-обмена";
const fileLimit = 64 * 1024;

let database: ShopDatabase;
let shop: Shop;
const client = () => new OneCClient(shop.url, login, password);

beforeAll(async () => {
  database = await createShopDatabase();
  await database.use(async ({ db }) => {
    expect(await setExchangeCredentials(db, login, password)).toEqual({ ok: true });
    // Every import answers `progress` first and goes on between 1C's calls, as a long one would.
    expect(await setExchangeOptions(db, { zip: true, fileLimit, encoding: "utf-8", importStepSeconds: 0 })).toEqual({ ok: true });
  });
  shop = await database.start();
}, 120_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
});

const fixture = (name: string) => readFile(path.join(repoRoot, "tests/fixtures/exchange", name));
const goodId = (n: number) => `0f3a9c1e-5b7d-4e2a-8c11-00000000000${n}`;

/** The YML feed's offers by SKU: availability, count and price, as a marketplace reads them. */
async function feed(): Promise<Map<string, { available: string; count: string; price: string }>> {
  const xml = await (await fetch(`${shop.url}/yml.xml`)).text();
  return new Map(
    [...xml.matchAll(/<offer id="([^"]+)" available="(true|false)">([\s\S]*?)<\/offer>/g)].map((match) => [
      match[1]!,
      { available: match[2]!, count: /<count>([^<]*)<\/count>/.exec(match[3]!)?.[1] ?? "", price: /<price>([^<]*)<\/price>/.exec(match[3]!)?.[1] ?? "" },
    ]),
  );
}

/** Bytes that do not compress, so a zip of them is as large as they are. */
const noise = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 7919 + (i >> 8) * 31) % 251);

describe("/1c_exchange: sign-in and session", () => {
  it("checkauth with the exchange's login answers success, the cookie's name and a fresh value", async () => {
    const first = client();
    const reply = await first.checkauth("catalog");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(reply.headers.get("cache-control")).toBe("no-store");
    expect(reply.lines).toEqual(["success", "exchange_session", expect.stringMatching(/^[A-Za-z0-9_-]{43}$/)]);
    const second = client();
    await second.checkauth("catalog");
    expect(second.cookie).not.toBe(first.cookie);
  });

  it("init answers zip and file_limit from the settings", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    const { reply, zip, fileLimit: limit } = await onec.init("catalog");
    expect(reply.status).toBe(200);
    expect(reply.lines).toEqual(["zip=yes", `file_limit=${fileLimit}`]);
    expect(zip).toBe(true);
    expect(limit).toBe(fileLimit);
  });

  it("without the session cookie, or with one the shop never gave, every call after checkauth is 401 failure", async () => {
    const stranger = client();
    for (const cookie of [undefined, "exchange_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "exchange_session=../../etc"]) {
      stranger.cookie = cookie;
      const init = await stranger.call({ type: "catalog", mode: "init" });
      expect(init.status).toBe(401);
      expect(init.lines[0]).toBe("failure");
      expect(init.lines[1]).toContain("Сеанс обмена не найден");
      const file = await stranger.call({ type: "catalog", mode: "file", filename: "import.xml" }, { body: new TextEncoder().encode("<x/>") });
      expect(file.status).toBe(401);
      expect(file.lines[0]).toBe("failure");
    }
  });

  it("an unknown type or mode is a failure with the reason", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    expect((await onec.call({ type: "stock", mode: "init" })).lines).toEqual(["failure", "Неизвестный тип обмена: stock"]);
    expect((await onec.call({ type: "catalog", mode: "drop" })).lines).toEqual(["failure", "Неизвестный режим обмена: drop"]);
  });
});

describe("/1c_exchange: files", () => {
  it("takes a file in pieces of file_limit and keeps it whole for the import", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    const content = noise(fileLimit * 2 + 1000);
    const replies = await onec.sendFile("catalog", "import.xml", content, fileLimit);
    expect(replies.map((reply) => [reply.status, reply.lines])).toEqual([
      [200, ["success"]],
      [200, ["success"]],
      [200, ["success"]],
    ]);
    // A file never sent is named as missing; the one sent is there (and is no CommerceML: see the import suites).
    const missing = await onec.importFile("offers.xml");
    expect(missing.lines).toEqual(["failure", "Файл offers.xml не был передан в этом обмене"]);
  });

  it("takes a zip of the files and unpacks it before the import", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    const zip = zipSync({ "import.xml": new TextEncoder().encode("<КоммерческаяИнформация/>"), "import_files/ab/picture.jpg": noise(2000) });
    const replies = await onec.sendFile("catalog", "import.zip", zip, fileLimit);
    expect(replies.every((reply) => reply.lines[0] === "success")).toBe(true);
    // Unpacked and read: it is just no catalogue.
    const imported = await onec.importFile("import.xml");
    expect(imported.lines).toEqual(["failure", "import.xml: в файле нет ни Каталога, ни Классификатора: это не import.xml CommerceML"]);
  });

  it("refuses a piece past file_limit, a path in a filename, an empty body and a GET, and keeps nothing of them", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    const tooLarge = await onec.call({ type: "catalog", mode: "file", filename: "offers.xml" }, { body: noise(fileLimit + 1) });
    expect(tooLarge.lines).toEqual(["failure", `Часть файла больше file_limit (${fileLimit} байт)`]);
    for (const filename of ["../offers.xml", "/etc/passwd", "import_files/../../x.xml", "a\\b.xml", ""]) {
      const reply = await onec.call({ type: "catalog", mode: "file", filename }, { body: new TextEncoder().encode("<x/>") });
      expect(reply.lines[0], filename).toBe("failure");
      expect(reply.lines[1]).toContain("Недопустимое имя файла");
    }
    expect((await onec.call({ type: "catalog", mode: "file", filename: "offers.xml" }, { method: "POST" })).lines).toEqual([
      "failure",
      "Пустое тело запроса: файл не передан",
    ]);
    expect((await onec.call({ type: "catalog", mode: "file", filename: "offers.xml" })).lines).toEqual(["failure", "Файл передаётся методом POST"]);
    const nothing = await onec.importFile("offers.xml");
    expect(nothing.lines).toEqual(["failure", "Файл offers.xml не был передан в этом обмене"]);
  });

  it("a body past the largest file_limit from a live exchange is refused before it is read; without a session, past 64 KB", async () => {
    const stranger = client();
    const reply = await stranger.call({ type: "catalog", mode: "file", filename: "import.xml" }, { body: noise(70 * 1024) });
    expect(reply.status).toBe(413);
  });

  it("refuses a zip bomb and a zip with a path outside, at the import, and unpacks nothing of them", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    const bomb = zipSync({ "import.xml": new Uint8Array(40 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(fileLimit);
    await onec.sendFile("catalog", "bomb.zip", bomb, fileLimit);
    const refused = await onec.importFile("import.xml");
    expect(refused.lines[0]).toBe("failure");
    expect(refused.lines[1]).toContain("zip-бомбу");

    const other = client();
    await other.checkauth("catalog");
    const evil = Buffer.from(
      Buffer.from(zipSync({ "x.xml": new TextEncoder().encode("<x/>") }))
        .toString("latin1")
        .replaceAll("x.xml", "../xm"),
      "latin1",
    );
    await other.sendFile("catalog", "evil.zip", evil, fileLimit);
    const outside = await other.importFile("../xm");
    expect(outside.lines).toEqual(["failure", expect.stringContaining("Недопустимое имя файла")]);
    const inside = await other.importFile("xm");
    expect(inside.lines).toEqual(["failure", expect.stringContaining("недопустимое имя файла в архиве")]);
  });
});

describe("/1c_exchange: the catalogue from 1C", () => {
  /** The `progress` answers 1C got while its imports went on. */
  const progressAnswers: string[][] = [];

  /** One exchange as 1C runs it: checkauth, init, the files (zipped when `zip`), then import.xml and offers.xml. */
  async function exchange(files: Record<string, Uint8Array>, options: { zip?: boolean; pieceBytes?: number } = {}) {
    const onec = client();
    expect((await onec.checkauth("catalog")).lines[0]).toBe("success");
    const { fileLimit: limit } = await onec.init("catalog");
    const sent = options.zip ? { "catalog.zip": zipSync(files) } : files;
    for (const [name, content] of Object.entries(sent)) {
      const replies = await onec.sendFile("catalog", name, content, options.pieceBytes ?? limit);
      expect(replies.map((reply) => reply.lines[0])).toEqual(replies.map(() => "success"));
    }
    const answers: string[][] = [];
    for (const name of Object.keys(files)) {
      const imported = await onec.importFile(name);
      progressAnswers.push(...imported.progress);
      answers.push(imported.lines);
    }
    return answers;
  }

  it("links coins by SKU, takes stock summed over warehouses and the price of a fixed-price coin only; the shop shows it", async () => {
    const before = await feed();
    expect(before.get("AU-0001")).toMatchObject({ available: "true", count: "5" });
    const metalPrice = before.get("AU-0001")!.price;
    expect(before.get("AG-0018")).toMatchObject({ available: "true", price: "4600" });

    // import.xml (UTF-8) in pieces of 1,000 bytes, offers.xml in windows-1251 whole.
    const answers = await exchange({ "import.xml": await fixture("import.xml"), "offers.xml": await fixture("offers.xml") }, { pieceBytes: 1000 });
    expect(answers).toEqual([["success"], ["success"]]);
    // Each import went on in the background while 1C got `progress` and asked again.
    expect(progressAnswers.map(([first]) => first)).toContain("progress");
    expect(progressAnswers[0]?.[1]).toMatch(/^Загрузка (import|offers)\.xml идёт \d+ с, обмен продолжится$/);

    const after = await feed();
    // 7 in Moscow and 4 in St Petersburg; 1C's 99,999 roubles ignored: the price follows the quotes.
    expect(after.get("AU-0001")).toMatchObject({ available: "true", count: "11", price: metalPrice });
    expect(after.get("AG-0018")).toMatchObject({ available: "false", count: "0", price: "5100" });
    // A good the shop has no coin for waits among the new goods: not in the feed, not found by search.
    expect(after.has("ZZ-0009")).toBe(false);
    const search = await (await fetch(`${shop.url}/search?q=${encodeURIComponent("которой")}`)).text();
    expect(search).not.toContain("Монета, которой нет на сайте");
  });

  it("the same files again, zipped, change nothing", async () => {
    const answers = await exchange({ "import.xml": await fixture("import.xml"), "offers.xml": await fixture("offers.xml") }, { zip: true });
    expect(answers).toEqual([["success"], ["success"]]);
    expect((await feed()).get("AU-0001")).toMatchObject({ count: "11" });
  });

  it("an import's outcome goes to 1C once: asked to import the same file again, the shop imports it again", async () => {
    const onec = client();
    await onec.checkauth("catalog");
    const offers = new TextDecoder("windows-1251").decode(await fixture("offers.xml"));
    const more = encodeSingleByte(offers.replace('КоличествоНаСкладе="7"', 'КоличествоНаСкладе="8"'), "windows-1251");
    await onec.sendFile("catalog", "offers.xml", more, fileLimit);
    const first = await onec.importFile("offers.xml");
    expect(first.lines).toEqual(["success"]);
    expect((await feed()).get("AU-0001")).toMatchObject({ count: "12" });
    // A new import (it answers `progress` first again), not the outcome already given.
    const again = await onec.importFile("offers.xml");
    expect(again.lines).toEqual(["success"]);
    expect(again.progress.length).toBeGreaterThan(0);
    expect(await exchange({ "offers.xml": await fixture("offers.xml") })).toEqual([["success"]]);
    expect((await feed()).get("AU-0001")).toMatchObject({ count: "11" });
  });

  it("a bad file changes nothing and the answer names the element: broken XML, an entity bomb, a price that is no number", async () => {
    const offers = new TextDecoder("windows-1251").decode(await fixture("offers.xml"));
    const badOffers = encodeSingleByte(
      offers.replace("<Количество>11</Количество>", "<Количество>1</Количество>").replace("5 100,00", "дорого"),
      "windows-1251",
    );
    expect(await exchange({ "offers.xml": badOffers })).toEqual([
      ["failure", "offers.xml: Предложение 0f3a9c1e-5b7d-4e2a-8c11-000000000002 (строка 32): цена «дорого» не число"],
    ]);

    const broken = (await fixture("import.xml")).toString("utf8").replace("</Артикул>", "</Артикл>");
    expect(await exchange({ "import.xml": Buffer.from(broken) })).toEqual([["failure", "import.xml: XML не разобран: строка 24: unexpected close tag."]]);

    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]><КоммерческаяИнформация><Каталог><Товары><Товар><Ид>x</Ид><Наименование>&lol9;</Наименование></Товар></Товары></Каталог></КоммерческаяИнформация>`;
    const [refused] = await exchange({ "import.xml": Buffer.from(bomb) });
    expect(refused).toEqual(["failure", expect.stringContaining("DOCTYPE не допускается")]);
    expect((await feed()).get("AU-0001")).toMatchObject({ count: "11" });
  });
});

// Last: it uses up the address's allowance of refused sign-ins.
describe("/1c_exchange: refused sign-ins", () => {
  it("a wrong password or login is 401 failure, audited and logged; after ten, even the right one waits", async () => {
    const wrong = new OneCClient(shop.url, login, "неверный-пароль");
    const refused = await wrong.checkauth("catalog");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Basic");
    expect(refused.lines).toEqual(["failure", "Неверный логин или пароль обмена"]);
    expect((await new OneCClient(shop.url, "someone", password).checkauth("catalog")).status).toBe(401);
    expect((await wrong.call({ type: "catalog", mode: "checkauth" }, { authorization: null })).status).toBe(401);
    expect((await wrong.call({ type: "catalog", mode: "checkauth" }, { authorization: "Basic !!!" })).status).toBe(401);
    for (let attempt = 4; attempt < 10; attempt++) expect((await wrong.checkauth("sale")).status).toBe(401);

    const limited = await client().checkauth("catalog");
    expect(limited.status).toBe(429);
    expect(limited.lines[0]).toBe("failure");
    expect(limited.lines[1]).toContain("Слишком много неудачных попыток");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(basic("a", "b")).toBe("Basic YTpi");
  });
});

describe("/1c_exchange: what the database kept", () => {
  it("refusals are audited and logged without the password; the exchanges are logged with their files", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      const audits = await db.select().from(auditLog).where(eq(auditLog.action, "exchange.sign_in_refused")).orderBy(desc(auditLog.id));
      expect(audits).toHaveLength(10);
      expect(audits.find((row) => row.entity === "exchange:someone")?.after).toEqual({ reason: "Неверный логин или пароль обмена" });
      expect(JSON.stringify(audits)).not.toContain("неверный-пароль");
      const credentials = await db.select().from(auditLog).where(eq(auditLog.action, "exchange.credentials"));
      expect(credentials).toHaveLength(1);
      expect(JSON.stringify(credentials)).not.toContain(password);
      expect(JSON.stringify(credentials)).not.toContain("scrypt");

      const log = await db.select().from(exchangeLog).orderBy(exchangeLog.id);
      expect(log.filter((row) => row.outcome === "refused")).toHaveLength(10);
      const zipped = log.find((row) => row.files.includes("import_files/ab/picture.jpg"));
      expect(zipped?.files).toEqual(["import.zip", "import.xml", "import_files/ab/picture.jpg"].sort());
      const chunks = log.find((row) => row.files.includes("import.xml") && !row.files.includes("import.zip"));
      expect(chunks?.errors).toEqual(["Файл offers.xml не был передан в этом обмене"]);
      expect(await db.select().from(exchangeSessions)).not.toHaveLength(0);

      const coins = await db
        .select()
        .from(products)
        .where(inArray(products.sku, ["AU-0001", "AG-0018"]))
        .orderBy(products.sku);
      expect(coins.map((coin) => [coin.sku, coin.exchangeId, coin.stock, coin.fixedPrice])).toEqual([
        ["AG-0018", goodId(2), 0, 5100],
        ["AU-0001", goodId(1), 11, null],
      ]);
      const imports = await db.select().from(auditLog).where(eq(auditLog.action, "exchange.import")).orderBy(auditLog.id);
      expect(imports.map((row) => row.after)).toEqual([
        { file: "import.xml", created: 1, updated: 2, unchanged: 0, refused: 0, skus: ["AU-0001", "AG-0018"] },
        { file: "offers.xml", created: 0, updated: 3, unchanged: 0, refused: 0, skus: ["AU-0001", "AG-0018"] },
        { file: "import.xml", created: 0, updated: 0, unchanged: 3, refused: 0, skus: [] },
        { file: "offers.xml", created: 0, updated: 0, unchanged: 3, refused: 0, skus: [] },
        // The same file imported twice in one exchange, then the stock set back by the next exchange.
        { file: "offers.xml", created: 0, updated: 1, unchanged: 2, refused: 0, skus: ["AU-0001"] },
        { file: "offers.xml", created: 0, updated: 0, unchanged: 3, refused: 0, skus: [] },
        { file: "offers.xml", created: 0, updated: 1, unchanged: 2, refused: 0, skus: ["AU-0001"] },
      ]);
      // Nothing is left running or untold.
      expect(await db.select().from(exchangeImports)).toEqual([]);
      const offersLog = log.find((row) => row.files.includes("catalog.zip"));
      expect(offersLog).toMatchObject({ outcome: "success", unchanged: 6, updated: 0, refused: 0 });
      expect(offersLog?.errors).toContain("Цены из 1С не применены к 1 монетам с ценой по котировкам металла: их цена следует котировкам");
      // The good new to the shop: one row however often it came, its stock from offers.xml kept.
      const newGoods = await db.select().from(exchangeNewGoods);
      expect(newGoods.map((good) => [good.exchangeId, good.article, good.name, good.stock, good.price])).toEqual([
        [goodId(9), "ZZ-0009", "Монета, которой нет на сайте", 3, null],
      ]);
    });
  });
});
