// The back office's catalogue and content as staff use them with
// JavaScript off: a coin's premium changed and the storefront's price following at once, a
// conflicting edit and a bad value refused, a manager refused, a bad catalogue file refused
// with its rows' errors and nothing changed, a picture of a fake type refused and a real one
// served through /_ipx, a content page edited, previewed, unpublished and published again,
// and the audit trail each change leaves.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPhone } from "#tests/support/buyer.ts";
import { attribute, decodeEntities, h1Texts, inputValue, tags, textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient, type ClientResponse } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
const staff = { owner: newPhone(), content: newPhone(), manager: newPhone() };
const clients: Partial<Record<keyof typeof staff, ShopClient>> = {};

const coin = { sku: "AU-0001", slug: "georgiy-pobedonosec-50-rubley-mmd" };
const coinPage = `/admin/catalog/${coin.sku}`;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-admin-catalog-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(
    database,
    Object.entries(staff).map(([role, phone]) => ({ phone: phone.typed, role, name: `Тест ${role}` })),
  );
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox });
  for (const role of Object.keys(staff) as Array<keyof typeof staff>) clients[role] = await signedInStaff(shop.url, smsOutbox, staff[role]);
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** The roubles of the storefront's price of the coin, as a buyer reads it. */
async function storefrontPrice(): Promise<number> {
  const page = await new ShopClient(shop.url).html(`/products/${coin.slug}`);
  const text = textByTestId(page, "price") ?? "";
  return Number(/([\d\s\u00a0\u202f]+)\s*₽/.exec(text)![1]!.replace(/\D/g, ""));
}

function textareaValue(html: string, name: string): string {
  const match = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return decodeEntities(match?.[1] ?? "");
}

function selectedValue(html: string, name: string): string {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  const option = tags(select, "option").find((tag) => /\sselected(=|\s|>)/.test(tag)) ?? tags(select, "option")[0]!;
  return attribute(option, "value") ?? "";
}

/** The coin form as the page shows it, every field a browser would send. */
async function coinForm(client: ShopClient, page = coinPage): Promise<Record<string, string>> {
  const html = await client.html(page);
  const fields: Record<string, string> = { intent: "save", version: inputValue(html, "version")!, description: textareaValue(html, "description") };
  for (const name of ["name", "premiumPercent", "fixedPremium", "fixedPrice", "buybackDiscountPercent", "stock", "maxPerOrder", "lowStockThreshold"])
    fields[name] = inputValue(html, name)!;
  for (const name of ["pricing", "vat"]) fields[name] = selectedValue(html, name);
  const published = tags(html, "input").find((tag) => attribute(tag, "name") === "published")!;
  if (/\schecked/.test(published)) fields.published = "on";
  return fields;
}

const mainText = (html: string) => textContent(/<main\b[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "");

describe("a coin edited in the back office", () => {
  let priceBefore: number;

  it("content staff find the coin by its SKU and see its premium", async () => {
    const list = await clients.content!.html(`/admin/catalog?q=${coin.sku}`);
    expect(textByTestId(list, "catalog-found")).toBe("Найдено: 1");
    expect(list).toContain(`href="${coinPage}"`);
    const form = await coinForm(clients.content!);
    expect(form.premiumPercent).toBe("8");
    priceBefore = await storefrontPrice();
    expect(priceBefore).toBeGreaterThan(0);
  });

  it("a premium 10 points higher shows on the storefront at once, and the change is audited with before and after", async () => {
    const form = await coinForm(clients.content!);
    const saved = await clients.content!.postForm(coinPage, { ...form, premiumPercent: "18", lowStockThreshold: "3" });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, coinPage]);
    const after = await storefrontPrice();
    // Metal value × 1.18 against × 1.08: about 9.3 % more, whatever the quotes are.
    expect(after / priceBefore).toBeGreaterThan(1.08);
    expect(after / priceBefore).toBeLessThan(1.1);
    const page = await clients.content!.html(coinPage);
    expect(textByTestId(page, "flash")).toBe(`${coin.sku}: изменено: Порог «мало на складе», шт., Наценка, %.`);
    expect(textByTestId(page, "coin-audit")).toMatch(/\(контент-редактор\): Наценка, %: 8 → 18; Порог «мало на складе», шт\.: — → 3/);
    expect(inputValue(page, "premiumPercent")).toBe("18");
  });

  it("an edit made on a page that another member of staff changed since is refused and shown, not saved", async () => {
    const stale = await coinForm(clients.content!);
    const ownerForm = await coinForm(clients.owner!);
    expect((await clients.owner!.postForm(coinPage, { ...ownerForm, stock: "7" })).status).toBe(303);
    const priceNow = await storefrontPrice();
    const refused = await clients.content!.postForm(coinPage, { ...stale, premiumPercent: "30" });
    expect(refused.status).toBe(409);
    expect(textByTestId(refused.text, "edit-error")).toContain("Монету только что изменил другой сотрудник");
    // What was typed stays in the form; the coin keeps the owner's change and the old premium.
    expect(inputValue(refused.text, "premiumPercent")).toBe("30");
    expect(await storefrontPrice()).toBe(priceNow);
    expect(inputValue(await clients.content!.html(coinPage), "stock")).toBe("7");
  });

  it("a bad value is named in Russian by the import's rule and nothing is saved", async () => {
    const form = await coinForm(clients.content!);
    const refused = await clients.content!.postForm(coinPage, { ...form, premiumPercent: "много", stock: "-1" });
    expect(refused.status).toBe(422);
    expect(textByTestId(refused.text, "edit-error")).toBe("Наценка, %: должно быть числом от -50 до 1000; Остаток, шт.: должно быть целым числом не меньше 0");
    const page = await clients.content!.html(coinPage);
    expect([inputValue(page, "premiumPercent"), inputValue(page, "stock")]).toEqual(["18", "7"]);
  });

  it("a manager is refused the catalogue with the Russian 403 page, and cannot post a change", async () => {
    for (const page of ["/admin/catalog", coinPage, "/admin/content", "/admin/content/page/return"]) {
      const refused = await clients.manager!.get(page);
      expect([page, refused.status, textByTestId(refused.text, "admin-error")]).toEqual([page, 403, "Нет доступа"]);
    }
    // The file download is no page: a bare 403 without the catalogue.
    const download = await clients.manager!.get("/admin/catalog/export");
    expect(download.status).toBe(403);
    expect(download.text).not.toContain(coin.sku);
    const form = await coinForm(clients.owner!);
    const posted = await clients.manager!.postForm(coinPage, { ...form, premiumPercent: "50" });
    expect(posted.status).toBe(403);
    expect(inputValue(await clients.owner!.html(coinPage), "premiumPercent")).toBe("18");
  });

  it("a form posted from another site is refused before it reaches the page", async () => {
    const form = await coinForm(clients.owner!);
    const posted = await clients.owner!.postForm(coinPage, { ...form, premiumPercent: "50" }, { headers: { Origin: "https://evil.example" } });
    expect(posted.status).toBe(403);
    expect(inputValue(await clients.owner!.html(coinPage), "premiumPercent")).toBe("18");
  });
});

describe("a price under the coin's floor", () => {
  // The Krugerrand is sold with VAT: at a bullion premium the shop keeps less than the metal.
  const krugerrand = "/admin/catalog/AU-0036";
  const premiumOf = async () => inputValue(await clients.content!.html(krugerrand), "premiumPercent");

  it("is not saved until staff confirm it on a second post, the page naming the price net of VAT and the metal", async () => {
    const form = await coinForm(clients.content!, krugerrand);
    expect(form.premiumPercent).toBe("30");
    const warned = await clients.content!.postForm(krugerrand, { ...form, premiumPercent: "6" });
    expect(warned.status).toBe(422);
    expect(textByTestId(warned.text, "edit-error")).toMatch(
      /^Не сохранено: Цена без НДС [\d\s]+ ₽ ниже стоимости металла [\d\s]+ ₽; Цена без НДС [\d\s]+ ₽ ниже цены выкупа [\d\s]+ ₽\. Если так и задумано/,
    );
    expect(textByTestId(warned.text, "confirm-below-floor")).toContain("Да, продавать так");
    expect(inputValue(warned.text, "premiumPercent")).toBe("6");
    expect(await premiumOf()).toBe("30");

    const confirmed = await clients.content!.postForm(krugerrand, { ...form, premiumPercent: "6", confirmBelowFloor: "on" });
    expect(confirmed.status).toBe(303);
    expect(await premiumOf()).toBe("6");
    // A later save that leaves the price alone is not asked again.
    const stockOnly = await clients.content!.postForm(krugerrand, { ...(await coinForm(clients.content!, krugerrand)), stock: "11" });
    expect(stockOnly.status).toBe(303);
    expect((await clients.content!.postForm(krugerrand, { ...(await coinForm(clients.content!, krugerrand)), premiumPercent: "30" })).status).toBe(303);
  });

  it("a coin without VAT is asked too when its premium goes under zero, and a coin for nothing is refused outright", async () => {
    const form = await coinForm(clients.content!);
    const warned = await clients.content!.postForm(coinPage, { ...form, premiumPercent: "-2" });
    expect(warned.status).toBe(422);
    expect(textByTestId(warned.text, "edit-error")).toMatch(/^Не сохранено: Цена [\d\s]+ ₽ ниже стоимости металла/);
    const free = await clients.content!.postForm(coinPage, { ...form, premiumPercent: "-100", confirmBelowFloor: "on" });
    expect(free.status).toBe(422);
    expect(textByTestId(free.text, "edit-error")).toBe("Наценка, %: должно быть числом от -50 до 1000");
    expect(inputValue(await clients.content!.html(coinPage), "premiumPercent")).toBe(form.premiumPercent);
  });

  it("the buy-back discount is labelled by what it follows, the metal, and the figures shown are the storefront's", async () => {
    const page = await clients.content!.html(krugerrand);
    const hint = textByTestId(page, "buyback-hint")!;
    expect(hint).toMatch(
      /^цена выкупа — стоимость металла по котировкам минус эта скидка; от цены продажи и наценки не зависит\. Сейчас: металл [\d\s]+ ₽, выкуп [\d\s]+ ₽$/,
    );
    expect(page).not.toContain("ниже цены продажи");
    const shown = Number(/выкуп ([\d\s]+) ₽/.exec(hint)![1]!.replace(/\D/g, ""));
    const storefront = mainText(await new ShopClient(shop.url).html("/products/kryugerrand-1-unciya"));
    expect(Number(/Выкупим у вас за ([\d\s]+) ₽/.exec(storefront)![1]!.replace(/\D/g, ""))).toBe(shown);
  });
});

describe("the whole catalogue file", () => {
  const upload = (client: ShopClient, name: string, text: string, type = "text/csv", confirmBelowFloor = false): Promise<ClientResponse> => {
    const form = new FormData();
    form.set("intent", "import");
    form.set("file", new File([text], name, { type }));
    if (confirmBelowFloor) form.set("confirmBelowFloor", "on");
    return client.postMultipart("/admin/catalog", form);
  };

  it("with one bad row nothing is imported and every row's error is listed", async () => {
    const refused = await upload(clients.content!, "prices.csv", "sku;stock;premiumPercent\nAU-0002;99;9\nAG-0003;5;двадцать\nAU-0004;-3;12\n");
    expect(refused.status).toBe(422);
    const errors = textByTestId(refused.text, "import-errors")!;
    expect(errors).toContain("Файл prices.csv не загружен, в каталоге ничего не изменилось. Ошибки (2):");
    expect(errors).toContain("Строка 3, поле premiumPercent: должно быть числом от -50 до 1000");
    expect(errors).toContain("Строка 4, поле stock: должно быть целым числом не меньше 0");
    // The good row was not written either.
    expect(inputValue(await clients.content!.html("/admin/catalog/AU-0002"), "stock")).toBe("33");
  });

  it("a good file is imported, audited, and the export gives it back in the CLI's format", async () => {
    const imported = await upload(clients.content!, "prices.csv", "sku;stock\nAU-0002;99\n");
    expect([imported.status, imported.headers.get("location")]).toEqual([303, "/admin/catalog"]);
    const list = await clients.content!.html("/admin/catalog");
    expect(textByTestId(list, "flash")).toBe("Каталог загружен: монет 1 (новых 0, обновлено 1).");
    expect(textByTestId(list, "catalog-imports")).toMatch(/\(контент-редактор\): prices\.csv, новых 0, обновлено 1$/);
    expect(inputValue(await clients.content!.html("/admin/catalog/AU-0002"), "stock")).toBe("99");
    const exported = await clients.content!.get("/admin/catalog/export");
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.json"$/);
    const rows = JSON.parse(exported.text) as Array<Record<string, unknown>>;
    expect(rows.find((row) => row.sku === "AU-0002")).toMatchObject({ stock: 99 });
    expect(rows.find((row) => row.sku === coin.sku)).toMatchObject({ premiumPercent: 18, lowStockThreshold: 3, stock: 7 });
  });

  it("the whole exported file, larger than an ordinary form may be, goes back in unchanged", async () => {
    const exported = (await clients.owner!.get("/admin/catalog/export")).text;
    expect(exported.length).toBeGreaterThan(64 * 1024);
    const imported = await upload(clients.owner!, "catalog.json", exported, "application/json");
    expect(imported.status).toBe(303);
    const count = (JSON.parse(exported) as unknown[]).length;
    expect(textByTestId(await clients.owner!.html("/admin/catalog"), "flash")).toBe(`Каталог загружен: монет ${count} (новых 0, обновлено ${count}).`);
    expect((await clients.owner!.get("/admin/catalog/export")).text).toBe(exported);
    // Other forms keep the shop's 64 KB limit.
    const elsewhere = await clients.owner!.postForm("/admin/buyback", { note: "x".repeat(70 * 1024) });
    expect(elsewhere.status).toBe(413);
  });

  it("a file that would sell a coin under its metal value is loaded only once staff confirm it, as a single coin's save", async () => {
    const premium = async () => inputValue(await clients.content!.html("/admin/catalog/AU-0036"), "premiumPercent");
    const file = "sku;premiumPercent;stock\nAU-0036;6;5\nAU-0002;8;33\n";
    const warned = await upload(clients.content!, "bullion.csv", file);
    expect(warned.status).toBe(422);
    const warning = textByTestId(warned.text, "import-below-floor")!;
    expect(warning).toContain("Файл bullion.csv не загружен: эти монеты продавались бы дешевле металла или цены выкупа.");
    expect(warning).toMatch(/AU-0036 «[^»]+»: Цена без НДС [\d\s]+ ₽ ниже стоимости металла [\d\s]+ ₽; Цена без НДС [\d\s]+ ₽ ниже цены выкупа/);
    expect(warning).not.toContain("AU-0002");
    expect(warning).toContain("Да, продавать эти монеты по таким ценам");
    expect(await premium()).toBe("30");

    expect((await upload(clients.content!, "bullion.csv", file, "text/csv", true)).status).toBe(303);
    expect(await premium()).toBe("6");
    // The same prices again are not asked about; putting the premium back is not either.
    expect((await upload(clients.content!, "bullion.csv", file)).status).toBe(303);
    expect((await upload(clients.content!, "bullion.csv", "sku;premiumPercent\nAU-0036;30\n")).status).toBe(303);
    expect(await premium()).toBe("30");
  });
});

describe("a coin's pictures", () => {
  const post = async (client: ShopClient, file: File) => {
    const form = new FormData();
    form.set("intent", "picture");
    form.set("version", inputValue(await client.html(coinPage), "version")!);
    form.set("alt", "Аверс крупно");
    form.set("picture", file);
    return client.postMultipart(coinPage, form);
  };
  const pictureCount = async () =>
    (
      /<ul[^>]*>([\s\S]*?)<\/ul>/.exec(await clients.content!.html(coinPage).then((html) => html.slice(html.indexOf('data-testid="coin-pictures"'))))?.[1] ?? ""
    ).split("<li").length - 1;

  it("a file that only claims to be a PNG is refused by its bytes, and the coin keeps its pictures", async () => {
    const before = await pictureCount();
    const refused = await post(clients.content!, new File(["<script>alert(1)</script>"], "coin.png", { type: "image/png" }));
    expect(refused.status).toBe(422);
    expect(textByTestId(refused.text, "edit-error")).toBe("Картинка должна быть в формате JPEG, PNG или WebP (проверяется содержимое файла, а не его имя)");
    expect(await pictureCount()).toBe(before);
  });

  it("a picture larger than 5 000 points a side is refused with its size named, and nothing is stored", async () => {
    const before = await pictureCount();
    const wide = await sharp({ create: { width: 10_000, height: 8, channels: 3, background: "#c9a227" } })
      .png()
      .toBuffer();
    const refused = await post(clients.content!, new File([new Uint8Array(wide)], "panorama.png", { type: "image/png" }));
    expect(refused.status).toBe(422);
    expect(textByTestId(refused.text, "edit-error")).toBe(
      "Картинка 10 000 × 8 точек слишком велика: не больше 5 000 точек по каждой стороне (уменьшите её перед загрузкой)",
    );
    expect(textByTestId(refused.text, "flash")).toBeUndefined();
    expect(await pictureCount()).toBe(before);
  });

  it("a real PNG is stored and served through /_ipx", async () => {
    const before = await pictureCount();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c9a227" } })
      .png()
      .toBuffer();
    const added = await post(clients.content!, new File([new Uint8Array(png)], "avers.png", { type: "image/png" }));
    expect([added.status, added.headers.get("location")]).toEqual([303, coinPage]);
    const page = await clients.content!.html(coinPage);
    expect(await pictureCount()).toBe(before + 1);
    const src = tags(page, "img")
      .map((tag) => decodeEntities(attribute(tag, "src") ?? ""))
      .find((value) => value.includes("products/uploads/"))!;
    expect(src).toMatch(/^\/_ipx\/.*products\/uploads\/georgiy-pobedonosec-50-rubley-mmd-[0-9a-f]{12}\.png$/);
    const image = await new ShopClient(shop.url).get(src);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    expect(textByTestId(page, "coin-audit")).toMatch(/Картинки: \d+ шт\. → \d+ шт\./);
  });
});

describe("a content page edited in the back office", () => {
  const editor = "/admin/content/page/return";

  it("is listed with every kind, and opens as its Markdown file", async () => {
    const list = await clients.content!.html("/admin/content");
    for (const kind of ["Страницы", "Новости", "Кейсы", "Обучение", "Акции", "Отзывы", "Партнёры", "Сертификаты"]) expect(mainText(list)).toContain(kind);
    expect(list).toContain(`href="${editor}"`);
    const page = await clients.content!.html(editor);
    expect(textareaValue(page, "source")).toMatch(/^---\npath: return\ntitle: Обмен и возврат\n/);
  });

  it("a preview renders the typed Markdown without saving it", async () => {
    const page = await clients.content!.html(editor);
    const source = `${textareaValue(page, "source")}\n## Проверка предпросмотра\n`;
    const preview = await clients.content!.postForm(editor, { intent: "preview", version: inputValue(page, "version")!, source });
    expect(preview.status).toBe(200);
    expect(findHeading(textByTestId(preview.text, "content-preview") ?? "")).toBe(true);
    expect(preview.text).toContain("<h2>Проверка предпросмотра</h2>");
    expect(textContent(await new ShopClient(shop.url).html("/return"))).not.toContain("Проверка предпросмотра");
  });

  it("a file with a broken field is refused with the import's message, nothing saved", async () => {
    const page = await clients.content!.html(editor);
    const broken = textareaValue(page, "source").replace(/^title: .*$/m, "title: ''");
    const refused = await clients.content!.postForm(editor, { intent: "save", version: inputValue(page, "version")!, source: broken });
    expect(refused.status).toBe(422);
    expect(textByTestId(refused.text, "content-errors")).toContain("Файл pages/return.md, поле title: не может быть пустым");
    expect(textContent(await new ShopClient(shop.url).html("/return"))).toContain("Обмен и возврат");
  });

  it("saved, unpublished (404 on the storefront) and published again, each audited", async () => {
    let page = await clients.content!.html(editor);
    const source = textareaValue(page, "source").replace("title: Обмен и возврат", "title: Обмен и возврат монет");
    const saved = await clients.content!.postForm(editor, { intent: "save", version: inputValue(page, "version")!, source });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, editor]);
    const storefront = new ShopClient(shop.url);
    expect(textContent(await storefront.html("/return"))).toContain("Обмен и возврат монет");

    page = await clients.content!.html(editor);
    const beforeHiding = inputValue(page, "version")!;
    const hidden = await clients.content!.postForm(editor, { intent: "unpublish", version: beforeHiding });
    expect(hidden.status).toBe(303);
    expect((await storefront.get("/return")).status).toBe(404);
    page = await clients.content!.html(editor);
    expect(textByTestId(page, "content-state")).toBe("скрыто");
    expect(textByTestId(page, "flash")).toBe("Снято с публикации: в магазине записи больше нет.");

    // A stale form (the version before the unpublish) is refused.
    const stale = await clients.content!.postForm(editor, { intent: "save", version: beforeHiding, source });
    expect(stale.status).toBe(409);

    const shown = await clients.content!.postForm(editor, { intent: "publish", version: inputValue(page, "version")! });
    expect(shown.status).toBe(303);
    expect((await storefront.get("/return")).status).toBe(200);
    const audit = textByTestId(await clients.content!.html(editor), "content-audit")!;
    expect(audit.match(/\(контент-редактор\): (текст изменён|снято с публикации|опубликовано)/g)).toEqual([
      "(контент-редактор): опубликовано",
      "(контент-редактор): снято с публикации",
      "(контент-редактор): текст изменён",
    ]);
  });
});

const findHeading = (text: string) => text.includes("Проверка предпросмотра") && text.startsWith("Предпросмотр (не сохранено)");

describe("a news item added and edited as a form of fields (no raw file)", () => {
  const newNews = "/admin/content/new/news";
  const slug = "novyj-grafik-subbota";
  const editor = `/admin/content/news/${slug}`;
  const post = (path: string, fields: Record<string, string>, picture?: File) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("cover", picture ?? new File([], "", { type: "application/octet-stream" }));
    return clients.content!.postMultipart(path, form);
  };
  const fields = {
    title: "Новый график: суббота",
    date: "07.11.2026",
    description: "Офис работает и в субботу.",
    body: "## Часы\n\nС **10:00** до 15:00.",
    coverAlt: "Часы на стене",
  };
  /** The error shown beside a field (conform's `${id}-error` paragraph after the input of that name). */
  const fieldError = (html: string, name: string) => {
    const input = tags(html, "input")
      .concat(tags(html, "textarea"))
      .find((tag) => attribute(tag, "name") === name);
    const id = input && attribute(input, "id");
    return id ? textContent(new RegExp(`<p id="${id}-error"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1] ?? "") : undefined;
  };
  const storefront = () => new ShopClient(shop.url);

  it("the list offers 'Добавить новость'; a preview renders the fields, saves nothing", async () => {
    expect(await clients.content!.html("/admin/content")).toContain(`href="${newNews}"`);
    const page = await clients.content!.html(newNews);
    expect(inputValue(page, "date")).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const preview = await post(newNews, { ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    const shown = textByTestId(preview.text, "content-preview") ?? "";
    expect(shown).toContain("Новый график: суббота");
    expect(shown).toContain("7 ноября 2026");
    expect(preview.text).toContain("<h2>Часы</h2>");
    expect((await storefront().get(`/news/${slug}`)).status).toBe(404);
  });

  it("a date that is no day and an empty short text are named in Russian beside their fields, nothing saved", async () => {
    const refused = await post(newNews, { ...fields, date: "31.13.2026", description: "", intent: "publish" });
    expect(refused.status).toBe(422);
    expect(fieldError(refused.text, "date")).toBe("Дата в виде ДД.ММ.ГГГГ или ГГГГ-ММ-ДД, например 14.10.2026");
    expect(fieldError(refused.text, "description")).toBe("Обязательное поле");
    // What was typed stays in the form.
    expect(inputValue(refused.text, "title")).toBe("Новый график: суббота");
    expect((await storefront().get(`/news/${slug}`)).status).toBe(404);
  });

  it("a file that is no picture is refused beside the picture field, nothing saved", async () => {
    const refused = await post(newNews, { ...fields, intent: "publish" }, new File(["<svg onload=alert(1)>"], "cover.png", { type: "image/png" }));
    expect(refused.status).toBe(422);
    expect(fieldError(refused.text, "cover")).toBe("Картинка должна быть в формате JPEG, PNG или WebP (проверяется содержимое файла, а не его имя)");
    expect((await storefront().get(`/news/${slug}`)).status).toBe(404);
  });

  it("published with a title with a colon, its address made from the title, its picture uploaded: on the storefront at once, audited", async () => {
    const png = await sharp({ create: { width: 120, height: 63, channels: 3, background: "#c9a227" } })
      .png()
      .toBuffer();
    const added = await post(newNews, { ...fields, intent: "publish" }, new File([new Uint8Array(png)], "cover.png", { type: "image/png" }));
    expect([added.status, added.headers.get("location")]).toEqual([303, editor]);
    const page = await clients.content!.html(editor);
    expect(textByTestId(page, "flash")).toBe("Новость добавлена и опубликована.");
    expect(textByTestId(page, "content-state")).toBe("опубликовано");
    const shown = await storefront().html(`/news/${slug}`);
    expect(h1Texts(shown)).toEqual(["Новый график: суббота"]);
    expect(textContent(shown)).toContain("7 ноября 2026");
    const cover = tags(shown, "img")
      .map((tag) => decodeEntities(attribute(tag, "src") ?? ""))
      .find((src) => src.includes("content/uploads/"));
    expect(cover).toMatch(/^\/_ipx\/.*content\/uploads\/novyj-grafik-subbota-[0-9a-f]{12}\.png$/);
    expect((await storefront().get(cover!)).status).toBe(200);
    expect(textContent(await storefront().html("/news"))).toContain("Новый график: суббота");
    expect(textByTestId(page, "content-audit")).toMatch(/\(контент-редактор\): добавлено/);
  });

  it("the same address again is refused beside the address field", async () => {
    const refused = await post(newNews, { ...fields, intent: "publish" });
    expect(refused.status).toBe(409);
    expect(fieldError(refused.text, "slug")).toBe("Адрес «novyj-grafik-subbota» уже занят другой записью: измените его");
  });

  it("a draft with its own address and a date as ГГГГ-ММ-ДД stays off the storefront until published", async () => {
    const draft = await post(newNews, { ...fields, title: "Черновик: перерыв", slug: "pereryv", date: "2026-10-14", intent: "draft" });
    expect([draft.status, draft.headers.get("location")]).toEqual([303, "/admin/content/news/pereryv"]);
    let page = await clients.content!.html("/admin/content/news/pereryv");
    expect(textByTestId(page, "content-state")).toBe("скрыто");
    expect((await storefront().get("/news/pereryv")).status).toBe(404);
    const shown = await clients.content!.postForm("/admin/content/news/pereryv", { intent: "publish", version: inputValue(page, "version")! });
    expect(shown.status).toBe(303);
    page = await storefront().html("/news/pereryv");
    expect(textContent(page)).toContain("14 октября 2026");
  });

  it("edited: a new title with a colon saved, a stale form refused, both in the log by the member's name", async () => {
    const page = await clients.content!.html(editor);
    expect(inputValue(page, "date")).toBe("07.11.2026");
    const version = inputValue(page, "version")!;
    const saved = await post(editor, { ...fields, title: "Суббота: рабочая", removeCover: "on", intent: "save", version });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, editor]);
    const shown = await storefront().html(`/news/${slug}`);
    expect(h1Texts(shown)).toEqual(["Суббота: рабочая"]);
    expect(shown).not.toContain("content/uploads/");
    const stale = await post(editor, { ...fields, title: "Поздно: уже изменено", intent: "save", version });
    expect(stale.status).toBe(409);
    expect(inputValue(stale.text, "title")).toBe("Поздно: уже изменено");
    const audit = spaces(textByTestId(await clients.owner!.html(`/admin/audit?object=${slug}`), "audit-table"));
    expect(audit).toMatch(
      /Тест content\s*контент-редактор\s*Текст изменён\s*Новости: novyj-grafik-subbota\s*Заголовок: Новый график: суббота\s*Картинка: картинка «Часы на стене»\s*Заголовок: Суббота: рабочая\s*Картинка: —/,
    );
    expect(audit).toMatch(/Текст добавлен.*Дата: 07\.11\.2026/);
  });
});

describe("the audit log of the catalogue", () => {
  it("a coin's pictures are counted, not printed as JSON, and the member is named", async () => {
    const audit = spaces(textByTestId(await clients.owner!.html(`/admin/audit?action=catalog.edit`), "audit-table"));
    expect(audit).toMatch(/Тест content\s*контент-редактор\s*Монета изменена\s*Монета AU-0001/);
    expect(audit).toMatch(/Картинки: \d+ шт\./);
    expect(audit).not.toContain('"src"');
    expect(audit).not.toContain(staff.content.typed.replace(/\s/g, " "));
  });
});

const spaces = (text: string | undefined) =>
  (text ?? "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
