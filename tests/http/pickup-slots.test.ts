// Office pickup booked for a time, as buyers and the manager meet it with JavaScript off: the
// checkout offers days and slots of the office's hours in Moscow time (Mon–Thu 10–18, Fri 10–17,
// no weekends, no holiday staff listed), two buyers racing for the last place of a slot get it
// once, the slot is on the order page, in the SMS and on the packing slip, a cancelled order
// frees its place, and the manager sees the day's schedule and moves a booking.
import { describe, expect, it } from "vitest";
import { type Buyer, latestOrderId, newPhone, postCheckoutForm, productIdOf } from "#tests/support/buyer.ts";
import { attributeOf, inputValue, selectAll, selectAllIn, textByTestId, textContent, textOf } from "#tests/support/html.ts";
import { waitFor } from "#tests/support/network.ts";
import { runningShop } from "#tests/support/shop-fixture.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { eq } from "drizzle-orm";
import { pickupBookings } from "#app/modules/db/schema.ts";
import { readSmsNotices } from "#tests/support/sms-outbox.ts";
import { addStaffMembers } from "#tests/support/staff.ts";

const staff = { manager: newPhone() };
const coin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
/** A second coin: two buyers of different coins share no stock lock, so only the slot's own rule keeps them apart. */
const otherCoin = productIdOf("georgiy-pobedonosec-3-rublya-serebro");
const shop = runningShop({
  prepare: (database) => addStaffMembers(database, [{ phone: staff.manager.typed, role: "manager", name: "Менеджер" }]),
  // One place per slot: the second buyer for a slot is the one who finds it full.
  env: { PICKUP_SLOT_CAPACITY: "1", NOTIFY_POLL_INTERVAL_MS: "200" },
  timeoutMs: 300_000,
});

type Option = { value: string; text: string; disabled: boolean; day: string };

/** The slot select's options with their day group, as the page renders them. */
function slotOptions(page: string): Option[] {
  return selectAll(page, 'select[name="pickupSlot"] optgroup').flatMap((group) =>
    selectAllIn(group, "option").map((option) => ({
      value: attributeOf(option, "value") ?? "",
      text: textOf(option),
      disabled: attributeOf(option, "disabled") !== undefined,
      day: attributeOf(group, "label") ?? "",
    })),
  );
}

const contactOf = (buyer: Buyer) => ({ lastName: "Иванов", name: "Пётр", secondName: "", phone: buyer.phone.typed, email: buyer.email, paymentId: "4" });

/** A buyer with the coin in the cart and office pickup applied (no JavaScript: «Применить способ доставки»). */
async function buyerAtOfficePickup(productId = coin): Promise<Buyer & { page: string }> {
  const buyer = await shop.buyer();
  expect((await buyer.client.postForm("/cart", { intent: "add", productId: String(productId) })).status).toBe(303);
  const first = await buyer.client.html("/checkout");
  expect((await postCheckoutForm(buyer.client, first, { ...contactOf(buyer), deliveryId: "35", intent: "save" })).status).toBe(303);
  return { ...buyer, page: await buyer.client.html("/checkout") };
}

const place = (buyer: Buyer, page: string, slot: string) =>
  postCheckoutForm(buyer.client, page, { ...contactOf(buyer), deliveryId: "35", pickupSlot: slot, intent: "place" });

/** The ISO weekday (1 = Monday) of a slot key's day. */
const weekday = (key: string) => new Date(`${key.slice(0, 10)}T00:00:00Z`).getUTCDay() || 7;
const moscowToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());

let manager: ShopClient;
let winnerOrder = 0;
let raced = "";

describe("choosing a slot at checkout", () => {
  it("offers the office's hours in Moscow time from tomorrow on: Mon–Thu to 18:00, Fri to 17:00, no weekends", async () => {
    const { page } = await buyerAtOfficePickup();
    const options = slotOptions(page);
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => weekday(option.value) <= 5)).toBe(true);
    expect(options[0]!.value.slice(0, 10) > moscowToday()).toBe(true);
    const days = [...new Set(options.map((option) => option.value.slice(0, 10)))];
    for (const day of days) {
      const ofDay = options.filter((option) => option.value.startsWith(day));
      expect(ofDay[0]!.value).toBe(`${day}T10:00`);
      expect(ofDay.at(-1)!.text).toContain(weekday(day) === 5 ? "16:00–17:00" : "17:00–18:00");
    }
    expect(days.some((day) => weekday(day) === 5)).toBe(true);
  });

  it("refuses to place the order without a slot, in Russian, and keeps what was typed", async () => {
    const buyer = await buyerAtOfficePickup();
    const refused = await postCheckoutForm(buyer.client, buyer.page, { ...contactOf(buyer), lastName: "Сидоров", deliveryId: "35", intent: "place" });
    expect(refused.status).toBe(303);
    const page = await buyer.client.html("/checkout");
    expect(textContent(page)).toContain("Выберите день и время, когда заберёте заказ в офисе");
    expect(inputValue(page, "lastName")).toBe("Сидоров");
  });

  it("gives the last place of a slot to exactly one of two buyers ordering at once; the other is told and keeps the form", async () => {
    const [one, two] = await Promise.all([buyerAtOfficePickup(), buyerAtOfficePickup(otherCoin)]);
    raced = slotOptions(one.page).find((option) => !option.disabled)!.value;
    const answers = await Promise.all([place(one, one.page, raced), place(two, two.page, raced)]);
    const placed = answers.map((answer) => !answer.headers.get("location")!.startsWith("/checkout"));
    expect(placed.filter(Boolean)).toHaveLength(1);
    const winner = placed[0] ? one : two;
    const loser = placed[0] ? two : one;
    const page = await loser.client.html("/checkout");
    expect(textContent(page)).toContain("Это время уже занято");
    expect(inputValue(page, "lastName")).toBe("Иванов");
    const full = slotOptions(page).find((option) => option.value === raced)!;
    expect(full.disabled).toBe(true);
    expect(full.text).toContain("мест нет");

    winnerOrder = await latestOrderId(winner.client);
    const orderPage = await winner.client.html(`/my/orders/${winnerOrder}`);
    const slotText = textByTestId(orderPage, "order-pickup-slot")!;
    expect(slotText).toMatch(/10:00–11:00 \(МСК\)|\d\d:00–\d\d:00 \(МСК\)/);
    expect(slotText).toContain(`${raced.slice(11)}–`);
    const sms = await waitFor(
      () => readSmsNotices(shop.smsOutbox, winner.phone.normal),
      (messages) => messages.some((message) => message.text.includes("принят")),
      15_000,
      "the order's SMS",
    );
    expect(sms.find((message) => message.text.includes("принят"))!.text).toContain(`Самовывоз из офиса: `);
    expect(sms.find((message) => message.text.includes("принят"))!.text).toContain(`${raced.slice(11)}–`);
  });
});

describe("the back office", () => {
  it("shows the day's schedule with the booking, the packing slip states the slot, and the manager moves it", async () => {
    manager = await shop.staff(staff.manager);
    const day = raced.slice(0, 10);
    const schedule = await manager.html(`/admin/pickup?day=${day}`);
    const slot = textByTestId(schedule, `slot-${raced}`)!;
    expect(slot).toContain("свободно 0");
    const number = /№([\d-]+)/.exec(slot)![1]!;
    expect(textByTestId(await manager.html(`/admin/orders/${number}/slip`), "slip-delivery")).toContain(`${raced.slice(11)}–`);

    const target = selectAll(schedule, `[data-testid="booking-${number}"] select[name="slot"] option`)
      .map((option) => attributeOf(option, "value") ?? "")
      .find((value) => value !== "" && value !== raced)!;
    const moved = await manager.postForm("/admin/pickup", { intent: "move", orderId: String(winnerOrder), slot: target, day });
    expect(moved.status).toBe(303);
    expect(textByTestId(await manager.html(moved.headers.get("location")!), "flash")).toContain("Запись перенесена");
    expect(textByTestId(await manager.html(`/admin/pickup?day=${target.slice(0, 10)}`), `slot-${target}`)).toContain(number);
    // The old slot is free again for buyers.
    const { page } = await buyerAtOfficePickup();
    expect(slotOptions(page).find((option) => option.value === raced)!.disabled).toBe(false);
    expect(slotOptions(page).find((option) => option.value === target)!.disabled).toBe(true);
  });

  it("a holiday staff add takes its day off the checkout; removing it brings the day back", async () => {
    const { client, page } = await buyerAtOfficePickup();
    const day = slotOptions(page)[0]!.value.slice(0, 10);
    expect((await manager.postForm("/admin/pickup", { intent: "add-holiday", holiday: day, note: "Праздник" })).status).toBe(303);
    expect(textByTestId(await manager.html("/admin/pickup"), `holiday-${day}`)).toContain("Праздник");
    expect(slotOptions(await client.html("/checkout")).some((option) => option.value.startsWith(day))).toBe(false);
    // A hostile or malformed date is refused in Russian, nothing saved.
    const bad = await manager.postForm("/admin/pickup", { intent: "add-holiday", holiday: "2026-02-30'; drop table orders" });
    expect(textByTestId(await manager.html(bad.headers.get("location")!), "flash")).toContain("ГГГГ-ММ-ДД");
    expect((await manager.postForm("/admin/pickup", { intent: "remove-holiday", holiday: day })).status).toBe(303);
    expect(slotOptions(await client.html("/checkout")).some((option) => option.value.startsWith(day))).toBe(true);
  });

  it("cancelling the order frees its place", async () => {
    const page = await manager.html(`/admin/orders`);
    const number = selectAll(page, "a")
      .map((link) => /^\/admin\/orders\/(\d{4}-\d{6})$/.exec(attributeOf(link, "href") ?? "")?.[1])
      .find(Boolean)!;
    const orderPage = await manager.html(`/admin/orders/${number}`);
    const cancelled = await manager.postForm(`/admin/orders/${number}`, {
      to: "cancelled",
      version: inputValue(orderPage, "version")!,
      reason: "Покупатель передумал",
    });
    expect(cancelled.status).toBe(303);
    const { page: checkout } = await buyerAtOfficePickup();
    expect(slotOptions(checkout).every((option) => !option.disabled)).toBe(true);
  });

  it("an order not collected within the setting's days after its slot is flagged in the schedule and the orders list", async () => {
    const buyer = await buyerAtOfficePickup();
    const slot = slotOptions(buyer.page).find((option) => !option.disabled)!.value;
    expect((await place(buyer, buyer.page, slot)).headers.get("location")).toMatch(/\/payment\/sandbox\//);
    const orderId = await latestOrderId(buyer.client);
    // Its slot moved ten days back with the shop stopped, rather than waited out (PICKUP_UNCOLLECTED_DAYS is 3).
    await shop.restart(async ({ db }) => {
      await db
        .update(pickupBookings)
        .set({ startsAt: new Date(Date.now() - 10 * 86_400_000) })
        .where(eq(pickupBookings.orderId, orderId));
    });
    const staffClient = new ShopClient(shop.url, { jar: manager.jar });
    const flagged = selectAll(await staffClient.html("/admin/pickup"), '[data-testid="uncollected-list"] li');
    expect(flagged.map((item) => textOf(item))).toEqual([expect.stringContaining("не забран в срок")]);
    const number = /№([\d-]+)/.exec(textOf(flagged[0]))![1]!;
    const list = await staffClient.html(`/admin/orders?q=${number}`);
    expect(textByTestId(list, "order-uncollected")).toContain("Не забран в срок");
  });
});

describe("the office's hours, a setting staff change on /admin/pickup (decision 061)", () => {
  let lateBooking = { number: "", slot: "" };
  /** Posts the week's hours: «с» and «до» per weekday, Monday first; an empty pair is a day off. */
  const postHours = (week: Array<[string, string]>) =>
    manager.postForm("/admin/pickup", {
      intent: "hours",
      ...Object.fromEntries(
        week.flatMap(([opens, closes], index) => [
          [`opens-${index + 1}`, opens],
          [`closes-${index + 1}`, closes],
        ]),
      ),
    });
  const closed: [string, string] = ["", ""];
  const flashAfter = async (posted: Awaited<ReturnType<typeof postHours>>) => {
    expect(posted.status).toBe(303);
    return textByTestId(await manager.html(posted.headers.get("location")!), "flash");
  };

  it("refuses hours closing before they open, off the slot's step or not a time, and changes nothing", async () => {
    manager = new ShopClient(shop.url, { jar: manager.jar });
    const weekday: [string, string] = ["10:00", "18:00"];
    expect(await flashAfter(await postHours([["18:00", "10:00"], weekday, weekday, weekday, weekday, closed, closed]))).toBe(
      "Понедельник: офис должен открываться раньше, чем закрывается",
    );
    expect(await flashAfter(await postHours([["10:00", "17:30"], weekday, weekday, weekday, weekday, closed, closed]))).toBe(
      "Понедельник: часы работы — целое число записей по 60 мин",
    );
    expect(await flashAfter(await postHours([["10:00", "25:99"], weekday, weekday, weekday, weekday, closed, closed]))).toContain(
      "Понедельник: укажите время открытия и закрытия ЧЧ:ММ",
    );
    expect(await flashAfter(await postHours([closed, closed, closed, closed, closed, closed, closed]))).toBe("Офис должен работать хотя бы один день");
    expect(textByTestId(await shop.client().html("/contacts"), "contacts-hours")).toContain("Пн–Чт10:00–18:00");
  });

  it("what staff set is what the checkout offers and /contacts and the footer say; a booking outside the new hours stays, flagged", async () => {
    // A booking at 17:00 on a Monday to Thursday, before the hours there end at 17:00.
    const buyer = await buyerAtOfficePickup();
    const late = slotOptions(buyer.page).find((option) => !option.disabled && weekday(option.value) <= 4 && option.value.endsWith("T17:00"))!.value;
    expect((await place(buyer, buyer.page, late)).headers.get("location")).toMatch(/\/payment\/sandbox\//);

    const shorter: [string, string] = ["10:00", "17:00"];
    expect(await flashAfter(await postHours([shorter, shorter, shorter, shorter, ["10:00", "16:00"], ["11:00", "14:00"], closed]))).toBe(
      "Часы работы сохранены: Пн–Чт 10:00–17:00, Пт 10:00–16:00, Сб 11:00–14:00; Вс — выходной.",
    );
    const options = slotOptions((await buyerAtOfficePickup()).page);
    expect(options.some((option) => weekday(option.value) <= 4 && option.value.endsWith("T17:00"))).toBe(false);
    expect(options.filter((option) => weekday(option.value) === 6).map((option) => option.value.slice(11))).toContain("13:00");
    const contacts = await shop.client().html("/contacts");
    expect(textByTestId(contacts, "contacts-hours")).toBe("Пн–Чт10:00–17:00Пт10:00–16:00Сб11:00–14:00Всвыходной");
    expect(textByTestId(contacts, "site-footer")).toContain("Сб: 11:00–14:00");
    expect(textByTestId(await manager.html("/admin/pickup"), "office-hours")).toContain("Сейчас: Пн–Чт 10:00–17:00");
    // The booking made before stays, shown to be moved.
    const schedule = textByTestId(await manager.html(`/admin/pickup?day=${late.slice(0, 10)}`), "schedule")!;
    expect(schedule).toContain("Записи вне часов работы этого дня: перенесите их.");
    lateBooking = { number: /№([\d-]+)/.exec(schedule.slice(schedule.indexOf("Записи вне часов работы")))![1]!, slot: late };
  });

  it("the order's page shows the booked slot (Moscow) flagged outside the hours, and moves it with the schedule's own move", async () => {
    const href = `/admin/orders/${lateBooking.number}`;
    const page = await manager.html(href);
    const shown = textByTestId(page, "order-pickup-slot")!;
    expect(shown).toContain(`17:00–18:00 (МСК)`);
    expect(shown).toContain("вне часов работы: перенесите");
    const targets = selectAll(page, '[data-testid="order-pickup-slot"] select[name="slot"] option')
      .map((option) => attributeOf(option, "value") ?? "")
      .filter(Boolean);
    expect(targets).not.toContain(lateBooking.slot);
    const target = targets[0]!;
    const form = Object.fromEntries(
      selectAll(page, '[data-testid="order-pickup-slot"] input[type="hidden"]').map((input) => [
        attributeOf(input, "name")!,
        attributeOf(input, "value") ?? "",
      ]),
    );
    // A hostile «from» is not followed: the answer goes to the schedule.
    const hostile = await manager.postForm("/admin/pickup", { ...form, from: "https://evil.example/", intent: "move", slot: "2026-13-45T99:00" });
    expect(hostile.headers.get("location")).toMatch(/^\/admin\/pickup\?day=/);
    const moved = await manager.postForm("/admin/pickup", { ...form, intent: "move", slot: target });
    expect([moved.status, moved.headers.get("location")]).toEqual([303, href]);
    const after = await manager.html(href);
    expect(textByTestId(after, "flash")).toContain("Запись перенесена");
    const now = textByTestId(after, "order-pickup-slot")!;
    expect(now).toContain(`${target.slice(11)}–`);
    expect(now).not.toContain("вне часов работы");
    expect(textByTestId(await manager.html(`/admin/pickup?day=${target.slice(0, 10)}`), `slot-${target}`)).toContain(lateBooking.number);
  });
});
