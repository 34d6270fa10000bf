// What a buyer without JavaScript meets around names and delivery details: one rule for full names (step 3, /api/me, profile, checkout recipient);
// the office's address and hours with office pickup, special delivery explained and paid on
// receipt; one option per carrier service; the courier's entrance, floor and note on the order.
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ShopClient } from "#tests/support/http-client.ts";
import { afterAll, describe, expect, it } from "vitest";
import { type Buyer, latestOrderId, postCheckoutForm, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { attribute, checkedRadio, radioValues, tags, textByTestId, textContent } from "#tests/support/html.ts";
import { sharedShop } from "#tests/support/shared-shop.ts";

const outbox = path.join(os.tmpdir(), `shop-delivery-details-${process.pid}.jsonl`);
const shared = sharedShop({ env: { SMS_PROVIDER: "file", SMS_OUTBOX_FILE: outbox } });
afterAll(() => rm(outbox, { force: true }));

/** Plenty in stock, so every test may place an order. */
const poltava = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
/** The /my/profile facts as "Фамилия Мамедов" lines (each <dt> with its <dd>). */
const profileTexts = (html: string) =>
  [...html.matchAll(/<dt>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)].map((match) => `${textContent(match[1]!)} ${textContent(match[2]!)}`);
/** No order has been placed by this buyer: /my/orders links to none. */
const noOrders = async (client: Buyer["client"]) => expect(await client.html("/my/orders")).not.toMatch(/href="\/my\/orders\/\d+"/);
const namesMessage = "Только буквы (русские или латинские), дефис, апостроф и пробел — как в паспорте";

async function buyerAtCheckout(options: { fullName?: string } = {}): Promise<Buyer & { page: string; contact: Record<string, string> }> {
  const buyer = await signedInBuyer(shared.current.url, outbox, options);
  expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(poltava) })).status).toBe(303);
  const page = await buyer.client.html("/checkout");
  return { ...buyer, page, contact: { lastName: "Иванов", name: "Пётр", secondName: "Сергеевич", phone: buyer.phone.typed, email: buyer.email } };
}

describe("full names", () => {
  it("step 3 splits a full name with extra spaces and a Turkic patronymic into the right fields", async () => {
    const { client } = await signedInBuyer(shared.current.url, outbox, { fullName: "  Мамедов   Ильхам Гейдар оглы " });
    const profile = profileTexts(await client.html("/my/profile"));
    expect(profile).toContain("Фамилия Мамедов");
    expect(profile).toContain("Имя Ильхам");
    expect(profile).toContain("Отчество Гейдар оглы");
  });

  it("step 3 and /api/me refuse an emoji in the name with a Russian message and keep the name saved before", async () => {
    const { client, email } = await signedInBuyer(shared.current.url, outbox, { fullName: "Салтыков - Щедрин Михаил Евграфович" });
    expect(profileTexts(await client.html("/my/profile"))).toContain("Фамилия Салтыков-Щедрин");

    const refused = await client.postForm("/cabinet/create", { intent: "register", fullName: "Салтыков Михаил 🙂", email, consent: "on", redirectTo: "/" });
    expect(refused.status).toBe(400);
    expect(textContent(refused.text)).toContain(namesMessage);

    const api = await client.request("POST", "/api/me", JSON.stringify({ name: "Иванов Иван 👍", email }), { headers: { "Content-Type": "application/json" } });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.text)).toMatchObject({ error: { message: namesMessage } });

    const profile = profileTexts(await client.html("/my/profile"));
    expect(profile).toContain("Фамилия Салтыков-Щедрин");
    expect(profile).toContain("Отчество Евграфович");
  });

  it("the profile form refuses digits and emoji in a name and keeps a hyphenated surname as one", async () => {
    const { client, email } = await signedInBuyer(shared.current.url, outbox);
    const refused = await client.postForm("/my/profile/edit", { lastName: "Иванов2", name: "Пётр", secondName: "Сергеевич🎉", email });
    expect(refused.status).toBe(400);
    expect(textContent(refused.text)).toContain(namesMessage);
    const saved = await client.postForm("/my/profile/edit", { lastName: "Римская – Корсакова", name: "Анна  Мария", secondName: "", email });
    expect(saved.status).toBe(303);
    const profile = profileTexts(await client.html("/my/profile"));
    expect(profile).toContain("Фамилия Римская-Корсакова");
    expect(profile).toContain("Имя Анна Мария");
  });

  it("refuses a 61-character surname on the profile page in Russian, never in zod's English, and marks the inputs for the browser (decision 029)", async () => {
    const { client, email } = await signedInBuyer(shared.current.url, outbox);
    const refused = await client.postForm("/my/profile/edit", { lastName: "Щ".repeat(61), name: "Пётр", secondName: "", email });
    expect(refused.status).toBe(400);
    const text = textContent(refused.text);
    expect(text).toContain("Не больше 60 символов");
    expect(text).not.toMatch(/Too big|expected string|Invalid/);
    const form = await client.html("/my/profile/edit");
    const input = (name: string) => tags(form, "input").find((tag) => attribute(tag, "name") === name)!;
    expect(input("name")).toMatch(/\brequired\b/);
    expect(input("lastName")).not.toMatch(/\brequired\b/);
    expect(input("email")).toMatch(/\brequired\b/);
    expect(attribute(input("email"), "maxLength")).toBe("254");
  });

  it("checkout refuses an emoji in the recipient's name, places nothing, and keeps the name mended when it is right", async () => {
    const { client, page, contact } = await buyerAtCheckout();
    const point = radioValues(page, "pointCode")[0]!;
    const refused = await postCheckoutForm(client, page, { ...contact, name: "Пётр😎", deliveryId: "76", pointCode: point, paymentId: "4", intent: "place" });
    expect(refused.headers.get("location")).toBe("/checkout#form-errors");
    const shown = await client.html("/checkout");
    expect(textContent(shown)).toContain(namesMessage);
    await noOrders(client);

    const placed = await postCheckoutForm(client, shown, {
      ...contact,
      lastName: " Салтыков -  Щедрин ",
      deliveryId: "76",
      pointCode: point,
      paymentId: "4",
      intent: "place",
    });
    expect(placed.status).toBe(303);
    const order = await client.html(`/my/orders/${await latestOrderId(client)}`);
    expect(textContent(order)).toContain("Получатель: Салтыков-Щедрин Пётр Сергеевич");
  });
});

describe("office pickup and special delivery", () => {
  it("checkout in Moscow shows the office's address and hours with office pickup, and explains special delivery", async () => {
    const { page } = await buyerAtCheckout();
    const office = textByTestId(page, "delivery-note-35")!;
    expect(office).toContain("Москва, ул. Мясницкая, д. 24/7, стр. 1, офис 107");
    expect(office).toContain("Пн–Чт 10:00–18:00, Пт 10:00–17:00");
    const special = textByTestId(page, "delivery-note-43")!;
    expect(special).toContain("сотрудник магазина");
    expect(special).toContain("Оплата при получении");
  });

  it("choosing special delivery switches payment to 'При получении' (6), though the form still posts the online payment it showed", async () => {
    const { client, page, contact } = await buyerAtCheckout();
    expect(checkedRadio(page, "paymentId")).toBe("4");
    // The browser posts every field of the form: the new delivery, and the payment radio as it was.
    const chosen = await postCheckoutForm(client, page, { ...contact, deliveryId: "43", paymentId: "4", intent: "save" });
    expect(chosen.status).toBe(303);
    let shown = await client.html("/checkout");
    expect(checkedRadio(shown, "deliveryId")).toBe("43");
    expect(checkedRadio(shown, "paymentId")).toBe("6");
    // Payment by invoice (7) is offered with any delivery, to companies.
    expect(radioValues(shown, "paymentId")).toEqual(["4", "6", "7"]);

    // The buyer may still choose to pay online; that choice stays while the delivery stays.
    await postCheckoutForm(client, shown, { ...contact, deliveryId: "43", paymentId: "4", intent: "save" });
    shown = await client.html("/checkout");
    expect(checkedRadio(shown, "paymentId")).toBe("4");
    // Back to a carrier: online payment again, on receipt no longer offered.
    await postCheckoutForm(client, shown, { ...contact, deliveryId: "76", paymentId: "6", intent: "save" });
    shown = await client.html("/checkout");
    expect(radioValues(shown, "paymentId")).toEqual(["4", "7"]);
    expect(checkedRadio(shown, "paymentId")).toBe("4");
  });

  it("an office-pickup order shows where and when to collect it on /thanks and on the order page", async () => {
    const { client, page, contact } = await buyerAtCheckout();
    const office = await withDelivery(client, page, { ...contact, deliveryId: "35", paymentId: "4" });
    // Office pickup is booked for a time: the first slot the page offers.
    const pickupSlot = attribute(
      tags(office, "option").find((tag) => /value="\d{4}-\d{2}-\d{2}T/.test(tag) && !/disabled/.test(tag))!,
      "value",
    )!;
    const placed = await postCheckoutForm(client, office, { ...contact, deliveryId: "35", paymentId: "4", pickupSlot, intent: "place" });
    expect(placed.status).toBe(303);
    const orderId = await latestOrderId(client);
    for (const html of [await client.html(`/thanks?order=${orderId}`), await client.html(`/my/orders/${orderId}`)]) {
      const office = textByTestId(html, "order-office-pickup")!;
      expect(office).toContain("Мясницкая, д. 24/7");
      expect(office).toContain("Пн–Чт 10:00–18:00, Пт 10:00–17:00");
    }
  });
});

/** Applies a delivery as the buyer does before ordering ('Применить'), and returns the page that then shows. */
async function withDelivery(client: ShopClient, page: string, fields: Record<string, string>): Promise<string> {
  expect((await postCheckoutForm(client, page, { ...fields, intent: "save" })).status).toBe(303);
  return client.html("/checkout");
}

describe("one option per carrier service", () => {
  it("offers the free pickup point and locker without their paid twins, and charges what it shows", async () => {
    const { client, page, contact } = await buyerAtCheckout();
    const offered = radioValues(page, "deliveryId");
    expect(offered).toEqual(["76", "77", "45", "35", "43"]);
    expect(textContent(page)).not.toContain("Пункт выдачи СДЭК");
    // A stale page or a saved profile asking for the paid point gets the free one, the same service.
    await postCheckoutForm(client, page, { ...contact, deliveryId: "79", intent: "save" });
    const shown = await client.html("/checkout");
    expect(checkedRadio(shown, "deliveryId")).toBe("76");
    expect(textByTestId(shown, "delivery-total")).toBe("Бесплатно");
    const placed = await postCheckoutForm(client, shown, {
      ...contact,
      deliveryId: "79",
      pointCode: radioValues(shown, "pointCode")[0]!,
      paymentId: "4",
      intent: "place",
    });
    expect(placed.status).toBe(303);
    const order = await client.html(`/my/orders/${await latestOrderId(client)}`);
    expect(textContent(order)).toContain("Доставка: Бесплатно до пункта выдачи");
  });
});

describe("the courier's address", () => {
  const address = { street: "Тверская", house: "7", room: "12А", entrance: "2", floor: "5", addressMessage: "Домофон не работает — позвоните за полчаса" };

  it("refuses a floor of −3, entrance 0 and an emoji apartment in Russian, and places nothing", async () => {
    const { client, page, contact } = await buyerAtCheckout();
    const courier = await withDelivery(client, page, { ...contact, deliveryId: "45", paymentId: "4" });
    const refused = await postCheckoutForm(client, courier, {
      ...contact,
      ...address,
      floor: "−3",
      entrance: "0",
      room: "🙂",
      deliveryId: "45",
      paymentId: "4",
      intent: "place",
    });
    expect(refused.headers.get("location")).toBe("/checkout#form-errors");
    const shown = textContent(await client.html("/checkout"));
    expect(shown).toContain("Этаж — число от 1 до 99");
    expect(shown).toContain("Подъезд — номер от 1 до 99");
    expect(shown).toContain("Квартира или офис — номер от 1 до 9999");
    await noOrders(client);
  });

  it("shows the apartment, entrance, floor and the note to the courier on the order page", async () => {
    const { client, page, contact } = await buyerAtCheckout();
    const courier = await withDelivery(client, page, { ...contact, deliveryId: "45", paymentId: "4" });
    expect((await postCheckoutForm(client, courier, { ...contact, ...address, deliveryId: "45", paymentId: "4", intent: "place" })).status).toBe(303);
    const order = await client.html(`/my/orders/${await latestOrderId(client)}`);
    expect(textByTestId(order, "order-delivery")).toContain("Тверская, 7, кв./оф. 12А, подъезд 2, этаж 5");
    expect(textByTestId(order, "order-courier-note")).toBe("Сообщение курьеру: Домофон не работает — позвоните за полчаса");
  });
});
