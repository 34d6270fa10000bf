// The back office's people and switches, with JavaScript off: customers
// found by a phone typed any way or by surname, with their orders and buy-back requests; the
// shop's page (sales paused with a reason buyers see at once, resumed by a manager, quotes
// refreshed on demand, housekeeping, failed messages); the audit log and its filters; staff
// added, re-roled and removed by the owner, the last owner kept (at the terminal too); low
// stock on the dashboard. Each page's allowed and refused roles.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, notifications, products, quoteReadings, staff as staffTable } from "#app/modules/db/schema.ts";
import { type Buyer, newPhone, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { findByTestId, textByTestId, textContent } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let buyer: Buyer;
let buybackNumber: string;
const clients: Partial<Record<"owner" | "manager" | "content", ShopClient>> = {};

const staff = { owner: newPhone(), manager: newPhone(), content: newPhone() };
/** Added, re-roled and removed in the browser. */
const newcomer = newPhone();
const surname = "Самоцветова";
const lowCoin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");
const spaces = (text: string | undefined) =>
  (text ?? "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
/** "+79261234567" as a buyer dictates it: "8 926 123-45-67". */
const eightFormat = (normal: string) => `8 ${normal.slice(2, 5)} ${normal.slice(5, 8)}-${normal.slice(8, 10)}-${normal.slice(10)}`;

const client = (role: keyof typeof clients) => clients[role]!;
async function post(role: keyof typeof clients, page: string, fields: Record<string, string>, expectedLocation = page): Promise<string> {
  const posted = await client(role).postForm(page, fields);
  expect([posted.status, posted.headers.get("location")]).toEqual([303, expectedLocation]);
  return spaces(textByTestId(await client(role).html(expectedLocation), "flash"));
}
const found = async (role: keyof typeof clients, page: string, testId: string) => spaces(textByTestId(await client(role).html(page), `${testId}-found`));

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-admin-people-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(
    database,
    (["owner", "manager", "content"] as const).map((role) => ({ phone: staff[role].typed, role, name: `Тест ${role}` })),
  );
  // Housekeeping run by the operator before the start: its last run is what /admin/shop shows.
  expect((await runCommand("scripts/shop.ts", ["prune"], database.env)).code).toBe(0);
  await database.use(async ({ db }) => {
    // A coin with its own low-stock threshold, and a message the sender gave up on.
    await db.update(products).set({ lowStockThreshold: 100_000 }).where(eq(products.id, lowCoin));
    await db.insert(notifications).values({
      key: "test:failed-1",
      event: "order_paid",
      audience: "staff",
      channel: "email",
      recipient: "boss@example.ru",
      text: "Заказ оплачен",
      status: "failed",
      attempts: 8,
      lastError: "550 mailbox unavailable",
    });
    // Actions other parts of the back office write, in the owner's name: the log names them in Russian.
    const [owner] = await db.select({ id: staffTable.id }).from(staffTable).where(eq(staffTable.phone, staff.owner.normal));
    await db.insert(auditLog).values({
      staffId: owner!.id,
      phone: staff.owner.normal,
      role: "owner",
      action: "identification.read",
      entity: "customer:1",
      before: null,
      after: { fields: ["passport"] },
      ip: "10.0.0.9",
    });
    await db.insert(auditLog).values({
      staffId: owner!.id,
      phone: staff.owner.normal,
      role: "owner",
      action: "order.status",
      entity: "order:2026-000042",
      before: { status: "assembling" },
      after: { status: "shipped", trackingNumber: "CDEK-42" },
      ip: "10.0.0.9",
    });
  });
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox, LOW_STOCK_THRESHOLD: "0" });
  buyer = await signedInBuyer(shop.url, smsOutbox, { fullName: `${surname} Анна Сергеевна` });
  await placeOrderByForms(buyer, lowCoin);
  const sent = await buyer.client.postForm("/coin-buyback", {
    name: `Анна ${surname}`,
    phone: buyer.phone.typed,
    items: "Соболь, 2 шт.",
    comment: "",
    consent: "on",
  });
  expect(sent.status).toBe(303);
  buybackNumber = /В-\d{6}/.exec(textByTestId(await buyer.client.html("/coin-buyback"), "flash") ?? "")![0];
  for (const role of ["owner", "manager", "content"] as const) clients[role] = await signedInStaff(shop.url, smsOutbox, staff[role]);
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

describe("who may open what", () => {
  it("each page answers 200 to the roles it is for and a Russian 403 to the others", async () => {
    const pages: Array<[string, Array<keyof typeof clients>, Array<keyof typeof clients>]> = [
      ["/admin/customers", ["owner", "manager"], ["content"]],
      ["/admin/shop", ["owner"], ["manager", "content"]],
      ["/admin/shop/sales", ["owner", "manager"], ["content"]],
      ["/admin/audit", ["owner"], ["manager", "content"]],
      ["/admin/staff", ["owner"], ["manager", "content"]],
    ];
    for (const [page, allowed, refused] of pages) {
      for (const role of allowed) expect([page, role, (await client(role).get(page)).status]).toEqual([page, role, 200]);
      for (const role of refused) {
        const response = await client(role).get(page);
        expect([page, role, response.status, textByTestId(response.text, "admin-error")]).toEqual([page, role, 403, "Нет доступа"]);
      }
    }
  });

  it("the menu offers each role its pages: the manager gets the sales switch, not the shop's page", async () => {
    const menu = async (role: keyof typeof clients) =>
      [...(await client(role).html("/admin")).matchAll(/<a[^>]*href="(\/admin[^"]*)"[^>]*>([^<]+)<\/a>/g)].map((match) => `${match[2]} ${match[1]}`);
    expect(await menu("owner")).toEqual(
      expect.arrayContaining(["Покупатели /admin/customers", "Магазин /admin/shop", "Журнал /admin/audit", "Сотрудники /admin/staff"]),
    );
    const manager = await menu("manager");
    expect(manager).toEqual(expect.arrayContaining(["Покупатели /admin/customers", "Магазин /admin/shop/sales"]));
    expect(manager.join()).not.toMatch(/Журнал|Сотрудники|\/admin\/shop"/);
  });
});

describe("customers", () => {
  it("are found by a phone typed as 8 926 …, by the start of the number, and by surname", async () => {
    for (const q of [eightFormat(buyer.phone.normal), buyer.phone.normal, eightFormat(buyer.phone.normal).slice(0, 9), surname, surname.toLowerCase()]) {
      const page = await client("manager").html(`/admin/customers?q=${encodeURIComponent(q)}`);
      expect([q, spaces(textByTestId(page, "customers-found"))]).toEqual([q, "Найдено: 1"]);
      expect(spaces(textByTestId(page, "customers-table"))).toContain(`${surname} Анна`);
    }
    expect(await found("manager", `/admin/customers?q=${encodeURIComponent("Несуществующая")}`, "customers")).toBe("Найдено: 0");
    const tooLong = await client("manager").get(`/admin/customers?q=${"я".repeat(101)}`);
    expect(tooLong.status).toBe(200);
    expect(textContent(tooLong.text)).toContain("Не больше 100 символов");
  });

  it("a customer's page shows the profile, the order and the buy-back request", async () => {
    const list = await client("manager").html(`/admin/customers?q=${encodeURIComponent(surname)}`);
    const href = /href="(\/admin\/customers\/\d+)"/.exec(list)![1]!;
    const page = await client("manager").html(href);
    const profile = spaces(textByTestId(page, "customer-profile"));
    expect(profile).toContain(buyer.email);
    expect(profile).toMatch(new RegExp(`Фамилия\\s*${surname}\\s*Имя\\s*Анна`));
    expect(spaces(textByTestId(page, "customer-orders"))).toMatch(/Заказы \(1\).*№\d{4}-\d+.*Ожидает оплаты/);
    expect(spaces(textByTestId(page, "customer-buyback"))).toContain(buybackNumber);
    expect((await client("manager").get("/admin/customers/999999")).status).toBe(404);
    expect((await client("manager").get("/admin/customers/abc")).status).toBe(404);
  });
});

describe("low stock on the dashboard", () => {
  it("lists the coins at or under their threshold: the coin's own, else LOW_STOCK_THRESHOLD", async () => {
    const section = spaces(textByTestId(await client("manager").html("/admin"), "low-stock"));
    expect(section).toMatch(/^Заканчиваются \(\d+\)/);
    expect(section).toContain("100000 шт.");
    // The seeded coins that are sold out (at the setting's 0) are there; one with pieces left and no threshold of its own is not.
    expect(section).toContain("нет");
    // Content staff, who keep the catalogue, see it too.
    expect(spaces(textByTestId(await client("content").html("/admin"), "low-stock"))).toBe(section);
  });
});

describe("pausing sales", () => {
  const reason = "Инвентаризация до 15:00";

  it("a pause without a reason is refused in Russian and changes nothing", async () => {
    expect(await post("owner", "/admin/shop/sales", { intent: "pause", reason: " ", from: "/admin/shop" }, "/admin/shop")).toBe(
      "Напишите, почему продажи приостановлены: это увидят покупатели",
    );
    expect(findByTestId(await buyer.client.html("/"), "sales-paused")).toEqual([]);
  });

  it("the owner's pause shows its reason on the storefront at once; the manager's resume takes it away", async () => {
    expect(await post("owner", "/admin/shop/sales", { intent: "pause", reason, from: "/admin/shop" }, "/admin/shop")).toBe(
      `Продажи приостановлены. Покупатели видят: «${reason}».`,
    );
    expect(spaces(textByTestId(await client("owner").html("/admin/shop"), "sales-state"))).toMatch(/^Приостановлены/);
    for (const page of ["/", "/catalog", "/cart"]) {
      expect([page, spaces(textByTestId(await buyer.client.html(page), "sales-paused"))]).toEqual([
        page,
        `Приём заказов временно приостановлен: ${reason}. Каталог и корзина работают.`,
      ]);
    }
    expect(JSON.parse((await buyer.client.get("/api/work")).text)).toEqual({ work: false });
    expect(spaces(textByTestId(await client("manager").html("/admin"), "sales-status"))).toContain(reason);

    expect(await post("manager", "/admin/shop/sales", { intent: "resume" })).toBe("Продажи возобновлены.");
    expect(findByTestId(await buyer.client.html("/"), "sales-paused")).toEqual([]);
    expect(JSON.parse((await buyer.client.get("/api/work")).text)).toEqual({ work: true });
  });

  it("content staff may not pause, and a post from another site is refused", async () => {
    expect((await client("content").postForm("/admin/shop/sales", { intent: "pause", reason })).status).toBe(403);
    expect((await client("manager").postForm("/admin/shop/sales", { intent: "pause", reason }, { headers: { Origin: "https://evil.example" } })).status).toBe(
      403,
    );
    expect((await client("manager").postForm("/admin/shop", { intent: "refresh-quotes" })).status).toBe(403);
    expect(findByTestId(await buyer.client.html("/"), "sales-paused")).toEqual([]);
  });
});

let refreshedAfter: Date;

describe("the shop's page", () => {
  it("shows the quotes' source and age, the last housekeeping and the failed messages", async () => {
    const page = await client("owner").html("/admin/shop");
    const quotes = spaces(textByTestId(page, "quotes"));
    expect(quotes).toContain("QUOTES_PROVIDER=embedded");
    expect(spaces(textByTestId(page, "quotes-time"))).toMatch(/\d{2}:\d{2}, \d+ мин назад$/);
    expect(spaces(textByTestId(page, "housekeeping"))).toMatch(/Последний раз: .*истёкших сессий: \d+/);
    expect(spaces(textByTestId(page, "outbox-counts"))).toContain("не отправлены: 1");
    expect(spaces(textByTestId(page, "outbox-failed"))).toContain("550 mailbox unavailable");
  });

  it("'Обновить котировки' fetches them now", async () => {
    refreshedAfter = new Date();
    expect(await post("owner", "/admin/shop", { intent: "refresh-quotes" })).toMatch(/^Котировки обновлены/);
    expect(spaces(textByTestId(await client("owner").html("/admin/shop"), "quotes-time"))).toMatch(/, 0 мин назад$/);
    expect(await post("owner", "/admin/shop", { intent: "drop-tables" })).toBe("Неизвестное действие");
  });
});

describe("staff in the browser", () => {
  it("the owner adds a member by a phone typed any way, changes the role, and removes them", async () => {
    expect(await post("owner", "/admin/staff", { intent: "add", phone: eightFormat(newcomer.normal), role: "content", name: "Новенькая" })).toBe(
      `Сотрудник ${spaces(newcomer.typed)} (контент-редактор) добавлен.`,
    );
    expect(spaces(textByTestId(await client("owner").html("/admin/staff"), "staff-table"))).toContain("Новенькая");
    expect(await post("owner", "/admin/staff", { intent: "role", phone: newcomer.normal, role: "manager" })).toBe(
      `Сотрудник ${spaces(newcomer.typed)} (менеджер) обновлён.`,
    );
    expect(await post("owner", "/admin/staff", { intent: "remove", phone: newcomer.normal })).toBe(`Сотрудник ${spaces(newcomer.typed)} (менеджер) удалён.`);
    expect(spaces(textByTestId(await client("owner").html("/admin/staff"), "staff-table"))).not.toContain("Новенькая");
  });

  it("bad input is named in Russian", async () => {
    expect(await post("owner", "/admin/staff", { intent: "add", phone: "12345", role: "content" })).toBe(
      "Нужен российский мобильный номер, например +7 999 123-45-67",
    );
    expect(await post("owner", "/admin/staff", { intent: "add", phone: newcomer.typed, role: "admin" })).toBe("Выберите роль");
    expect(await post("owner", "/admin/staff", { intent: "remove", phone: newcomer.typed })).toBe(`Сотрудник с телефоном ${spaces(newcomer.typed)} не найден.`);
  });

  it("the last owner can be neither demoted nor removed", async () => {
    const lastOwner = "Нельзя удалить или понизить последнего владельца: добавьте другого владельца сначала.";
    expect(await post("owner", "/admin/staff", { intent: "role", phone: staff.owner.normal, role: "manager" })).toBe(lastOwner);
    expect(await post("owner", "/admin/staff", { intent: "remove", phone: staff.owner.normal })).toBe(lastOwner);
    expect((await client("owner").get("/admin/staff")).status).toBe(200);
  });

  it("a manager may not post to the staff page", async () => {
    expect((await client("manager").postForm("/admin/staff", { intent: "add", phone: newcomer.typed, role: "owner" })).status).toBe(403);
    expect(spaces(textByTestId(await client("owner").html("/admin/staff"), "staff-table"))).not.toContain(spaces(newcomer.typed));
  });
});

describe("the audit log", () => {
  it("lists every action, newest first, with who, role, before and after, and the address", async () => {
    const html = await client("owner").html("/admin/audit");
    const table = spaces(textByTestId(html, "audit-table"));
    expect(table).toMatch(/Сотрудник удалён.*Сотрудник изменён.*Сотрудник добавлен/);
    expect(table).toMatch(/Сотрудник изменён\s*Сотрудник \+7 \(\d{3}\) \d{3}-\d{2}-\d{2}\s*Имя: Новенькая\s*Роль: контент-редактор.*Роль: менеджер/);
    expect(table).toContain("Просмотр анкеты покупателя");
    expect(table).toMatch(/Статус заказа\s*Заказ 2026-000042\s*Статус: Собирается\s*Статус: Отправлен\s*Трек-номер: CDEK-42/);
    expect(table).toMatch(/Продажи возобновлены.*Продажи приостановлены/);
    expect(table).toContain(`Комментарий: Инвентаризация до 15:00`);
    // The members by name; their phones only as the object of a staff change.
    expect(table).toMatch(/Тест owner\s*владелец/);
    const who = [...html.matchAll(/<td data-label="Кто"[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => spaces(textContent(cell[1]!)));
    expect(who).toContain("Тест ownerвладелец");
    expect(who.filter((cell) => /\+7|\d{3}-\d{2}-\d{2}/.test(cell))).toEqual([]);
    expect(table).not.toMatch(/[a-z]+\.[a-z-]+\s/);
    expect(table).toMatch(/Оператор \(npm run …\)\s*терминал/);
    expect(table).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
  });

  it("filters by member, action kind, object and days", async () => {
    const audit = (query: string) => found("owner", `/admin/audit?${query}`, "audit");
    expect(await audit(`action=staff.remove`)).toBe("Найдено: 1");
    expect(await audit(`action=identification.read`)).toBe("Найдено: 1");
    // The filter names the kinds in Russian too.
    expect(await client("owner").html("/admin/audit")).toMatch(/<option value="identification.read">Просмотр анкеты покупателя<\/option>/);
    expect(await audit(`who=${encodeURIComponent(staff.manager.normal)}`)).toBe("Найдено: 1");
    expect(spaces(textByTestId(await client("owner").html(`/admin/audit?who=${encodeURIComponent(staff.manager.normal)}`), "audit-table"))).toContain(
      "Продажи возобновлены",
    );
    expect(await audit(`object=${encodeURIComponent(newcomer.normal.slice(2))}`)).toBe("Найдено: 3");
    expect(await audit(`object=${encodeURIComponent(newcomer.normal.slice(2))}&who=cli`)).toBe("Найдено: 0");
    // The three staff the operator added before the start are the terminal's.
    expect(await audit(`who=cli&action=staff.add`)).toBe("Найдено: 3");
    expect(await audit(`from=2020-01-01&to=2020-12-31`)).toBe("Найдено: 0");
    const bad = await client("owner").get(`/admin/audit?from=2026-02-30&who=${encodeURIComponent("drop table")}`);
    expect(bad.status).toBe(200);
    expect(textContent(bad.text)).toContain("Неизвестный сотрудник");
  });
});

describe("what the database holds", () => {
  it("an audit row for each change, in the member's name, and the refreshed quotes; the terminal keeps the last owner too", async () => {
    await shop.stop();
    const { rows, fetched } = await database.use(async ({ db }) => ({
      rows: await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.role, "owner")))
        .orderBy(asc(auditLog.id)),
      fetched: (await db.select({ at: max(quoteReadings.fetchedAt) }).from(quoteReadings))[0]?.at,
    }));
    // Less the rows the suite wrote itself before the start.
    const owners = rows.filter((row) => row.ip !== "10.0.0.9");
    expect(owners.map((row) => [row.action, row.entity])).toEqual([
      ["sales.pause", "shop:sales"],
      ["quotes.refresh", "quotes:embedded"],
      ["staff.add", `staff:${newcomer.normal}`],
      ["staff.update", `staff:${newcomer.normal}`],
      ["staff.remove", `staff:${newcomer.normal}`],
    ]);
    expect(owners.every((row) => row.phone === staff.owner.normal && row.staffId !== null && row.ip)).toBe(true);
    expect(owners[0]!.after).toMatchObject({ paused: true, note: "Инвентаризация до 15:00" });
    // The readings 'Обновить котировки' stored, stamped with the moment it was asked for.
    expect(fetched!.getTime()).toBeGreaterThanOrEqual(refreshedAfter.getTime());

    const removed = await runCommand("scripts/staff.ts", ["remove", staff.owner.typed], database.env);
    expect([removed.code, removed.stderr.trim()]).toEqual([1, "Нельзя удалить или понизить последнего владельца: добавьте другого владельца сначала."]);
    const owner = await database.use(({ db }) => db.select().from(staffTable).where(eq(staffTable.role, "owner")));
    expect(owner.map((member) => member.phone)).toEqual([staff.owner.normal]);
  });
});
