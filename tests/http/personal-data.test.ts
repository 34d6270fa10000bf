// Personal data (152-FZ) as a buyer without JavaScript meets it: the consent
// document with its edition and checksum, a consent row for sign-in step 3 and for a buy-back
// request (edition, hash, address, browser), withdrawal from the account, the analytics banner
// that keeps Yandex Metrica out of the page until accepted, the data download, and deleting the
// account: personal data erased, the order kept without the person, the phone a new buyer again.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordConsent } from "#app/modules/consents/consents.server.ts";
import { parseContentFiles } from "#app/modules/content/content-files.ts";
import { consents, notifications, orders, users } from "#app/modules/db/schema.ts";
import { changeOrderStatus } from "#app/modules/orders/operator.server.ts";
import { newPhone, signIn as signInAt, signedInBuyer } from "#tests/support/buyer.ts";
import { attribute, findByTestId, tags, textByTestId, textContent } from "#tests/support/html.ts";
import { browserUserAgent, ShopClient } from "#tests/support/http-client.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

const counterId = "98765";
const consentUserAgent = `${browserUserAgent} consent-check/1`;

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
/** A buyer whose order is completed (may delete the account), and one whose order waits for payment. */
let finished: TestOrder;
let unpaid: TestOrder;
let documentBody: string;
/** The buyer of `finished`, signed in by the export test (a second code for the phone would wait 120 s). */
let finishedClient: ShopClient;

type Export = {
  profile: { phone: string; email: string; name: string } | null;
  orders: Array<{ number: string; contact: { phone: string }; lines: Array<{ sku: string }> }>;
  consents: Array<{
    purpose: string;
    phone: string;
    documentVersion: string;
    documentHash: string;
    reference: string;
    ip: string;
    userAgent: string;
    givenAt: string;
    withdrawnAt: string | null;
  }>;
  buybackRequests: Array<{ phone: string; name: string; status: string }>;
  lists: { cart: unknown[] };
  sessions: unknown[];
};

async function exportOf(client: ShopClient): Promise<Export> {
  const response = await client.get("/my/privacy/export");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="aurum-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  return JSON.parse(response.text) as Export;
}

/** Signs in by the code from the SMS outbox; returns where step 2 sent the browser (/ or step 3). */
async function signIn(client: ShopClient, phone: string): Promise<string> {
  return (await signInAt(client, smsOutbox, phone, { register: false })).verified;
}

const flashText = async (client: ShopClient, page: string) => textContent(await client.html(page));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-personal-data-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  const file = "pages/personal-data-consent.md";
  const parsed = parseContentFiles([{ file, source: await readFile(path.resolve("app/modules/content/demo", file), "utf8") }]);
  documentBody = (parsed.entries[0]!.entry as { body: string }).body;
  database = await createShopDatabase();
  await database.use(async ({ db }) => {
    finished = await placeTestOrder(db, { email: "finished@example.ru" });
    for (const status of ["paid", "assembling", "ready_for_pickup", "completed"] as const)
      expect((await changeOrderStatus(db, finished.number, status)).ok).toBe(true);
    // A consent given before the account is deleted: kept as proof, marked withdrawn.
    await recordConsent(db, { purpose: "account", userId: finished.userId, phone: finished.phone, ip: "10.0.0.1", userAgent: "test" });
    unpaid = await placeTestOrder(db, { email: "unpaid@example.ru" });
  });
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox, METRICA_COUNTER_ID: counterId, SMS_CODES_PER_IP_PER_HOUR: "200" });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("the consent document", () => {
  it("is a page of its own with its edition and the checksum of its text", async () => {
    const page = await new ShopClient(shop.url).html("/personal-data-consent");
    expect(textContent(page)).toContain("Согласие на обработку персональных данных");
    const edition = textByTestId(page, "consent-edition") ?? "";
    expect(edition).toMatch(/Редакция от \d{1,2} [а-я]+ \d{4} г\./);
    expect(edition).toContain(sha256(documentBody));
  });

  it("is linked beside the consent boxes of step 3 and of the buy-back form", async () => {
    const buyback = await new ShopClient(shop.url).html("/coin-buyback");
    expect(tags(buyback, "a").map((tag) => attribute(tag, "href"))).toContain("/personal-data-consent");
    const client = new ShopClient(shop.url, { userAgent: consentUserAgent });
    expect(await signIn(client, newPhone().typed)).toBe("/cabinet/create");
    const step3 = await client.html("/cabinet/create");
    expect(tags(step3, "a").map((tag) => attribute(tag, "href"))).toContain("/personal-data-consent");
  });
});

describe("consents given", () => {
  it("step 3 records the consent with the document's edition and hash, the address and the browser", async () => {
    const client = new ShopClient(shop.url, { userAgent: consentUserAgent });
    const phone = newPhone();
    const before = Date.now();
    expect(await signIn(client, phone.typed)).toBe("/cabinet/create");
    // Without the box ticked nothing is saved.
    expect((await client.postForm("/cabinet/create", { intent: "register", fullName: "Сидоров Олег", email: "oleg@example.ru", redirectTo: "/" })).status).toBe(
      400,
    );
    expect((await exportOf(client)).consents).toEqual([]);
    expect(
      (await client.postForm("/cabinet/create", { intent: "register", fullName: "Сидоров Олег", email: "oleg@example.ru", consent: "on", redirectTo: "/" }))
        .status,
    ).toBe(303);

    const [consent, ...more] = (await exportOf(client)).consents;
    expect(more).toEqual([]);
    expect(consent).toMatchObject({
      purpose: "account",
      phone: phone.normal,
      documentHash: sha256(documentBody),
      userAgent: consentUserAgent,
      withdrawnAt: null,
    });
    expect(consent!.documentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(consent!.ip).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(consent!.givenAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(textContent(await client.html("/my/privacy"))).toContain("Регистрация и личный кабинет");
  });

  it("a buy-back request records the consent with its phone and request; the seller sees it after signing in with that phone", async () => {
    const visitor = new ShopClient(shop.url, { userAgent: consentUserAgent });
    const phone = newPhone();
    const form = { name: "Ольга Продавцова", phone: phone.typed, items: "Георгий Победоносец 50 рублей, 2 шт.", comment: "" };
    expect((await visitor.postForm("/coin-buyback", form)).status).toBe(400);
    const sent = await visitor.postForm("/coin-buyback", { ...form, consent: "on" });
    expect(sent.status).toBe(303);

    expect(await signIn(visitor, phone.typed)).toBe("/cabinet/create");
    const data = await exportOf(visitor);
    expect(data.consents).toHaveLength(1);
    expect(data.consents[0]).toMatchObject({
      purpose: "buyback",
      phone: phone.normal,
      documentHash: sha256(documentBody),
      userAgent: consentUserAgent,
      withdrawnAt: null,
    });
    expect(data.consents[0]!.reference).toMatch(/^buyback:\d+$/);
    expect(data.consents[0]!.ip).toMatch(/127\.0\.0\.1/);
    expect(data.buybackRequests).toEqual([expect.objectContaining({ phone: phone.normal, name: "Ольга Продавцова", status: "new" })]);
  });

  it("a consent is withdrawn from the account and stays on record with the time of withdrawal", async () => {
    const buyer = await signedInBuyer(shop.url, smsOutbox);
    const page = await buyer.client.html("/my/privacy");
    const consentId = /name="consentId" value="(\d+)"/.exec(page)?.[1];
    expect(consentId).toBeDefined();
    const withdrawn = await buyer.client.postForm("/my/privacy", { intent: "withdraw", consentId: consentId! });
    expect(withdrawn.status).toBe(303);
    const after = await flashText(buyer.client, "/my/privacy");
    expect(after).toContain("Согласие отозвано");
    expect(after).toMatch(/отозвано \d/);
    expect((await exportOf(buyer.client)).consents[0]!.withdrawnAt).not.toBeNull();
    // Once is enough; someone else's consent is not theirs to withdraw.
    expect(
      await flashText(buyer.client, (await buyer.client.postForm("/my/privacy", { intent: "withdraw", consentId: consentId! })).headers.get("location")!),
    ).toContain("Такого действующего согласия нет");
  });
});

describe("the analytics cookie banner", () => {
  const metricaTag = "mc.yandex.ru/metrika/tag.js";

  it("every visitor without a choice gets the same banner and no counter", async () => {
    const [first, second] = [new ShopClient(shop.url), new ShopClient(shop.url)];
    const pages = [await first.html("/"), await second.html("/")];
    for (const page of pages) {
      expect(page).not.toContain(metricaTag);
      expect(page).not.toContain(`ym(${counterId}`);
      expect(textByTestId(page, "cookie-banner")).toContain("Яндекс Метрики");
      expect(tags(page, "form").some((form) => attribute(form, "action") === "/cookies" && attribute(form, "method") === "post")).toBe(true);
    }
    // The same markup for everyone (a shared page cache may keep it): nothing of the visitor in it.
    const banner = (page: string) => /<section[^>]*data-testid="cookie-banner"[\s\S]*?<\/section>/.exec(page)?.[0];
    expect(banner(pages[0]!)).toBeDefined();
    expect(banner(pages[0]!)).toBe(banner(pages[1]!));
  });

  it("'Отказаться' keeps the counter off and the banner gone, back on the page the visitor was on", async () => {
    const client = new ShopClient(shop.url);
    const answer = await client.postForm("/cookies", { choice: "denied", redirectTo: "/catalog" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/catalog");
    expect(await client.cookie("analytics_consent")).toBe("denied");
    const page = await client.html("/catalog");
    expect(findByTestId(page, "cookie-banner")).toEqual([]);
    expect(page).not.toContain(metricaTag);
    expect(textContent(page)).toContain("статистика посещений не подключается");
    expect(await client.html("/")).not.toContain("cookie-banner");
  });

  it("'Принять' loads the counter from then on, without the banner", async () => {
    const client = new ShopClient(shop.url);
    expect((await client.postForm("/cookies", { choice: "granted", redirectTo: "/" })).status).toBe(303);
    const page = await client.html("/");
    expect(page).toContain(metricaTag);
    expect(page).toContain(`ym(${counterId},"init"`);
    expect(page).not.toContain("cookie-banner");
    // The choice can be changed on /cookies.
    expect(textContent(await client.html("/cookies"))).toContain("вы разрешили статистику посещений");
    expect((await client.postForm("/cookies", { choice: "denied", redirectTo: "/" })).status).toBe(303);
    expect(await client.html("/")).not.toContain(metricaTag);
  });

  it("refuses a made-up answer and never sends the visitor to another site", async () => {
    const client = new ShopClient(shop.url);
    expect((await client.postForm("/cookies", { choice: "maybe", redirectTo: "/" })).status).toBe(400);
    expect(await client.cookie("analytics_consent")).toBeUndefined();
    const answer = await client.postForm("/cookies", { choice: "denied", redirectTo: "https://evil.example/" });
    expect(answer.headers.get("location")).toBe("/");
  });
});

describe("the buyer's data and deleting the account", () => {
  it("'Скачать мои данные' holds this buyer's data and no one else's", async () => {
    const mine = (finishedClient = new ShopClient(shop.url));
    expect(await signIn(mine, finished.phone)).toBe("/");
    const other = await signedInBuyer(shop.url, smsOutbox);
    const data = await exportOf(mine);
    expect(data.profile).toMatchObject({ phone: finished.phone, email: "finished@example.ru", name: "Иван" });
    expect(data.orders.map((order) => order.number)).toEqual([finished.number]);
    expect(data.orders[0]!.lines.length).toBeGreaterThan(0);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.consents).toEqual([expect.objectContaining({ purpose: "account", ip: "10.0.0.1", withdrawnAt: null })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.phone.normal);
    expect(text).not.toContain(unpaid.number);
    const theirs = JSON.stringify(await exportOf(other.client));
    expect(theirs).not.toContain(finished.phone);
    expect(theirs).not.toContain(finished.number);
    // Only for a signed-in buyer.
    const stranger = await new ShopClient(shop.url).get("/my/privacy/export");
    expect(stranger.status).toBe(302);
  });

  it("is refused while an order is still in progress", async () => {
    const client = new ShopClient(shop.url);
    expect(await signIn(client, unpaid.phone)).toBe("/");
    const refused = await client.postForm("/my/privacy", { intent: "delete", confirm: "on" });
    expect(refused.status).toBe(303);
    expect(await flashText(client, refused.headers.get("location")!)).toContain(`Сначала дождитесь выполнения или отмены заказов: № ${unpaid.number}`);
    expect((await exportOf(client)).profile?.phone).toBe(unpaid.phone);
  });

  it("needs the confirmation, then erases the person, ends the sessions, and the phone starts a fresh account", async () => {
    const client = finishedClient;
    const unconfirmed = await client.postForm("/my/privacy", { intent: "delete" });
    expect(await flashText(client, unconfirmed.headers.get("location")!)).toContain("удалённый аккаунт восстановить нельзя");

    const deleted = await client.postForm("/my/privacy", { intent: "delete", confirm: "on" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/");
    expect(await client.cookie("session")).toBeUndefined();
    expect(await flashText(client, "/")).toContain("Аккаунт удалён");
    expect((await client.get("/my/orders")).status).toBe(302);

    const fresh = new ShopClient(shop.url);
    expect(await signIn(fresh, finished.phone)).toBe("/cabinet/create");
    expect(textContent(await fresh.html("/my/orders"))).not.toContain(finished.number);
    const data = await exportOf(fresh);
    expect(data.orders).toEqual([]);
    expect(data.profile).toMatchObject({ phone: finished.phone, email: "", name: "" });
  });

  it("keeps the order for the tax records without the name and phone, and the consents as withdrawn proof", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      const [order] = await db.select().from(orders).where(eq(orders.number, finished.number));
      expect(order!.contact).toEqual({ name: "", lastName: "", secondName: "", email: "", phone: "" });
      expect(order!.total).toBe(finished.total);
      const [formerUser] = await db.select().from(users).where(eq(users.id, finished.userId));
      expect(formerUser).toMatchObject({ phone: `deleted:${finished.userId}`, name: "", lastName: "", email: "" });
      expect(formerUser!.deletedAt).not.toBeNull();
      const messages = await db.select().from(notifications).where(eq(notifications.orderId, finished.orderId));
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) {
        expect(message.text).not.toContain(finished.phone);
        if (message.audience === "buyer") expect(message.recipient).toBe("");
      }
      const kept = await db.select().from(consents).where(eq(consents.userId, finished.userId));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.withdrawnAt).not.toBeNull();
    });
  });
});
