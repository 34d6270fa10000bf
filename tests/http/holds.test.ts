// Stock held without payment or confirmation, as a buyer and the staff meet it with JavaScript
// off: an order paid on receipt (special-contact delivery 43) counts against the caps per buyer
// and per contact phone, a refusal is told in Russian at checkout, the manager confirms the order
// («Новый» → «Собирается», audited) which frees the cap, and the dashboard shows the held coins.
import { describe, expect, it } from "vitest";
import { type Buyer, newPhone, postCheckoutForm, productIdOf } from "#tests/support/buyer.ts";
import { inputValue, textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const staff = { manager: newPhone() };
const coin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
const shop = runningShop({
  prepare: (database) => addStaffMembers(database, [{ phone: staff.manager.typed, role: "manager", name: "Менеджер" }]),
  env: { MAX_UNCONFIRMED_PIECES_PER_BUYER: "5" },
  timeoutMs: 300_000,
});

/** Special-contact delivery paid on receipt, to `phone`, for what is in the cart now. */
async function placeOnReceipt(buyer: Buyer, quantity: number, phone: string) {
  expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(coin), quantity: String(quantity) })).status).toBe(303);
  const fields = {
    lastName: "Иванов",
    name: "Пётр",
    secondName: "",
    phone,
    email: buyer.email,
    deliveryId: "43",
    paymentId: "6",
    street: "Тверская",
    house: "7",
  };
  expect((await postCheckoutForm(buyer.client, await buyer.client.html("/checkout"), { ...fields, intent: "save" })).status).toBe(303);
  return postCheckoutForm(buyer.client, await buyer.client.html("/checkout"), { ...fields, intent: "place" });
}

let first: Buyer;
let firstNumber = "";
let manager: ShopClient;

describe("orders paid on receipt hold stock only within the caps", () => {
  it("refuses an order past the pieces one buyer may hold unconfirmed, with the reason at checkout", async () => {
    first = await shop.buyer();
    const placed = await placeOnReceipt(first, 3, first.phone.typed);
    expect(placed.headers.get("location")).toMatch(/^\/thanks\?order=\d+$/);
    firstNumber = textByTestId(await first.client.html(placed.headers.get("location")!), "order-number")?.replace("№", "") ?? "";
    const refused = await placeOnReceipt(first, 3, first.phone.typed);
    expect(refused.headers.get("location")).toBe("/checkout#order-error");
    const shown = await first.client.html("/checkout");
    expect(textByTestId(shown, "order-error")).toBe(
      "Заказ не оформлен. В неоплаченных и неподтверждённых заказах на один аккаунт или телефон может быть не больше 5 шт. монет: у вас уже 3 шт., в этом заказе 3 шт. Уменьшите количество, оплатите прежний заказ или позвоните нам: +7 (495) 269-69-99.",
    );
  });

  it("counts another account's order to the same phone as the same holder", async () => {
    const second = await shop.buyer();
    const refused = await placeOnReceipt(second, 3, first.phone.typed);
    expect(refused.headers.get("location")).toBe("/checkout#order-error");
    expect(textByTestId(await second.client.html("/checkout"), "order-error")).toContain("у вас уже 3 шт.");
  });

  it("shows the staff the held coins and the deadline to confirm; confirming is audited and frees the cap", async () => {
    manager = await shop.staff(staff.manager);
    const dashboard = await manager.html("/admin");
    expect(textByTestId(dashboard, "held-stock")).toContain("300-летие Полтавской битвы");
    const href = `/admin/orders/${firstNumber}`;
    const page = await manager.html(href);
    expect(textByTestId(page, "confirm-deadline")).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} — иначе заказ отменится/);
    expect(textContent(page)).toContain("Подтвердить: в статус «Собирается»");
    const confirmed = await manager.postForm(href, { to: "assembling", version: inputValue(page, "version")! });
    expect(confirmed.status).toBe(303);
    const after = await manager.html(href);
    expect(textByTestId(after, "order-status")).toBe("Собирается");
    expect(textByTestId(after, "confirm-deadline")).toBeUndefined();
    expect(textByTestId(after, "order-audit")).toMatch(/\(менеджер\): Новый → Собирается/);
    // Staff type dates as they write them too.
    const filtered = await manager.html(`/admin/orders?from=1.1.2020&q=${firstNumber}`);
    expect(textByTestId(filtered, "orders-found")).toBe("Найдено: 1");
    // The refused order's 3 pieces are still in the cart: with one more, 4 are held unconfirmed now.
    const again = await placeOnReceipt(first, 1, first.phone.typed);
    expect(again.headers.get("location")).toMatch(/^\/thanks\?order=\d+$/);
  });
});
