// A new coin's launch day, with JavaScript off (decision 056): staff announce a coin on its
// back-office page; the page of coming issues and the coin's page say «Скоро в продаже», when,
// the mintage and the cap; before the moment no path sells it (cart form, /api/cart, a checkout
// whose cart already held it) and the buyer reads why; at the moment a page kept by the shared
// page cache turns buyable at once; a buyer gets no more than the cap over all orders, by account
// and by phone, whatever the sessions and simultaneous submits; order attempts are limited.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { launchTexts, moscowDateTimeText } from "#app/modules/launches/launch.ts";
import { type Buyer, newPhone, pickupOrderFields, postCheckoutForm, productIdOf, signIn } from "#tests/support/buyer.ts";
import { textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const content = newPhone();
const shop = runningShop({
  prepare: (database) => addStaffMembers(database, [{ phone: content.typed, role: "content", name: "Контент" }]),
  // Low enough for one test to reach it; the other tests stay under it.
  env: { ORDER_ATTEMPTS_PER_BUYER_PER_MINUTE: "4" },
  timeoutMs: 300_000,
});

const coins = {
  coming: { sku: "AG-0021", slug: "tigr-3-rublya-2009-data-na-monete-2010" },
  moment: { sku: "AG-0019", slug: "severnyy-olen-3-rublya-2004" },
  capped: { sku: "AG-0022", slug: "krolik-3-rublya-2010-data-na-monete-2011" },
  race: { sku: "AG-0017", slug: "dalnevostochnaya-cherepaha-1-rubl-2003" },
};
const name = {
  coming: "Тигр 3 рубля 2009 (дата на монете 2010)",
  moment: "Северный олень 3 рубля 2004",
};

let staffClient: ShopClient | undefined;
async function staff() {
  staffClient ??= await shop.staff(content);
  return staffClient;
}

/** Staff's announcement form on the coin's back-office page, posted as a browser without JavaScript does. */
async function announce(sku: string, fields: Record<string, string>) {
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

const inMoscow = (at: Date) => moscowDateTimeText(at);

/** The coin in the cart by the product page's form; the flash the shop answered with. */
async function addToCart(client: ShopClient, slug: string, quantity: number) {
  const answer = await client.postForm("/cart", {
    intent: "add",
    productId: String(productIdOf(slug)),
    quantity: String(quantity),
    redirectTo: `/products/${slug}`,
  });
  expect(answer.status).toBe(303);
  return textByTestId(await client.html(answer.headers.get("location")!), "flash");
}

/** Places what is in the cart at /checkout (free pickup point, online payment) to `phone`; where the shop sent the buyer. */
async function place(buyer: Buyer, client = buyer.client, phone = buyer.phone.typed) {
  const page = await client.html("/checkout");
  const answer = await postCheckoutForm(client, page, { ...pickupOrderFields(buyer, page), phone, intent: "place" });
  expect(answer.status).toBe(303);
  return answer.headers.get("location")!;
}

const orderError = async (client: ShopClient) => textByTestId(await client.html("/checkout"), "order-error");

describe("a coming coin", () => {
  it("is announced by staff and shown as «Скоро в продаже» with the moment, mintage and cap on the coming page and its own page", async () => {
    const opensAt = new Date(Date.now() + 2 * 86_400_000);
    opensAt.setUTCSeconds(0, 0);
    expect(
      await announce(coins.coming.sku, {
        salesOpenAt: inMoscow(opensAt),
        issueDate: "2026-12-01",
        mintage: "3000",
        expectedPrice: "около 6 000 ₽",
        buyerCap: "2",
      }),
    ).toBe(`${coins.coming.sku}: анонс сохранён.`);
    const visitor = shop.client();
    const coming = await visitor.html("/new-issues");
    const facts = textContent(coming.slice(coming.indexOf(name.coming)));
    expect(facts).toContain(launchTexts.comingSoon);
    expect(facts).toContain(launchTexts.opensAt(opensAt));
    expect(facts).toMatch(/Тираж 3\s000 шт\./);
    expect(facts).toContain("не более 2 шт. в одни руки");
    expect(facts).toContain("около 6 000 ₽");

    const page = await visitor.html(`/products/${coins.coming.slug}`);
    expect(textByTestId(page, "launch-facts")).toContain(launchTexts.opensAt(opensAt));
    expect(textByTestId(page, "buyer-cap")).toContain("не более 2 шт. в одни руки");
    // No cart form for it on its page.
    expect(page).not.toContain('name="quantity"');
    // The catalogue and the home page lead to the coming coins.
    expect(await visitor.html("/catalog")).toContain('href="/new-issues"');
    expect(await visitor.html("/")).toContain('href="/new-issues"');
  });

  it("refuses a wrong moment with a message and keeps the announcement; the audit log has it", async () => {
    expect(await announce(coins.coming.sku, { salesOpenAt: "31.12.2026", buyerCap: "0" })).toMatch(
      /^Анонс не сохранён: Начало продаж: .*; В одни руки: целое число от 1/,
    );
    const admin = await (await staff()).html(`/admin/catalog/${coins.coming.sku}`);
    expect(textByTestId(admin, "coin-audit")).toMatch(/В одни руки, шт\.: — → 2; Дата выпуска: — → 2026-12-01; Начало продаж: — → /);
    expect(textByTestId(await shop.client().html(`/products/${coins.coming.slug}`), "buyer-cap")).toContain("не более 2 шт.");
  });

  it("cannot be bought before the moment: the cart form, /api/cart and a checkout whose cart held it say when sales open", async () => {
    const buyer = await shop.buyer();
    // Put in the cart before it was announced (a later announcement moves the moment ahead).
    expect(await announce(coins.coming.sku, {})).toBe(`${coins.coming.sku}: анонс снят.`);
    expect(await addToCart(buyer.client, coins.coming.slug, 1)).toMatch(/добавлен|корзин/i);
    const opensAt = new Date(Date.now() + 86_400_000);
    await announce(coins.coming.sku, { salesOpenAt: inMoscow(opensAt), buyerCap: "2" });

    const refusal = launchTexts.notYet(name.coming, new Date(Math.floor(opensAt.getTime() / 1000) * 1000));
    expect(await addToCart(buyer.client, coins.coming.slug, 1)).toBe(refusal);
    const api = await buyer.client.request("PATCH", `/api/cart/${productIdOf(coins.coming.slug)}`, JSON.stringify({ quantity: 1 }), {
      headers: { "Content-Type": "application/json", Origin: shop.url },
    });
    expect(api.status).toBe(409);
    expect(JSON.parse(api.text)).toMatchObject({ error: { message: refusal } });

    const cart = await buyer.client.html("/cart");
    expect(textByTestId(cart, "line-problem")).toBe(launchTexts.opensAt(new Date(Math.floor(opensAt.getTime() / 1000) * 1000)));
    // A checkout page opened earlier: the order is refused with the reason, nothing is written.
    expect(await place(buyer)).toBe("/checkout#order-error");
    expect(await orderError(buyer.client)).toContain(refusal);
    expect(await buyer.client.html("/my/orders")).not.toMatch(/\/my\/orders\/\d+/);
  });
});

describe("the opening moment", () => {
  it("turns a page kept by the shared page cache buyable at once, and not before", async () => {
    const opensAt = new Date(Date.now() + 4_000);
    await announce(coins.moment.sku, { salesOpenAt: inMoscow(opensAt), mintage: "5000", buyerCap: "3" });
    const moment = new Date(Math.floor(opensAt.getTime() / 1000) * 1000);
    const address = `/products/${coins.moment.slug}`;
    const stranger = () => new ShopClient(shop.url);

    const first = await stranger().get(address);
    const kept = await stranger().get(address);
    expect([first.headers.get("x-page-cache"), kept.headers.get("x-page-cache")]).toEqual(["miss", "hit"]);
    for (const answer of [first, kept]) {
      expect(textByTestId(answer.text, "launch-facts")).toContain(launchTexts.comingSoon);
      expect(answer.text).not.toContain('name="quantity"');
    }
    const listing = await stranger().get("/new-issues");
    expect(textContent(listing.text)).toContain(name.moment);

    // A buyer asks to be told by SMS; a visitor is asked to sign in first.
    const buyer = await shop.buyer();
    expect(textByTestId(first.text, "launch-subscribe")).toContain("Войдите");
    const subscribed = await buyer.client.postForm("/my/launch-subscriptions", {
      intent: "subscribe",
      productId: String(productIdOf(coins.moment.slug)),
      channel: "sms",
      redirectTo: address,
    });
    expect([subscribed.status, subscribed.headers.get("location")]).toEqual([303, `${address}#launch`]);
    const own = await buyer.client.html(address);
    expect(textByTestId(own, "flash")).toBe("Сообщим о начале продаж по SMS.");
    expect(textByTestId(own, "launch-subscribed")).toBe("Сообщим о начале продаж: SMS.");
    // A second early, a click is told when, not shown an error.
    if (Date.now() < moment.getTime()) expect(await addToCart(buyer.client, coins.moment.slug, 1)).toBe(launchTexts.notYet(name.moment, moment));

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, moment.getTime() - Date.now()) + 50));
    const after = await stranger().get(address);
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(textByTestId(after.text, "launch-facts")).toBeUndefined();
    expect(after.text).toContain('name="quantity"');
    expect(textByTestId(after.text, "buyer-cap")).toContain("не более 3 шт. в одни руки");
    expect((await stranger().get(address)).headers.get("x-page-cache")).toBe("hit");
    // The coming page too: the coin is now among the new ones, not the coming ones.
    const coming = await stranger().html("/new-issues");
    expect(textByTestId(coming, "new-coins")).toContain(name.moment);
    expect(textByTestId(coming, "coming-coins")).not.toContain(name.moment);

    // The subscriber is told once, by SMS, at the opening (the launch watch wakes at the moment).
    const told = async () => (await readSmsNotices(shop.smsOutbox, buyer.phone.normal)).filter((sms) => sms.text.includes("начались продажи"));
    for (let tries = 0; tries < 40 && (await told()).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await told()).map((sms) => sms.text)).toEqual([expect.stringContaining(`начались продажи монеты «${name.moment}». Не более 3 шт. в одни руки.`)]);

    expect(await addToCart(buyer.client, coins.moment.slug, 1)).not.toBe(launchTexts.notYet(name.moment, moment));
    expect(await place(buyer)).toMatch(/\/payment\/sandbox\//);
  });
});

describe("the cap for one buyer", () => {
  it("holds across two orders and two sessions of one buyer, and the cart says it", async () => {
    await announce(coins.capped.sku, { salesOpenAt: inMoscow(new Date(Date.now() - 60_000)), buyerCap: "2" });
    const buyer = await shop.buyer();
    expect(await addToCart(buyer.client, coins.capped.slug, 1)).toBeDefined();
    const payment = await place(buyer);
    expect(payment).toMatch(/\/payment\/sandbox\//);
    // Paid: a paid order counts against the cap as an unpaid one does.
    expect((await buyer.client.postForm(new URL(payment, shop.url).pathname, { intent: "pay" })).status).toBe(303);

    // A second session of the same buyer (another device): signed in anew on PostgreSQL, where
    // the code's resend pause can be moved back; on the embedded database a second browser
    // with the same sign-in.
    let second: ShopClient;
    if (shop.databaseUrl) {
      const stored = new pg.Client({ connectionString: shop.databaseUrl });
      await stored.connect();
      await stored.query("update sms_codes set created_at = created_at - interval '3 minutes' where phone = $1", [buyer.phone.normal]);
      await stored.end();
      second = shop.client();
      await second.get("/");
      await signIn(second, shop.smsOutbox, buyer.phone.typed, { register: false });
    } else {
      second = new ShopClient(shop.url);
      for (const cookie of await buyer.client.jar.getCookies(shop.url)) await second.jar.setCookie(cookie.clone()!, shop.url);
    }
    // The cart keeps a line to the cap: more is capped with the reason.
    expect(await addToCart(second, coins.capped.slug, 5)).toContain(launchTexts.capReached(2));
    const cart = await second.html("/cart");
    expect(textByTestId(cart, "line-buyer-cap")).toBe("не более 2 шт. в одни руки");
    // Two in the cart and one ordered before: over the cap over both orders.
    expect(await place(buyer, second)).toBe("/checkout#order-error");
    expect(await orderError(second)).toContain(launchTexts.overCap("Кролик 3 рубля 2010 (дата на монете 2011)", 2, 1));
    // One more is within it; then nothing more.
    const page = await second.html("/checkout");
    const line = productIdOf(coins.capped.slug);
    expect((await postCheckoutForm(second, page, { ...pickupOrderFields(buyer, page), [`qty:${line}`]: "1", intent: "save" })).status).toBe(303);
    expect(await place(buyer, second)).toMatch(/\/payment\/sandbox\//);
    await addToCart(buyer.client, coins.capped.slug, 1);
    expect(await place(buyer)).toBe("/checkout#order-error");
    expect(await orderError(buyer.client)).toContain("в ваших заказах уже 2 шт.");
  });

  it("counts another account's orders to the same phone", async () => {
    const first = await shop.buyer();
    await addToCart(first.client, coins.capped.slug, 2);
    expect(await place(first)).toMatch(/\/payment\/sandbox\//);
    const other = await shop.buyer();
    await addToCart(other.client, coins.capped.slug, 1);
    expect(await place(other, other.client, first.phone.typed)).toBe("/checkout#order-error");
    expect(await orderError(other.client)).toContain("в ваших заказах уже 2 шт.");
  });

  it("lets one of two simultaneous orders by two accounts with one phone through, and one order of two tabs' simultaneous submits", async () => {
    await announce(coins.race.sku, { salesOpenAt: inMoscow(new Date(Date.now() - 60_000)), buyerCap: "2" });
    const [one, two] = [await shop.buyer(), await shop.buyer()];
    const phone = newPhone().typed;
    await addToCart(one.client, coins.race.slug, 2);
    await addToCart(two.client, coins.race.slug, 2);
    const pages = await Promise.all([one.client.html("/checkout"), two.client.html("/checkout")]);
    const answers = await Promise.all(
      [one, two].map((buyer, index) => postCheckoutForm(buyer.client, pages[index]!, { ...pickupOrderFields(buyer, pages[index]!), phone, intent: "place" })),
    );
    const places = answers.map((answer) => answer.headers.get("location")!);
    expect(places.filter((place) => place.includes("/payment/sandbox/"))).toHaveLength(1);
    expect(places.filter((place) => place === "/checkout#order-error")).toHaveLength(1);

    // Two tabs of one buyer submit the same checkout at once: one order of two pieces, not two.
    const buyer = await shop.buyer();
    await addToCart(buyer.client, coins.race.slug, 2);
    const tab = new ShopClient(shop.url, { jar: buyer.client.jar });
    const page = await buyer.client.html("/checkout");
    const fields = { ...pickupOrderFields(buyer, page), intent: "place" };
    const both = await Promise.all([postCheckoutForm(buyer.client, page, fields), postCheckoutForm(tab, page, fields)]);
    expect(both.map((answer) => answer.status)).toEqual([303, 303]);
    const orders = (await buyer.client.html("/my/orders")).match(/href="\/my\/orders\/\d+"/g) ?? [];
    expect(new Set(orders).size).toBe(1);
  });
});

describe("order attempts", () => {
  it("are limited per buyer: a script firing «Оформить заказ» is told to wait", async () => {
    const buyer = await shop.buyer();
    await addToCart(buyer.client, coins.race.slug, 1);
    await announce(coins.race.sku, { salesOpenAt: inMoscow(new Date(Date.now() + 86_400_000)), buyerCap: "2" });
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(await place(buyer)).toBe("/checkout#order-error");
      expect(await orderError(buyer.client)).toContain("ещё не продаётся");
    }
    expect(await place(buyer)).toBe("/checkout#order-error");
    expect(await orderError(buyer.client)).toMatch(/Слишком много попыток оформить заказ подряд\. Подождите \d+ с/);
  });
});
