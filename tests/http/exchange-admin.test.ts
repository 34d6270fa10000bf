// «Обмен с 1С» in the back office, with JavaScript off: the owner sets the exchange's login and
// options (audited, the password never shown), reads the log of exchanges; 1C then signs in with
// that login. Other roles are refused the page and do not see it in the menu.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/modules/db/schema.ts";
import { readExchangeSettings } from "#app/modules/exchange/settings.server.ts";
import { newPhone } from "#tests/support/buyer.ts";
import { textByTestId } from "#tests/support/html.ts";
import type { ShopClient } from "#tests/support/http-client.ts";
import type { Shop } from "#tests/support/server.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";
import { addStaffMembers, signedInStaff } from "#tests/support/staff.ts";
import { OneCClient } from "#tests/exchange/one-c-client.ts";

let database: ShopDatabase;
let shop: Shop;
let scratch: string;
const staff = { owner: newPhone(), manager: newPhone() };
const clients: Partial<Record<keyof typeof staff, ShopClient>> = {};
const password = "пароль-из-админки-1с";
const spaces = (text: string | undefined) =>
  (text ?? "")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "shop-exchange-admin-"));
  const smsOutbox = path.join(scratch, "sms.jsonl");
  database = await createShopDatabase();
  await addStaffMembers(
    database,
    (["owner", "manager"] as const).map((role) => ({ phone: staff[role].typed, role, name: `Тест ${role}` })),
  );
  shop = await database.start({ SMS_PROVIDER: "file", SMS_OUTBOX_FILE: smsOutbox });
  for (const role of ["owner", "manager"] as const) clients[role] = await signedInStaff(shop.url, smsOutbox, staff[role]);
}, 120_000);
afterAll(async () => {
  await shop?.stop();
  await database?.remove();
  await rm(scratch, { recursive: true, force: true });
});

describe("/admin/exchange", () => {
  it("is the owner's: in the owner's menu, refused to a manager", async () => {
    expect(await clients.owner!.html("/admin")).toContain('href="/admin/exchange"');
    expect(await clients.manager!.html("/admin")).not.toContain('href="/admin/exchange"');
    expect((await clients.manager!.get("/admin/exchange")).status).toBe(403);
    expect((await clients.manager!.postForm("/admin/exchange", { intent: "credentials", login: "x", password: "y".repeat(20) })).status).toBe(403);
  });

  it("sets the login and the options with plain forms; a bad value is refused in Russian", async () => {
    const owner = clients.owner!;
    const page = await owner.html("/admin/exchange");
    expect(spaces(textByTestId(page, "exchange-address"))).toMatch(/\/1c_exchange$/);
    expect(spaces(textByTestId(page, "exchange-log-empty"))).toContain("Обменов ещё не было.");

    const short = await owner.postForm("/admin/exchange", { intent: "credentials", login: "1c-site", password: "короткий" });
    expect([short.status, short.headers.get("location")]).toEqual([303, "/admin/exchange"]);
    expect(spaces(textByTestId(await owner.html("/admin/exchange"), "flash"))).toContain("Пароль обмена: от 12 до 200 знаков");

    await owner.postForm("/admin/exchange", { intent: "credentials", login: "1c-site", password });
    const saved = await owner.html("/admin/exchange");
    expect(spaces(textByTestId(saved, "flash"))).toContain("Логин и пароль обмена сохранены.");
    expect(saved).not.toContain(password);
    expect(saved).not.toContain("scrypt");

    const tooSmall = await owner.postForm("/admin/exchange", { intent: "options", zip: "no", fileLimitKb: "8", importStepSeconds: "25", encoding: "utf-8" });
    expect(tooSmall.status).toBe(303);
    expect(spaces(textByTestId(await owner.html("/admin/exchange"), "flash"))).toContain("Размер части: не меньше 64 КБ");
    await owner.postForm("/admin/exchange", {
      intent: "options",
      zip: "no",
      fileLimitKb: "512",
      importStepSeconds: "25",
      encoding: "windows-1251",
      warehouseId: "w-moscow",
      priceTypeId: "",
      ownsTexts: "on",
    });
    expect(spaces(textByTestId(await owner.html("/admin/exchange"), "flash"))).toContain("Настройки обмена сохранены.");
  });

  it("1C signs in with that login and reads those options; the log shows the exchange", async () => {
    const onec = new OneCClient(shop.url, "1c-site", password);
    expect((await onec.checkauth("catalog")).lines[0]).toBe("success");
    expect((await onec.init("catalog")).reply.lines).toEqual(["zip=no", "file_limit=524288"]);
    const log = spaces(textByTestId(await clients.owner!.html("/admin/exchange"), "exchange-log-table"));
    expect(log).toContain("1c-site");
    expect(log).toContain("каталог");
    expect(log).toContain("успешно");
  });

  it("audits every change in the owner's name, without the password", async () => {
    await shop.stop();
    await database.use(async ({ db }) => {
      const settings = await readExchangeSettings(db);
      expect(settings).toMatchObject({
        login: "1c-site",
        zip: false,
        fileLimit: 524_288,
        encoding: "windows-1251",
        warehouseId: "w-moscow",
        priceTypeId: null,
        ownsTexts: true,
      });
      const rows = await db.select().from(auditLog).where(eq(auditLog.entity, "exchange:settings")).orderBy(auditLog.id);
      expect(rows.map((row) => [row.action, row.phone])).toEqual([
        ["exchange.credentials", staff.owner.normal],
        ["exchange.options", staff.owner.normal],
      ]);
      expect(JSON.stringify(rows)).not.toContain(password);
      expect(rows[1]!.after).toMatchObject({ zip: false, fileLimit: 524_288, password: "задан" });
    });
  });
});
