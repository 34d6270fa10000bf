// The whole journey of a buyer without JavaScript: catalogue, product, add to
// cart, /checkout (draft kept across posts), sign in, city, delivery, pickup point,
// sandbox payment, /thanks, /my/orders; and the rules around placing an order: a price
// posted by the client is ignored, a moved price asks for confirmation, a double submit
// makes one order, the shop closed takes none, another buyer's order is a 404.
import { describe, expect, it } from "vitest";
import demoCatalog from "#app/modules/catalog/demo-catalog.json" with { type: "json" };
import { newPhone, signIn as signInAt } from "#tests/support/buyer.ts";
import { attribute, checkedRadio, findByTestId, inputValue as inputValueOrNone, radioValues, tags, textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

const idOf = (slug: string) => demoCatalog.findIndex((coin) => coin.slug === slug) + 1;
const georgiySlug = "georgiy-pobedonosec-50-rubley-mmd";
const georgiy = idOf(georgiySlug);
/** Plenty in stock, for the tests that each place an order. */
const poltava = idOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
const KAZAN = "9000000005";
const MOSCOW = "0000073738";

/** The value of a named input in a page (hidden fields: token, shown). */
function inputValue(html: string, name: string): string {
  const value = inputValueOrNone(html, name);
  if (value === undefined) throw new Error(`no input named ${name}`);
  return value;
}

const rubles = (text: string) => Number(textContent(text).replace(/\D/g, ""));

/** Signs in a new buyer through /login as plain forms, step 3 included; ends where redirectTo points. */
async function signIn(client: ShopClient, redirectTo: string) {
  const phone = newPhone();
  const { landed } = await signInAt(client, shop.smsOutbox, phone.typed, { redirectTo });
  return { phone, landed };
}

async function buyerWithCart(quantity = 1) {
  const client = shop.client();
  await client.get("/");
  const added = await client.postForm("/cart", { intent: "add", productId: String(poltava), quantity: String(quantity) });
  expect(added.status).toBe(303);
  return client;
}

const contactFields = { lastName: "Иванов", name: "Пётр", secondName: "Сергеевич", phone: "+7 (925) 000-00-01", email: "petr@example.ru" };

/** Posts the checkout form as the browser would: the page's hidden fields plus what the buyer typed. */
async function postCheckout(client: ShopClient, html: string, fields: Record<string, string>) {
  return client.postForm("/checkout", { token: inputValue(html, "token"), shown: inputValue(html, "shown"), ...fields });
}

describe("the journey without JavaScript", () => {
  it("goes from the catalogue to a paid order in the account", async () => {
    const client = shop.client();
    const catalog = await client.html("/catalog");
    expect(catalog).toContain(`/products/${georgiySlug}`);
    const product = await client.html(`/products/${georgiySlug}`);
    const price = rubles(textByTestId(product, "price")!);
    const stockBefore = demoCatalog[georgiy - 1]!.stock;

    expect((await client.postForm("/cart", { intent: "add", productId: String(georgiy) })).status).toBe(303);

    // Checkout starts from the cart on the server, in Moscow, with free delivery to a pickup point.
    let page = await client.html("/checkout");
    expect(findByTestId(page, "checkout-line")).toHaveLength(1);
    expect(textByTestId(page, "checkout-city")).toBe("Москва, Россия");
    expect(rubles(textByTestId(page, "goods-total")!)).toBe(price);
    expect(radioValues(page, "deliveryId")).toEqual(["76", "77", "45", "35", "43"]);
    expect(checkedRadio(page, "deliveryId")).toBe("76");

    // What is typed survives a post, and placing the order asks to sign in first.
    const saved = await postCheckout(client, page, { ...contactFields, comment: "Позвоните за час", intent: "save" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toMatch(/^\/checkout/);
    page = await client.html("/checkout");
    expect(inputValue(page, "lastName")).toBe("Иванов");
    expect(page).toContain("Позвоните за час");
    expect(findByTestId(page, "place-order")).toHaveLength(0);

    const toLogin = await postCheckout(client, page, { ...contactFields, comment: "Позвоните за час", intent: "login" });
    expect(toLogin.status).toBe(303);
    expect(toLogin.headers.get("location")).toBe("/login?redirectTo=%2Fcheckout");
    const { landed } = await signIn(client, "/checkout");
    expect(landed).toBe("/checkout");

    // Signed in: the draft followed the buyer; choose another city by searching for it.
    page = await client.html("/checkout");
    expect(inputValue(page, "lastName")).toBe("Иванов");
    expect((await postCheckout(client, page, { ...contactFields, intent: "find-city", cityQuery: "Каза" })).headers.get("location")).toBe(
      `/checkout?city=${encodeURIComponent("Каза")}#city`,
    );
    page = await client.html(`/checkout?city=${encodeURIComponent("Каза")}`);
    const cityButtons = tags(page, "button").filter((tag) => attribute(tag, "name") === "chooseCity");
    expect(cityButtons.map((tag) => attribute(tag, "value"))).toContain(KAZAN);
    expect((await postCheckout(client, page, { ...contactFields, chooseCity: KAZAN })).status).toBe(303);
    page = await client.html("/checkout");
    expect(textByTestId(page, "checkout-city")).toContain("Казань");
    expect(radioValues(page, "deliveryId")).not.toContain("35");

    // One option per service: the free pickup point and locker, not their paid twins beside them.
    expect(radioValues(page, "deliveryId")).toEqual(["76", "77", "45"]);
    expect(checkedRadio(page, "deliveryId")).toBe("76");
    // The points are a plain radio list, filterable by GET.
    const points = radioValues(page, "pointCode");
    expect(points.length).toBeGreaterThan(1);

    // Placing without a point is refused with a Russian message and nothing is ordered.
    const noPoint = await postCheckout(client, page, { ...contactFields, deliveryId: "76", intent: "place" });
    expect(noPoint.headers.get("location")).toBe("/checkout#form-errors");
    page = await client.html("/checkout");
    expect(textContent(page)).toContain("Выберите пункт выдачи");

    // A paid courier: its price joins the total.
    expect((await postCheckout(client, page, { ...contactFields, deliveryId: "45", intent: "save" })).status).toBe(303);
    page = await client.html("/checkout");
    expect(checkedRadio(page, "deliveryId")).toBe("45");
    const deliveryPrice = rubles(textByTestId(page, "delivery-total")!);
    expect(deliveryPrice).toBeGreaterThan(0);
    expect(rubles(textByTestId(page, "order-total")!)).toBe(price + deliveryPrice);

    // A price posted by the client is ignored: the order is priced on the server.
    const address = { street: "Баумана", house: "1", room: "12", entrance: "2", floor: "3", addressMessage: "Домофон не работает, позвоните" };
    const placed = await postCheckout(client, page, { ...contactFields, ...address, deliveryId: "45", intent: "place", price: "1", [`seen:${georgiy}`]: "1" });
    expect(placed.status).toBe(303);
    const paymentPage = placed.headers.get("location")!;
    expect(paymentPage).toMatch(/\/payment\/sandbox\/[\w-]+$/);

    // The sandbox payment page: pay.
    const payment = await client.html(new URL(paymentPage).pathname);
    expect(textContent(payment)).toContain("Оплатить");
    expect(textContent(payment)).toContain("Отменить");
    const paid = await client.postForm(new URL(paymentPage).pathname, { intent: "pay" });
    expect(paid.status).toBe(303);
    const thanksUrl = new URL(paid.headers.get("location")!, shop.url);
    expect(thanksUrl.pathname).toBe("/thanks");
    const thanks = await client.html(thanksUrl.pathname + thanksUrl.search);
    expect(findByTestId(thanks, "thanks")).toHaveLength(1);
    expect(textByTestId(thanks, "order-status")).toBe("Оплачен");
    expect(rubles(textByTestId(thanks, "order-total")!)).toBe(price + deliveryPrice);
    const orderId = thanksUrl.searchParams.get("order")!;

    // The account lists it; the cart is empty; the stock went down by one.
    const orders = await client.html("/my/orders");
    expect(orders).toContain(`/my/orders/${orderId}`);
    const order = await client.html(`/my/orders/${orderId}`);
    expect(textContent(order)).toContain("Казань");
    expect(findByTestId(order, "pay-again")).toHaveLength(0);
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(0);
    const productAfter = await client.html(`/products/${georgiySlug}`);
    expect(textContent(productAfter)).toContain(`В наличии: ${stockBefore - 1} шт.`);
  });
});

describe("placing an order", () => {
  async function signedInBuyerAtCheckout(quantity = 1) {
    const client = await buyerWithCart(quantity);
    await signIn(client, "/checkout");
    const page = await client.html("/checkout");
    const points = radioValues(page, "pointCode");
    return { client, page, fields: { ...contactFields, deliveryId: "76", pointCode: points[0]! } };
  }

  it("asks to confirm new prices when the total the buyer saw differs, and places nothing until then", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    // The page as it was before the quotes moved: its coin 100 ₽ cheaper.
    const shown = JSON.parse(inputValue(page, "shown"));
    shown[0][0][2] -= 100;
    shown[5] -= 100;
    shown[6] -= 100;
    const stale = await client.postForm("/checkout", { token: inputValue(page, "token"), shown: JSON.stringify(shown), ...fields, intent: "place" });
    expect(stale.headers.get("location")).toBe("/checkout#update-prices");
    const confirm = await client.html("/checkout");
    expect(findByTestId(confirm, "update-prices")).toHaveLength(1);
    expect(textContent(await client.html("/my/orders"))).toContain("Заказов пока нет");
    const placed = await postCheckout(client, confirm, { ...fields, intent: "place" });
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
  });

  it("makes one order of a double submit of the same page", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    const [first, second] = await Promise.all([
      postCheckout(client, page, { ...fields, intent: "place" }),
      postCheckout(client, page, { ...fields, intent: "place" }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    const orders = await client.html("/my/orders");
    expect(tags(orders, "a").filter((tag) => /\/my\/orders\/\d+/.test(attribute(tag, "href") ?? ""))).toHaveLength(1);
  });

  it("keeps an order whose payment was cancelled and lets the buyer pay again", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    const placed = await postCheckout(client, page, { ...fields, intent: "place" });
    const paymentPath = new URL(placed.headers.get("location")!).pathname;
    const cancelled = await client.postForm(paymentPath, { intent: "cancel" });
    const back = new URL(cancelled.headers.get("location")!, shop.url);
    const afterReturn = await client.get(back.pathname + back.search);
    expect(afterReturn.status).toBe(302);
    const errorUrl = afterReturn.headers.get("location")!;
    expect(errorUrl).toMatch(/^\/payment-error\?order=\d+$/);
    const errorPage = await client.html(errorUrl);
    expect(findByTestId(errorPage, "payment-error")).toHaveLength(1);
    expect(textByTestId(errorPage, "order-status")).toBe("Ожидает оплаты");

    const again = await client.postForm(errorUrl, { intent: "pay" });
    expect(again.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    expect(new URL(again.headers.get("location")!).pathname).not.toBe(paymentPath);
    const paid = await client.postForm(new URL(again.headers.get("location")!).pathname, { intent: "pay" });
    const thanks = await client.html(new URL(paid.headers.get("location")!, shop.url).pathname + new URL(paid.headers.get("location")!, shop.url).search);
    expect(textByTestId(thanks, "order-status")).toBe("Оплачен");

    // Paid: "pay again" from either page now leads back to the order instead of a payment.
    const orderId = errorUrl.split("=")[1]!;
    expect((await client.postForm(`/my/orders/${orderId}`, { intent: "pay" })).headers.get("location")).toBe(`/my/orders/${orderId}`);
    expect((await client.postForm(errorUrl, { intent: "pay" })).headers.get("location")).toBe(`/thanks?order=${orderId}`);
  });

  it("shows another buyer's order as not found", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    const placed = await postCheckout(client, page, { ...fields, intent: "place" });
    const paid = await client.postForm(new URL(placed.headers.get("location")!).pathname, { intent: "pay" });
    const orderId = new URL(paid.headers.get("location")!, shop.url).searchParams.get("order")!;

    const stranger = shop.client();
    await signIn(stranger, "/");
    expect((await stranger.get(`/my/orders/${orderId}`)).status).toBe(404);
    expect((await stranger.get(`/thanks?order=${orderId}`)).status).toBe(404);
    expect((await stranger.get(`/payment-error?order=${orderId}`)).status).toBe(404);
    expect((await stranger.postForm(`/my/orders/${orderId}`, { intent: "pay" })).status).toBe(404);
    expect((await shop.client().get(`/my/orders/${orderId}`)).headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/my/orders/${orderId}`)}`);
  });

  it("stores the recipient phone as +7XXXXXXXXXX however it was typed, and refuses '123' in Russian", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    const refused = await postCheckout(client, page, { ...fields, phone: "123", intent: "place" });
    expect(refused.headers.get("location")).toBe("/checkout#form-errors");
    const again = await client.html("/checkout");
    expect(textContent(again)).toContain("Номер неполный: нужно 10 цифр после +7");
    expect(textContent(await client.html("/my/orders"))).toContain("Заказов пока нет");

    const placed = await postCheckout(client, again, { ...fields, phone: "8 (916) 111-22-33", intent: "place" });
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const orders = await client.html("/my/orders");
    const orderHref = tags(orders, "a")
      .map((tag) => attribute(tag, "href") ?? "")
      .find((href) => /^\/my\/orders\/\d+$/.test(href))!;
    const order = textContent(await client.html(orderHref));
    // Stored as +79161112233, written as the rest of the shop writes a phone.
    expect(order.match(/Получатель: [^,]+, ([^,]+),/)?.[1]).toBe("+7 (916) 111-22-33");
  });

  it("shows the errors of a post once: gone on reload, never in a second tab, never stored in the draft (decision 029)", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    const refused = await postCheckout(client, page, { ...fields, phone: "123", email: "плохой", intent: "place" });
    expect(refused.headers.get("location")).toBe("/checkout#form-errors");
    expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith("checkout_errors="))).toBe(true);

    const shown = await client.get("/checkout");
    expect(textContent(shown.text)).toContain("Номер неполный: нужно 10 цифр после +7");
    expect(textContent(shown.text)).toContain("Email указан неверно");
    expect(shown.text).toContain('id="form-errors"');
    // The page that showed them clears the cookie.
    expect(shown.headers.getSetCookie().some((cookie) => /^checkout_errors=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(cookie))).toBe(true);

    const reloaded = await client.html("/checkout");
    expect(textContent(reloaded)).not.toContain("Номер неполный");
    expect(textContent(reloaded)).not.toContain("Email указан неверно");
    expect(reloaded).not.toContain('id="form-errors"');
    // What was typed is kept (the draft), only the errors are gone.
    expect(inputValue(reloaded, "email")).toBe("плохой");

    const secondTab = shop.client({ jar: client.jar });
    const other = await secondTab.html("/checkout");
    expect(textContent(other)).not.toContain("Номер неполный");
    expect(other).not.toContain('id="form-errors"');
  });

  it("pays on receipt with special-contact delivery and goes straight to /thanks", async () => {
    const { client, page } = await signedInBuyerAtCheckout();
    expect((await postCheckout(client, page, { ...contactFields, deliveryId: "43", intent: "save" })).status).toBe(303);
    const special = await client.html("/checkout");
    expect(checkedRadio(special, "paymentId")).toBe("6");
    const missingAddress = await postCheckout(client, special, { ...contactFields, deliveryId: "43", paymentId: "6", intent: "place" });
    expect(missingAddress.headers.get("location")).toBe("/checkout#form-errors");
    const placed = await postCheckout(client, special, { ...contactFields, deliveryId: "43", paymentId: "6", street: "Тверская", house: "7", intent: "place" });
    expect(placed.headers.get("location")).toMatch(/^\/thanks\?order=\d+$/);
    const thanks = await client.html(placed.headers.get("location")!);
    expect(textByTestId(thanks, "order-status")).toBe("Новый");
  });
});

describe("placing an order, impatient or hostile", () => {
  async function signedInBuyerAtCheckout(client?: ShopClient) {
    const buyer = client ?? (await buyerWithCart());
    if (!client) await signIn(buyer, "/checkout");
    const page = await buyer.html("/checkout");
    const points = radioValues(page, "pointCode");
    return { client: buyer, page, fields: { ...contactFields, deliveryId: "76", pointCode: points[0]! } };
  }
  const orderLinks = (html: string) =>
    tags(html, "a")
      .map((tag) => attribute(tag, "href") ?? "")
      .filter((href) => /^\/my\/orders\/\d+$/.test(href));

  it("lands five simultaneous submits of one page on the same order, never on 'Корзина пуста'", async () => {
    const { client, page, fields } = await signedInBuyerAtCheckout();
    const results = await Promise.all(Array.from({ length: 5 }, () => postCheckout(client, page, { ...fields, intent: "place" })));
    const locations = results.map((result) => result.headers.get("location") ?? "");
    expect(results.map((result) => result.status)).toEqual([303, 303, 303, 303, 303]);
    for (const location of locations) expect(location).toMatch(/\/payment\/sandbox\/|^\/thanks\?order=\d+$/);
    expect(textByTestId(await client.html("/checkout"), "order-error") ?? "").not.toContain("Корзина пуста");
    const links = orderLinks(await client.html("/my/orders"));
    expect(links).toHaveLength(1);
    const orderId = links[0]!.split("/").pop();
    for (const location of locations.filter((href) => href.startsWith("/thanks"))) expect(location).toBe(`/thanks?order=${orderId}`);
    // And the same page posted once more, later: the order again, not an empty cart.
    expect((await postCheckout(client, page, { ...fields, intent: "place" })).headers.get("location")).toBe(`/thanks?order=${orderId}`);
  });

  it("refuses a third unpaid online order with the reason on the page, keeping the cart", async () => {
    const { client, fields } = await signedInBuyerAtCheckout();
    for (let n = 0; n < 2; n++) {
      if (n > 0) await client.postForm("/cart", { intent: "add", productId: String(poltava) });
      const page = await client.html("/checkout");
      expect((await postCheckout(client, page, { ...fields, intent: "place" })).headers.get("location")).toMatch(/\/payment\/sandbox\//);
    }
    await client.postForm("/cart", { intent: "add", productId: String(poltava) });
    const page = await client.html("/checkout");
    const refused = await postCheckout(client, page, { ...fields, intent: "place" });
    expect(refused.headers.get("location")).toBe("/checkout#order-error");
    const shown = await client.html("/checkout");
    expect(textByTestId(shown, "order-error")).toContain("У вас уже 2 неоплаченных заказа");
    expect(findByTestId(shown, "checkout-line")).toHaveLength(1);
    expect(orderLinks(await client.html("/my/orders"))).toHaveLength(2);
  });

  it("answers another buyer's checkout token with a message, never a 5xx", async () => {
    const first = await signedInBuyerAtCheckout();
    expect((await postCheckout(first.client, first.page, { ...first.fields, intent: "place" })).headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const second = await signedInBuyerAtCheckout();
    const stolen = await second.client.postForm("/checkout", {
      token: inputValue(first.page, "token"),
      shown: inputValue(second.page, "shown"),
      ...second.fields,
      intent: "place",
    });
    expect(stolen.status).toBe(303);
    expect(stolen.headers.get("location")).toBe("/checkout#order-error");
    expect(textByTestId(await second.client.html("/checkout"), "order-error")).toContain("страница оформления устарела");
    expect(orderLinks(await second.client.html("/my/orders"))).toHaveLength(0);
  });
});

describe("a shop whose coins are capped at 10 pieces an order (MAX_PIECES_PER_COIN, item 2)", () => {
  const capped = runningShop({ env: { MAX_PIECES_PER_COIN: "10" } });

  it("caps the cart forms with a notice and refuses more on /api with a 4xx", async () => {
    const client = capped.client();
    await client.get("/");
    expect((await client.postForm("/cart", { intent: "add", productId: String(poltava), quantity: "12" })).status).toBe(303);
    expect(textContent(await client.html("/cart"))).toContain("Не больше 10 шт. одной монеты в заказе: в корзине 10 шт.");
    expect((await client.postForm("/cart", { intent: "set", productId: String(poltava), quantity: "11" })).status).toBe(303);
    expect(textContent(await client.html("/cart"))).toContain("Не больше 10 шт. одной монеты в заказе");
    const api = await client.request("PATCH", `/api/cart/${poltava}`, JSON.stringify({ quantity: 11 }), {
      headers: { "Content-Type": "application/json", Origin: capped.url },
    });
    expect(api.status).toBe(409);
    expect(JSON.parse(api.text)).toEqual({ error: { code: "per_coin_limit", message: "Не больше 10 шт. одной монеты в заказе" } });
    expect(JSON.parse((await client.get("/api/cart")).text).data.totalCoins).toBe(10);
  });
});

describe("a shop without current quotes", () => {
  // The Bank of Russia is unreachable and nothing was ever fetched: prices cannot follow the market.
  const closed = runningShop({ env: { QUOTES_PROVIDER: "cbr", CBR_BASE_URL: "http://127.0.0.1:9", QUOTES_TIMEOUT_MS: "300" } });

  it("takes no order and says why", async () => {
    const client = closed.client();
    await client.get("/");
    expect((await client.postForm("/cart", { intent: "add", productId: String(georgiy) })).status).toBe(303);
    await signInAt(client, closed.smsOutbox, newPhone().typed, { redirectTo: "/checkout" });
    const page = await client.html("/checkout");
    expect(findByTestId(page, "place-order")).toHaveLength(0);
    expect(textContent(page)).toContain("не принимает заказы");
    const points = radioValues(page, "pointCode");
    const refused = await postCheckout(client, page, { ...contactFields, deliveryId: "76", pointCode: points[0] ?? "", intent: "place" });
    expect(refused.headers.get("location")).toBe("/checkout#order-error");
    expect(textByTestId(await client.html("/checkout"), "order-error")).toContain("не принимает заказы");
    expect(textContent(await client.html("/my/orders"))).toContain("Заказов пока нет");
  });
});

describe("the pickup point the page starts with (the server renders it checked, JavaScript or not)", () => {
  it("is none among several for a first order, then the last order's point wherever that city's list still has it", async () => {
    const client = await buyerWithCart();
    await signIn(client, "/checkout");
    let page = await client.html("/checkout");
    const points = radioValues(page, "pointCode");
    expect(points.length).toBeGreaterThan(2);
    // Several points and nothing to go by: the buyer chooses.
    expect(checkedRadio(page, "pointCode")).toBeUndefined();
    const chosen = points[2]!;
    const placed = await postCheckout(client, page, { ...contactFields, deliveryId: "76", pointCode: chosen, intent: "place" });
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);

    // The next order: the buyer looks at Kazan, where that point is not, and comes back to Moscow.
    expect((await client.postForm("/cart", { intent: "add", productId: String(poltava) })).status).toBe(303);
    page = await client.html("/checkout");
    expect((await postCheckout(client, page, { ...contactFields, chooseCity: KAZAN })).status).toBe(303);
    page = await client.html("/checkout");
    expect(radioValues(page, "pointCode")).not.toContain(chosen);
    expect(checkedRadio(page, "pointCode")).toBeUndefined();
    expect((await postCheckout(client, page, { ...contactFields, chooseCity: MOSCOW })).status).toBe(303);
    page = await client.html("/checkout");
    expect(checkedRadio(page, "pointCode")).toBe(chosen);
    expect(textByTestId(page, "selected-point")).toContain("Выбран");
  });
});
