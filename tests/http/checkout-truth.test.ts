// What the buyer sees is what the buyer orders, without
// JavaScript: the checkout form posted as a browser posts it, with only what the buyer changed.
import { describe, expect, it } from "vitest";
import { type Buyer, productIdOf } from "#tests/support/buyer.ts";
import { attribute, findByTestId, radioValues, tags, textByTestId, textContent } from "#tests/support/html.ts";
import { checkedRadio, pageForm } from "#tests/support/page-form.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";

const shop = runningShop();

const poltava = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
/** Five in stock in the demo catalogue. */
const georgiy = productIdOf("georgiy-pobedonosec-50-rubley-mmd");
const rubles = (text: string | undefined) => Number((text ?? "").replace(/\D/g, ""));
const orderLinks = (html: string) =>
  tags(html, "a")
    .map((tag) => attribute(tag, "href") ?? "")
    .filter((href) => /^\/my\/orders\/\d+$/.test(href));

async function buyerWithCart(lines: [number, number][]): Promise<Buyer> {
  const buyer = await shop.buyer();
  for (const [productId, quantity] of lines) {
    expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(productId), quantity: String(quantity) })).status).toBe(303);
  }
  return buyer;
}

/** Posts the checkout page's form as shown, with the buyer's changes, pressing the button `intent`. */
async function submit(buyer: Buyer, page: string, changes: Record<string, string>, intent: string) {
  return buyer.client.postForm("/checkout", { ...pageForm(page, "/checkout"), ...changes, intent });
}

describe("'Оформить заказ' places what the page showed", () => {
  it("does not place a courier order the buyer ticked but never saw priced; shows it and places it on the second press", async () => {
    const buyer = await buyerWithCart([[georgiy, 1]]);
    // An earlier visit: courier to an old address, then back to the free pickup point.
    let page = await buyer.client.html("/checkout");
    await submit(buyer, page, { deliveryId: "45" }, "save");
    page = await buyer.client.html("/checkout");
    await submit(buyer, page, { street: "Старая улица", house: "13" }, "save");
    page = await buyer.client.html("/checkout");
    await submit(buyer, page, { deliveryId: "76" }, "save");
    page = await buyer.client.html("/checkout");
    expect(checkedRadio(page, "deliveryId")).toBe("76");
    expect(textByTestId(page, "delivery-total")).toBe("Бесплатно");
    const shownTotal = rubles(textByTestId(page, "order-total"));
    // The old address is not on this page: no address fields at all.
    expect(pageForm(page, "/checkout").street).toBeUndefined();

    // Tick 'Курьер СДЭК', do not press 'Применить способ доставки', press 'Оформить заказ'.
    const pressed = await submit(buyer, page, { deliveryId: "45", pointCode: radioValues(page, "pointCode")[0]! }, "place");
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("location")).toBe("/checkout#order-changed");
    expect(orderLinks(await buyer.client.html("/my/orders"))).toHaveLength(0);

    // The page now shows the courier, its price, the total and the address it would go to.
    page = await buyer.client.html("/checkout");
    const notice = textByTestId(page, "order-changed")!;
    expect(notice).toContain("Заказ не оформлен");
    expect(notice).toMatch(/Доставка: было «[^»]+», стало «[^»]+»/);
    expect(findByTestId(page, "update-prices")).toHaveLength(0);
    expect(checkedRadio(page, "deliveryId")).toBe("45");
    const courierPrice = rubles(textByTestId(page, "delivery-total"));
    expect(courierPrice).toBeGreaterThan(0);
    const total = rubles(textByTestId(page, "order-total"));
    expect(total).toBe(shownTotal + courierPrice);
    expect(notice).toContain(`стало ${textByTestId(page, "order-total")}`);
    expect(pageForm(page, "/checkout").street).toBe("Старая улица");

    // Pressed again on what is now shown: placed, at exactly that total, to that address.
    const placed = await submit(buyer, page, {}, "place");
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const [orderHref] = orderLinks(await buyer.client.html("/my/orders"));
    const order = await buyer.client.html(orderHref!);
    expect(rubles(textByTestId(order, "order-total"))).toBe(total);
    expect(textContent(order)).toContain("Старая улица");
    expect(findByTestId(await buyer.client.html("/checkout"), "order-changed")).toHaveLength(0);
  });

  it("asks again when the quantity was typed but not recalculated, naming it and not prices", async () => {
    const buyer = await buyerWithCart([[poltava, 1]]);
    let page = await buyer.client.html("/checkout");
    const point = radioValues(page, "pointCode")[0]!;
    const unit = rubles(textByTestId(page, "goods-total"));
    const pressed = await submit(buyer, page, { [`qty:${poltava}`]: "2", pointCode: point }, "place");
    expect(pressed.headers.get("location")).toBe("/checkout#order-changed");
    expect(orderLinks(await buyer.client.html("/my/orders"))).toHaveLength(0);

    page = await buyer.client.html("/checkout");
    // No 'Цены изменились' with the same price before and after: the quantity is what changed.
    expect(findByTestId(page, "update-prices")).toHaveLength(0);
    expect(textContent(page)).not.toContain("Цены изменились");
    expect(textByTestId(page, "order-changed")).toContain("было 1 шт., стало 2 шт.");
    expect(rubles(textByTestId(page, "goods-total"))).toBe(unit * 2);

    // The notice belongs to that page: any other post (here 'Пересчитать') takes it away.
    await submit(buyer, page, {}, "save");
    page = await buyer.client.html("/checkout");
    expect(findByTestId(page, "order-changed")).toHaveLength(0);

    const placed = await submit(buyer, page, {}, "place");
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const order = await buyer.client.html(orderLinks(await buyer.client.html("/my/orders"))[0]!);
    expect(rubles(textByTestId(order, "order-total"))).toBe(unit * 2);
  });

  it("a stale tab's untouched quantities do not undo the cart changed in another tab: the page says what changed", async () => {
    const buyer = await buyerWithCart([[poltava, 1]]);
    const stale = await buyer.client.html("/checkout");
    const unit = rubles(textByTestId(stale, "goods-total"));
    // Another tab: 'В корзину' once more on the coin's page; the cart now says 2.
    expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(poltava), quantity: "1" })).status).toBe(303);

    // The first tab, as it was, presses 'Оформить заказ'.
    const pressed = await submit(buyer, stale, { pointCode: radioValues(stale, "pointCode")[0]! }, "place");
    expect(pressed.headers.get("location")).toBe("/checkout#order-changed");
    expect(orderLinks(await buyer.client.html("/my/orders"))).toHaveLength(0);
    const page = await buyer.client.html("/checkout");
    expect(textByTestId(page, "order-changed")).toContain("было 1 шт., стало 2 шт.");
    expect(pageForm(page, "/checkout")[`qty:${poltava}`]).toBe("2");

    const placed = await submit(buyer, page, {}, "place");
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const order = await buyer.client.html(orderLinks(await buyer.client.html("/my/orders"))[0]!);
    expect(rubles(textByTestId(order, "order-total"))).toBe(unit * 2);
  });

  it("asks again when the post carries no record of what was shown", async () => {
    const buyer = await buyerWithCart([[poltava, 1]]);
    const page = await buyer.client.html("/checkout");
    const pressed = await submit(buyer, page, { shown: "", pointCode: radioValues(page, "pointCode")[0]! }, "place");
    expect(pressed.headers.get("location")).toBe("/checkout#order-changed");
    expect(textByTestId(await buyer.client.html("/checkout"), "order-changed")).toContain("Страница оформления устарела");
    expect(orderLinks(await buyer.client.html("/my/orders"))).toHaveLength(0);
  });
});

describe("a bad quantity is refused with a reason at its line", () => {
  const cases: [string, RegExp][] = [
    ["99999", /доступно [1-5] шт\./],
    ["2.5", /введите целое число от 1 до [1-5]$/],
    ["1e3", /введите целое число от 1 до [1-5]$/],
    ["-5", /введите целое число от 1 до [1-5]$/],
    ["", /введите целое число от 1 до [1-5]$/],
    ["две", /введите целое число от 1 до [1-5]$/],
  ];

  it("at checkout: says why, changes nothing and places nothing", async () => {
    const buyer = await buyerWithCart([[georgiy, 2]]);
    for (const [typed, message] of cases) {
      const page = await buyer.client.html("/checkout");
      const posted = await submit(
        buyer,
        page,
        { [`qty:${georgiy}`]: typed, pointCode: radioValues(page, "pointCode")[0]! },
        typed === "99999" ? "place" : "save",
      );
      expect(posted.headers.get("location"), typed).toBe("/checkout#cart");
      const after = await buyer.client.html("/checkout");
      expect(textByTestId(after, "quantity-error"), typed).toMatch(message);
      expect(pageForm(after, "/checkout")[`qty:${georgiy}`], typed).toBe("2");
    }
    expect(orderLinks(await buyer.client.html("/my/orders"))).toHaveLength(0);
  });

  it("in the cart: 'Пересчитать' takes a typed quantity, or names the bad one and changes nothing", async () => {
    const buyer = await buyerWithCart([
      [georgiy, 1],
      [poltava, 1],
    ]);
    const quantity = (html: string, id: number) => tags(html, "input").find((tag) => attribute(tag, "name") === `qty:${id}`);
    let cart = await buyer.client.html("/cart");
    expect(attribute(quantity(cart, poltava)!, "form")).toBe("cart-quantities");

    const done = await buyer.client.postForm("/cart", { intent: "update", [`qty:${georgiy}`]: "1", [`qty:${poltava}`]: "20" });
    expect(done.headers.get("location")).toBe("/cart");
    cart = await buyer.client.html("/cart");
    expect(attribute(quantity(cart, poltava)!, "value")).toBe("20");
    expect(textContent(cart)).toContain("21 монета");

    for (const [typed, message] of cases) {
      const refused = await buyer.client.postForm("/cart", { intent: "update", [`qty:${georgiy}`]: typed, [`qty:${poltava}`]: "3" });
      const location = refused.headers.get("location")!;
      expect(location, typed).toMatch(/^\/cart\?.*#cart-lines$/);
      const page = await buyer.client.html(location.replace(/#.*/, ""));
      expect(textByTestId(page, "quantity-error"), typed).toMatch(new RegExp(message.source, "i"));
      // Nothing changed, the good line either.
      expect(attribute(quantity(await buyer.client.html("/cart"), poltava)!, "value"), typed).toBe("20");
    }
  });
});

describe("a refused cart quantity without JavaScript", () => {
  it("leaves the field at the quantity the total is for and names what was typed", async () => {
    const buyer = await buyerWithCart([[georgiy, 1]]);
    const refused = await buyer.client.postForm("/cart", { intent: "update", [`qty:${georgiy}`]: "75" });
    const page = await buyer.client.html(refused.headers.get("location")!.replace(/#.*/, ""));
    const field = tags(page, "input").find((tag) => attribute(tag, "name") === `qty:${georgiy}`)!;
    expect(attribute(field, "value")).toBe("1");
    expect(textContent(page)).toContain("1 монета");
    expect(textByTestId(page, "quantity-error")).toMatch(/^Введено 75\. Количество не изменено: доступно [1-5] шт\.$/);
  });
});

describe("a second checkout tab after the order", () => {
  it("points to the order just placed instead of 'Корзина пуста'", async () => {
    const buyer = await buyerWithCart([[poltava, 1]]);
    // Two tabs on a first visit: each page has its own one-time token.
    const first = await buyer.client.html("/checkout");
    const second = await buyer.client.html("/checkout");
    const placed = await submit(buyer, first, { pointCode: radioValues(first, "pointCode")[0]! }, "place");
    expect(placed.headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const [orderHref] = orderLinks(await buyer.client.html("/my/orders"));

    const pressed = await submit(buyer, second, { pointCode: radioValues(second, "pointCode")[0]! }, "place");
    expect(pressed.status).toBe(303);
    const page = await buyer.client.html("/checkout");
    expect(textContent(page)).not.toContain("Корзина пуста");
    const notice = textByTestId(page, "last-order")!;
    expect(notice).toMatch(/Заказ №\d{4}-\d{6} оформлен/);
    expect(tags(page, "a").map((tag) => attribute(tag, "href"))).toContain(orderHref);
    expect(orderLinks(await buyer.client.html("/my/orders"))).toHaveLength(1);

    // Another buyer's empty checkout shows no one's order.
    const stranger = await shop.buyer();
    expect(findByTestId(await stranger.client.html("/checkout"), "last-order")).toHaveLength(0);
  });
});
