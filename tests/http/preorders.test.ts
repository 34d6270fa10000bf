// Pre-orders of a coming coin, with JavaScript off (decision 062): staff allow them on the coin's
// launch form; a signed-in buyer takes a place in line from the coin's page within the cap (twice
// is once, over the cap or where not allowed is refused with the reason); at the opening the
// launch watch serves the line in order up to the stock, each into an order awaiting payment with
// the price of the opening told by SMS, and the rest see their place; on PostgreSQL, an unpaid
// served order let go passes its pieces to the next in line, and extra watches racing the shop's
// own at the opening serve no one twice.
import { describe, expect, it } from "vitest";
import { moscowDateTimeText } from "#app/modules/launches/launch.ts";
import { preorderTexts } from "#app/modules/preorders/preorders.ts";
import { type Buyer, newPhone, productIdOf } from "#tests/support/buyer.ts";
import { byTestId, inputValue, textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { adminDatabaseUrl } from "#tests/support/server.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const content = newPhone();
const manager = newPhone();
const shop = runningShop({
  prepare: async (database) => {
    await addStaffMembers(database, [
      { phone: content.typed, role: "content", name: "Контент" },
      { phone: manager.typed, role: "manager", name: "Менеджер" },
    ]);
  },
  timeoutMs: 300_000,
});

// Four pieces in the demo's stock.
const coin = { sku: "AG-0049", slug: "kenguru-1-unciya-serebro-1-avstraliyskiy-dollar", name: "Кенгуру 1 унция, серебро (1 австралийский доллар)" };
const page = `/products/${coin.slug}`;

let staffClient: ShopClient | undefined;
async function staff() {
  staffClient ??= await shop.staff(content);
  return staffClient;
}

/** Staff's announcement form, posted as a browser without JavaScript does (an unticked box is not sent). */
async function announce(fields: Record<string, string>, sku = coin.sku) {
  const client = await staff();
  const answer = await client.postForm(`/admin/catalog/${sku}/launch`, {
    salesOpenAt: "",
    issueDate: "",
    mintage: "",
    expectedPrice: "",
    buyerCap: "",
    ...fields,
  });
  expect([answer.status, answer.headers.get("location")]).toEqual([303, `/admin/catalog/${sku}`]);
  return textByTestId(await client.html(`/admin/catalog/${sku}`), "flash");
}

/** The coin page's «Оформить предзаказ»; the notice the page then shows. */
async function preorder(client: ShopClient, quantity: string, slug = coin.slug) {
  const at = `/products/${slug}`;
  const answer = await client.postForm("/my/preorders", { intent: "preorder", productId: String(productIdOf(slug)), quantity, redirectTo: at });
  expect([answer.status, answer.headers.get("location")]).toEqual([303, `${at}#preorder`]);
  return textByTestId(await client.html(at), "flash");
}

const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string, tries = 160): Promise<T> => {
  for (let attempt = 0; attempt < tries; attempt++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`waited in vain for ${what}`);
};

const orderLinks = async (buyer: Buyer) => (await buyer.client.html("/my/orders")).match(/href="\/my\/orders\/\d+"/g) ?? [];

describe("pre-orders", () => {
  // An hour ahead while the line forms; the serving test moves it to a few seconds ahead (a busy machine may be slow).
  let opensAt = new Date(Date.now() + 3_600_000);
  opensAt.setUTCSeconds(0, 0);
  const buyers: Buyer[] = [];

  it("are refused where staff do not allow them; staff allow them on the launch form, and the audit says so", async () => {
    expect(await announce({ salesOpenAt: moscowDateTimeText(opensAt), expectedPrice: "около 4 000 ₽", buyerCap: "2" })).toBe(`${coin.sku}: анонс сохранён.`);
    const buyer = await shop.buyer();
    buyers.push(buyer);
    // No form on the page, and a hostile post is told why.
    expect(textByTestId(await buyer.client.html(page), "preorder")).toBeUndefined();
    expect(await preorder(buyer.client, "1")).toBe(preorderTexts.notAllowed);

    expect(await announce({ salesOpenAt: moscowDateTimeText(opensAt), expectedPrice: "около 4 000 ₽", buyerCap: "2", preordersAllowed: "on" })).toBe(
      `${coin.sku}: анонс сохранён.`,
    );
    const admin = await (await staff()).html(`/admin/catalog/${coin.sku}`);
    expect(textByTestId(admin, "coin-audit")).toContain("Предзаказ: нет → да");
    expect(textByTestId(admin, "coin-preorders")).toContain("Предзаказов нет");
    // A visitor reads the price rule and is asked to sign in.
    const visitorPage = textByTestId(await shop.client().html(page), "preorder")!;
    expect(visitorPage).toContain("Цена — по курсу на момент начала продаж; ориентировочно около 4 000 ₽.");
    expect(visitorPage).toContain("Войдите");
  });

  it("take a place in line within the cap: over it is refused, twice (or two tabs at once) is one, and /my shows the place", async () => {
    const [first] = buyers;
    expect(await preorder(first!.client, "3")).toBe(preorderTexts.quantity(2));
    expect(await preorder(first!.client, "два")).toBe("Количество: целое число");
    const tab = new ShopClient(shop.url, { jar: first!.client.jar });
    const both = await Promise.all([preorder(first!.client, "2"), preorder(tab, "2")]);
    expect(both.sort()).toEqual([preorderTexts.already(1), preorderTexts.placed(1)].sort());
    expect(textByTestId(await first!.client.html(page), "preorder-place")).toContain("2 шт., 1-е место в очереди");
    const mine = await first!.client.html("/my/preorders");
    expect(textContent(mine).match(/1-е место в очереди/g)).toHaveLength(1);

    // Two more buyers: 2 and 1 pieces; 5 asked of 4 in stock. A third cancels and comes back last.
    const [second, third] = [await shop.buyer(), await shop.buyer()];
    buyers.push(second, third);
    expect(await preorder(third.client, "1")).toBe(preorderTexts.placed(2));
    expect(await preorder(second.client, "2")).toBe(preorderTexts.placed(3));
    const thirds = await third.client.html("/my/preorders");
    const cancelId = /name="preorderId" value="(\d+)"/.exec(thirds)![1]!;
    const cancelled = await third.client.postForm("/my/preorders", { intent: "cancel", preorderId: cancelId });
    expect(cancelled.status).toBe(303);
    expect(textByTestId(await third.client.html("/my/preorders"), "flash")).toBe(preorderTexts.cancelled);
    // Another buyer cannot cancel someone else's.
    const stranger = await shop.client();
    expect((await stranger.postForm("/my/preorders", { intent: "cancel", preorderId: cancelId })).headers.get("location")).toMatch(/^\/login/);
    expect(await preorder(third.client, "1")).toBe(preorderTexts.placed(3));
    expect(await preorder(second.client, "1")).toBe(preorderTexts.already(2));

    const admin = textByTestId(await (await staff()).html(`/admin/catalog/${coin.sku}`), "coin-preorders")!;
    expect(admin).toContain("Предзаказы (3 в очереди, 5 шт.)");
    expect(admin).toMatch(/Отменён/);
  });

  it("are served at the opening in order up to the stock, into orders awaiting payment told by SMS; the rest see their place", async () => {
    const [first, second, third] = buyers as [Buyer, Buyer, Buyer];
    opensAt = new Date(Date.now() + 5_000);
    opensAt.setUTCMilliseconds(0);
    expect(await announce({ salesOpenAt: moscowDateTimeText(opensAt), expectedPrice: "около 4 000 ₽", buyerCap: "2", preordersAllowed: "on" })).toBe(
      `${coin.sku}: анонс сохранён.`,
    );
    // Extra watches on PostgreSQL race the shop's own at the moment: each pre-order is served once all the same.
    let racing: Promise<unknown> | undefined;
    if (shop.databaseUrl) {
      const { openDatabase } = await import("#app/modules/db/client.server.ts");
      const { serveOpenedPreorders } = await import("#app/modules/preorders/preorders.server.ts");
      const other = await openDatabase({ databaseUrl: shop.databaseUrl, dataDir: "", databasePoolMax: 4 });
      const rates = { gold: 9_000, silver: 110 };
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt.getTime() - Date.now())));
      racing = Promise.all([serveOpenedPreorders(other.db, rates), serveOpenedPreorders(other.db, rates)]).finally(() => other.close());
    }
    const servedSms = async (buyer: Buyer) => (await readSmsNotices(shop.smsOutbox, buyer.phone.normal)).find((sms) => sms.text.includes("принят"));
    const firstSms = await waitFor(() => servedSms(first), "the first buyer's order SMS");
    const secondSms = await waitFor(() => servedSms(second), "the second buyer's order SMS");
    await racing;
    // The order's message says it came from the pre-order: the buyer asked for it before the price was known.
    expect(firstSms.text).toMatch(/заказ №\d{4}-\d{6} по предзаказу на [^₽]+₽ принят\. Оплатите до \d\d:\d\d \(МСК\)/);
    expect(secondSms.text).toMatch(/заказ №\d{4}-\d{6} по предзаказу на [^₽]+₽ принят\. Оплатите до \d\d:\d\d \(МСК\)/);
    expect(await orderLinks(first)).toHaveLength(1);
    expect(await orderLinks(second)).toHaveLength(1);
    expect(await orderLinks(third)).toHaveLength(0);

    const firstOrders = await first.client.html("/my/preorders");
    expect(textContent(firstOrders)).toContain("Обслужен: заказ создан");
    const orderHref = /href="(\/my\/orders\/\d+)"/.exec(firstOrders)![1]!;
    const order = textContent(await first.client.html(orderHref));
    expect(order).toContain("Ожидает оплаты");
    expect(order).toContain("Самовывоз из офиса");
    expect(textByTestId(await first.client.html(orderHref), "order-from-preorder")).toContain("Заказ по предзаказу");
    // The third waits, first in the line now, and is told so once.
    expect(textContent(await third.client.html("/my/preorders"))).toContain("1-е место в очереди");
    const waitingSms = await waitFor(async () => {
      const told = (await readSmsNotices(shop.smsOutbox, third.phone.normal)).filter((sms) => sms.text.includes("в очереди"));
      return told.length > 0 ? told : undefined;
    }, "the third buyer's place SMS");
    expect(waitingSms.map((sms) => sms.text)).toEqual([expect.stringContaining("ваш предзаказ (1 шт.) 1-й в очереди")]);
    const admin = textByTestId(await (await staff()).html(`/admin/catalog/${coin.sku}`), "coin-preorders")!;
    expect(admin).toContain("Предзаказы (1 в очереди, 1 шт.)");
    // The stock went to the line: none left for a regular buyer.
    expect(textContent(await shop.client().html(page))).toContain("Нет в наличии");
  }, 90_000);

  // Moves the payment deadline in the stored data, which only a PostgreSQL shop shares with this process.
  it.skipIf(!adminDatabaseUrl())(
    "pass an unpaid served order's pieces to the next in line",
    async () => {
      const [first, , third] = buyers as [Buyer, Buyer, Buyer];
      const pg = (await import("pg")).default;
      const stored = new pg.Client({ connectionString: shop.databaseUrl });
      await stored.connect();
      await stored.query(
        "update orders set payment_due_at = now() - interval '1 second' where user_id = (select id from users where phone = $1) and status = 'awaiting_payment'",
        [first.phone.normal],
      );
      await stored.end();
      const cancelled = await waitFor(
        async () => (await readSmsNotices(shop.smsOutbox, first.phone.normal)).find((sms) => sms.text.includes("Время на оплату истекло")),
        "the first order let go",
      );
      expect(cancelled).toBeDefined();
      await waitFor(async () => ((await orderLinks(third)).length === 1 ? true : undefined), "the third buyer's order");
      expect(textContent(await third.client.html("/my/preorders"))).toContain("Обслужен: заказ создан");
      // One piece went to the third; the other is on sale again.
      expect(textContent(await shop.client().html(page))).toContain("В наличии: 1 шт.");
    },
    90_000,
  );
});

describe("staff cancel a buyer's pre-order", () => {
  // Another coin, its opening an hour ahead: the line only forms.
  const other = { sku: "AG-0038", slug: "klenovyy-list-1-unciya-serebro-5-kanadskih-dollarov", name: "Кленовый лист" };
  const coinAdmin = `/admin/catalog/${other.sku}`;
  const reason = "Монетный двор сократил поставку";
  let buyer: Buyer;
  let preorderId: string;

  /** The cancel form posted as a browser without JavaScript does; the notice the coin's page then shows. */
  async function cancelAsStaff(client: ShopClient, sku: string, fields: Record<string, string>) {
    const answer = await client.postForm(`/admin/catalog/${sku}/preorders`, fields);
    expect([answer.status, answer.headers.get("location")]).toEqual([303, `/admin/catalog/${sku}`]);
    return textByTestId(await client.html(`/admin/catalog/${sku}`), "flash");
  }
  const buyersView = async () => textByTestId(await buyer.client.html("/my/preorders"), "preorders")!;
  const cancelSms = async () => (await readSmsNotices(shop.smsOutbox, buyer.phone.normal)).filter((sms) => sms.text.includes("отменён магазином"));

  it("offer a waiting pre-order a cancel form with a reason; a manager is refused, another coin's pre-order is refused", async () => {
    const opensAt = new Date(Date.now() + 3_600_000);
    opensAt.setUTCSeconds(0, 0);
    expect(await announce({ salesOpenAt: moscowDateTimeText(opensAt), preordersAllowed: "on" }, other.sku)).toBe(`${other.sku}: анонс сохранён.`);
    buyer = await shop.buyer();
    expect(await preorder(buyer.client, "2", other.slug)).toBe(preorderTexts.placed(1));
    preorderId = /name="preorderId" value="(\d+)"/.exec(await buyer.client.html("/my/preorders"))![1]!;

    const admin = await (await staff()).html(coinAdmin);
    const form = byTestId(admin, "preorder-cancel");
    expect(form).toHaveLength(1);
    expect(textByTestId(admin, "preorder-cancel")).toContain("Отменить предзаказ");
    expect(inputValue(admin, "preorderId")).toBe(preorderId);

    // A manager may not change the coin's announcement, so not its line either.
    const managerClient = await shop.staff(manager);
    const refused = await managerClient.postForm(`${coinAdmin}/preorders`, { preorderId, reason });
    expect(refused.status).toBe(403);
    // Posted under another coin's address: refused in words, nothing changed.
    expect(await cancelAsStaff(await staff(), coin.sku, { preorderId, reason })).toBe(preorderTexts.staffNotOfCoin(Number(preorderId)));
    expect(await buyersView()).toContain("В очереди");
    expect(await cancelSms()).toEqual([]);
  });

  it("refuse hostile input in Russian (a reason of 10,000 characters, control characters only, no id, an id that is no number) and change nothing", async () => {
    const client = await staff();
    const refusals: Array<Record<string, string>> = [
      { preorderId, reason: "я".repeat(10_000) },
      { preorderId, reason: "\u0001\u0002\u0007 \u202e\t" },
      { preorderId, reason: "" },
      { reason },
      { preorderId: "abc", reason },
      { preorderId: "-1", reason },
      { preorderId: "99999999999999999999", reason },
      { preorderId: "999999", reason },
    ];
    for (const fields of refusals) {
      const flash = await cancelAsStaff(client, other.sku, fields);
      expect(flash, JSON.stringify(fields).slice(0, 80)).toMatch(/^(Предзаказ не отменён: |Предзаказ №999999 не найден)/);
    }
    expect(await cancelAsStaff(client, other.sku, { preorderId, reason: "" })).toContain(preorderTexts.reasonRequired);
    expect(await cancelAsStaff(client, other.sku, { preorderId, reason: "я".repeat(301) })).toContain(preorderTexts.reasonTooLong);
    // A NUL is refused before any handler (the shop's body reader), as on every form.
    const nul = await client.postForm(`${coinAdmin}/preorders`, { preorderId, reason: "при\u0000чина" });
    expect(nul.status).toBe(400);
    // The page's own address, fed nonsense, goes back to the catalogue.
    const badSku = await client.postForm(`/admin/catalog/${encodeURIComponent("../x")}/preorders`, { preorderId, reason });
    expect(badSku.status).toBeLessThan(500);
    expect(await buyersView()).toContain("В очереди");
    expect(await cancelSms()).toEqual([]);
  });

  it("cancel it once, with the reason: a double press is told it is already cancelled; one audit row, one message; the buyer reads why", async () => {
    const client = await staff();
    const tab = new ShopClient(shop.url, { jar: client.jar });
    // Control characters and doubled spaces are dropped from what the buyer reads.
    const typed = `  Монетный двор\u0007 сократил\u202e   поставку `;
    const both = await Promise.all([
      tab.postForm(`${coinAdmin}/preorders`, { preorderId, reason: typed }),
      client.postForm(`${coinAdmin}/preorders`, { preorderId, reason: typed }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await cancelAsStaff(client, other.sku, { preorderId, reason })).toBe(preorderTexts.staffAlreadyCancelled(Number(preorderId)));

    const admin = await client.html(coinAdmin);
    expect(byTestId(admin, "preorder-cancel")).toHaveLength(0);
    expect(textByTestId(admin, "coin-preorders")).toContain("Отменён магазином");
    expect(textByTestId(admin, "coin-preorders")).toContain(`Причина: ${reason}`);
    const audit = textByTestId(admin, "coin-audit")!;
    expect(audit.split(preorderTexts.staffAudit(Number(preorderId), reason))).toHaveLength(2);

    expect(await buyersView()).toContain(`Отменён магазином: ${reason}`);
    const sms = await waitFor(async () => ((await cancelSms()).length > 0 ? await cancelSms() : undefined), "the buyer's cancel SMS");
    // Let the outbox's sender run another round: a second message would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await cancelSms()).map((message) => message.text)).toEqual([expect.stringContaining(`предзаказ «${other.name}`)]);
    expect(sms[0]!.text).toContain("(2 шт.) отменён магазином: Монетный двор сократил поставку. Деньги не списывались.");
    // The pieces it held are no longer owed: the buyer may pre-order again.
    expect(await preorder(buyer.client, "1", other.slug)).toBe(preorderTexts.placed(1));
  });
});
