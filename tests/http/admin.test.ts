// The back office as staff use it with JavaScript off: staff added with the command
// before the shop starts, sign-in by the SMS code from the file outbox at /admin/login, what
// each role may open (a Russian 403 page otherwise), an order moved along its statuses with an
// audit row per step, a buyer's session and a non-staff phone kept out, and 'Выйти'.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders } from "#app/modules/db/schema.ts";
import { type Buyer, newPhone, placeOrderByForms, productIdOf, signedInBuyer } from "#tests/support/buyer.ts";
import { runCommand } from "#tests/support/commands.ts";
import { findByTestId, inputValue, robotsMeta, textByTestId, textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { readSmsMessages, waitForSmsCode } from "#tests/support/sms-outbox.ts";
import { signedInStaff as signInAtAdmin } from "#tests/support/staff.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
let smsOutbox: string;
let buyer: Buyer;
let orderNumber: string;

const staff = {
  owner: newPhone(),
  manager: newPhone(),
  content: newPhone(),
  compliance: newPhone(),
};
/** A manager who also buys at the storefront with the same phone. */
const shoppingManager = newPhone();
const coin = productIdOf("300-letie-poltavskoy-bitvy-3-rublya-2009");

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-admin-"));
  smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  // The first owner (and the others) are added at the terminal, before the shop runs.
  for (const [role, phone] of Object.entries(staff)) {
    const added = await runCommand("scripts/staff.ts", ["add", phone.typed, role, `Тест ${role}`], database.env);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("добавлен");
  }
  expect((await runCommand("scripts/staff.ts", ["add", shoppingManager.typed, "manager"], database.env)).code).toBe(0);
  const listed = await runCommand("scripts/staff.ts", ["list"], database.env);
  expect(listed.stdout.trim().split("\n")).toHaveLength(5);
  expect(listed.stdout).toContain("owner  владелец  Тест owner");
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox });
  buyer = await signedInBuyer(shop.url, smsOutbox);
  await placeOrderByForms(buyer, coin);
  // Five operator commands, each opening the database on its own, take long on a busy machine.
}, 300_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

/** A member of staff signed in at /admin/login as plain forms; lands on the dashboard. */
function signedInStaff(phone: { typed: string; normal: string }): Promise<ShopClient> {
  return signInAtAdmin(shop.url, smsOutbox, phone, (verified) => {
    expect(verified.headers.getSetCookie().find((cookie) => cookie.startsWith("staff_session="))).toMatch(
      /Max-Age=43200; Path=\/admin; HttpOnly; Secure; SameSite=Lax/,
    );
  });
}

const roles: Record<string, ShopClient> = {};

/** What the page shows (the <main> element's text), without the data the page carries for scripts. */
const mainText = (html: string) => textContent(/<main\b[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? "");

describe("signing in", () => {
  it("without a staff session every /admin page leads to the sign-in, which is never stored or indexed", async () => {
    const client = new ShopClient(shop.url);
    for (const page of ["/admin", "/admin/orders", "/admin/staff"]) {
      const response = await client.get(page);
      expect([page, response.status, response.headers.get("location")]).toEqual([page, 303, "/admin/login"]);
    }
    const login = await client.get("/admin/login");
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
    expect(login.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(robotsMeta(login.text)).toContain("noindex");
    expect(textContent(login.text)).toContain("Вход для сотрудников");
  });

  it("each member of staff signs in by the code sent to their phone", async () => {
    for (const role of ["owner", "manager", "content"] as const) {
      roles[role] = await signedInStaff(staff[role]);
      const dashboard = await roles[role].get("/admin");
      expect(dashboard.status).toBe(200);
      expect(dashboard.headers.get("cache-control")).toBe("no-store");
      expect(textByTestId(dashboard.text, "staff-who")).toContain(`Тест ${role}`);
      expect(textByTestId(dashboard.text, "flash")).toBe("Вы вошли в панель управления");
    }
  });

  it("a phone not on the staff list gets the same pages, and no code", async () => {
    const stranger = newPhone();
    const client = new ShopClient(shop.url);
    const sent = await client.postForm("/admin/login", { intent: "send", phone: stranger.typed });
    expect([sent.status, sent.headers.get("location")]).toEqual([303, "/admin/login"]);
    const strangerPage = mainText(await client.html("/admin/login")).replace(/\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}/, "PHONE");
    expect((await readSmsMessages(smsOutbox)).filter((message) => message.to === stranger.normal)).toEqual([]);

    // A staff phone's code step reads the same, phone aside.
    const colleague = new ShopClient(shop.url);
    await colleague.postForm("/admin/login", { intent: "send", phone: staff.compliance.typed });
    await waitForSmsCode(smsOutbox, staff.compliance.normal);
    const staffPage = mainText(await colleague.html("/admin/login")).replace(/\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}/, "PHONE");
    expect(strangerPage).toBe(staffPage);

    // Any code is 'wrong' for the stranger, exactly as a wrong code is for staff.
    const strangerTry = await client.postForm("/admin/login", { intent: "verify", code: "1234" });
    const staffCode = await waitForSmsCode(smsOutbox, staff.compliance.normal);
    const staffTry = await colleague.postForm("/admin/login", { intent: "verify", code: staffCode === "1234" ? "4321" : "1234" });
    expect([strangerTry.status, textByTestId(strangerTry.text, "code-error")]).toEqual([400, "Неверный смс код"]);
    expect([staffTry.status, textByTestId(staffTry.text, "code-error")]).toEqual([400, "Неверный смс код"]);
    expect((await client.get("/admin")).status).toBe(303);
  });

  it("a buyer's session, even on a staff member's phone, does not open /admin", async () => {
    const client = new ShopClient(shop.url);
    const since = new Date();
    expect((await client.postForm("/login", { intent: "send", phone: shoppingManager.typed, redirectTo: "/" })).status).toBe(303);
    const code = await waitForSmsCode(smsOutbox, shoppingManager.normal, { after: since });
    expect((await client.postForm("/login", { intent: "verify", code, redirectTo: "/" })).status).toBe(303);
    expect(await client.cookie("session")).toBeDefined();
    const response = await client.get("/admin");
    expect([response.status, response.headers.get("location")]).toEqual([303, "/admin/login"]);
    expect([(await buyer.client.get("/admin/orders")).status]).toEqual([303]);
  });
});

describe("what each role may open", () => {
  const forbidden = (html: string) => textByTestId(html, "admin-error");

  it("the owner opens every page", async () => {
    for (const page of ["/admin", "/admin/orders", "/admin/staff"]) expect([page, (await roles.owner!.get(page)).status]).toEqual([page, 200]);
    const staffPage = await roles.owner!.html("/admin/staff");
    expect(textByTestId(staffPage, "staff-table")).toContain("контент-редактор");
  });

  it("a manager runs the orders but is refused the staff list with a Russian 403 page", async () => {
    const dashboard = await roles.manager!.html("/admin");
    expect(textByTestId(dashboard, "orders-today")).toMatch(/^Заказы сегодня\s*[\d\s\u00a0]+₽\s*заказов: 1$/);
    expect((await roles.manager!.get("/admin/orders")).status).toBe(200);
    const refused = await roles.manager!.get("/admin/staff");
    expect(refused.status).toBe(403);
    expect(forbidden(refused.text)).toBe("Нет доступа");
    expect(textContent(refused.text)).toContain("Этот раздел недоступен для вашей роли");
    expect(refused.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    // In the back office's frame, not the storefront's.
    expect(refused.text).toContain("Аурум · управление");
    expect(refused.text).not.toContain('data-testid="phones-panel"');
    // Styled by its own rules in the page's <head> (no style attributes), which the storefront's pages never carry.
    const head = refused.text.slice(0, refused.text.indexOf("</head>"));
    expect(head).toMatch(/<style[^>]*>[^<]*\.admin-error-header\{/);
    expect(refused.text).not.toMatch(/\sstyle="/);
    expect(await buyer.client.html("/")).not.toContain("admin-error");
  });

  it("the storefront's pages load neither the back office's styles nor its frame (only the root's small error view)", async () => {
    const home = await buyer.client.html("/");
    expect(home).not.toMatch(/\/assets\/(admin|AdminFrame)[\w.-]*/);
    expect(home).not.toContain("Аурум · управление");
  });

  it("content staff see the shop's state but no orders, and may not open or change one", async () => {
    const dashboard = await roles.content!.html("/admin");
    expect(findByTestId(dashboard, "sales-status")).toHaveLength(1);
    expect(findByTestId(dashboard, "orders-today")).toEqual([]);
    expect(mainText(dashboard)).not.toContain("Заказы");
    expect(mainText(dashboard)).not.toContain("Ждут оплаты");
    for (const page of ["/admin/orders", "/admin/staff"]) {
      const refused = await roles.content!.get(page);
      expect([page, refused.status, forbidden(refused.text)]).toEqual([page, 403, "Нет доступа"]);
    }
  });
});

describe("an order moved along its statuses", () => {
  it("the manager finds the buyer's order by phone, and opens it", async () => {
    const list = await roles.manager!.html(`/admin/orders?q=${encodeURIComponent(buyer.phone.typed)}`);
    expect(textByTestId(list, "orders-found")).toBe("Найдено: 1");
    orderNumber = /\/admin\/orders\/([\d-]+)"/.exec(list)![1]!;
    // The filters narrow it; a bad one is named in Russian.
    expect(textByTestId(await roles.manager!.html(`/admin/orders?status=paid&q=${encodeURIComponent(buyer.phone.normal)}`), "orders-found")).toBe("Найдено: 0");
    expect(textByTestId(await roles.manager!.html(`/admin/orders?status=awaiting_payment&q=${orderNumber}`), "orders-found")).toBe("Найдено: 1");
    const badDate = await roles.manager!.get("/admin/orders?from=2026-13-45");
    expect(badDate.status).toBe(200);
    expect(textContent(badDate.text)).toContain("Нет такой даты");
    const page = await roles.manager!.html(`/admin/orders/${orderNumber}`);
    expect(textByTestId(page, "order-status")).toBe("Ожидает оплаты");
    expect(textByTestId(page, "next-statuses")).toMatch(/В статус «Оплачен».*Отменить заказ/);
  });

  it("content staff cannot post a step", async () => {
    const refused = await roles.content!.postForm(`/admin/orders/${orderNumber}`, { to: "paid" });
    expect(refused.status).toBe(403);
    expect(textByTestId(await roles.manager!.html(`/admin/orders/${orderNumber}`), "order-status")).toBe("Ожидает оплаты");
  });

  it("a post from another site is refused", async () => {
    const refused = await roles.manager!.postForm(`/admin/orders/${orderNumber}`, { to: "paid" }, { headers: { Origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    expect(textByTestId(await roles.manager!.html(`/admin/orders/${orderNumber}`), "order-status")).toBe("Ожидает оплаты");
  });

  it("each allowed step is a button; a refused one says why; shipping needs a tracking number", async () => {
    const step = async (fields: Record<string, string>) => {
      // Each step from the page as it is now (the order's version is in every form).
      const version = inputValue(await roles.manager!.html(`/admin/orders/${orderNumber}`), "version")!;
      const posted = await roles.manager!.postForm(`/admin/orders/${orderNumber}`, { ...fields, version });
      expect([posted.status, posted.headers.get("location")]).toEqual([303, `/admin/orders/${orderNumber}`]);
      return roles.manager!.html(`/admin/orders/${orderNumber}`);
    };
    let page = await step({ to: "paid" });
    expect(textByTestId(page, "flash")).toBe(`Заказ №${orderNumber}: Ожидает оплаты → Оплачен.`);
    page = await step({ to: "completed" });
    expect(textByTestId(page, "flash")).toContain("нельзя перевести из статуса «Оплачен» в «Выполнен»");
    expect(textByTestId(page, "order-status")).toBe("Оплачен");
    page = await step({ to: "assembling" });
    page = await step({ to: "shipped", trackingNumber: "bad number!" });
    expect(textByTestId(page, "flash")).toBe("Трек-номер: от 4 до 40 латинских букв, цифр и дефисов.");
    page = await step({ to: "shipped", trackingNumber: "rb123456789ru" });
    expect(textByTestId(page, "order-status")).toBe("Отправлен");
    expect(textByTestId(page, "tracking-number")).toBe("RB123456789RU");
    page = await step({ to: "completed" });
    expect(textByTestId(page, "order-status")).toBe("Выполнен");
    expect(textByTestId(page, "next-statuses")).toContain("Статус окончательный");
    const audit = textByTestId(page, "order-audit") ?? "";
    expect(audit.match(/менеджер/g)).toHaveLength(4);
    expect(textByTestId(page, "order-history")).toMatch(/Ожидает оплаты.*Оплачен.*Собирается.*Отправлен.*Выполнен/);
  });
});

describe("signing out", () => {
  it("'Выйти' ends the session on the server: the old cookie no longer opens /admin", async () => {
    const client = roles.owner!;
    const [token] = (await client.jar.getCookies(`${shop.url}/admin`)).filter((cookie) => cookie.key === "staff_session").map((cookie) => cookie.value);
    expect(token).toBeDefined();
    const out = await client.postForm("/admin/logout", {});
    expect([out.status, out.headers.get("location")]).toEqual([303, "/admin/login"]);
    expect(out.headers.getSetCookie().some((cookie) => cookie.startsWith("staff_session=;") && cookie.includes("Max-Age=0"))).toBe(true);
    expect((await client.get("/admin")).status).toBe(303);
    const replay = new ShopClient(shop.url);
    await replay.jar.setCookie(`staff_session=${token}; Path=/admin`, `${shop.url}/admin`);
    expect((await replay.get("/admin")).status).toBe(303);
    // The others' sessions go on.
    expect((await roles.manager!.get("/admin")).status).toBe(200);
  });
});

describe("the audit log", () => {
  it("holds one row per step, written as the manager, from their address, with the values before and after", async () => {
    await shop.stop();
    const rows = await database.use(async ({ db }) => {
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.number, orderNumber));
      expect(order!.status).toBe("completed");
      return db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, `order:${orderNumber}`))
        .orderBy(asc(auditLog.id));
    });
    expect(rows.map((row) => [row.phone, row.role, row.action, row.before, row.after])).toEqual([
      [staff.manager.normal, "manager", "order.status", { status: "awaiting_payment" }, { status: "paid" }],
      [staff.manager.normal, "manager", "order.status", { status: "paid" }, { status: "assembling" }],
      [staff.manager.normal, "manager", "order.status", { status: "assembling" }, { status: "shipped", trackingNumber: "RB123456789RU" }],
      [staff.manager.normal, "manager", "order.status", { status: "shipped" }, { status: "completed" }],
    ]);
    expect(rows.every((row) => row.staffId !== null && row.ip !== null && row.ip !== "")).toBe(true);
  });
});
