// npm run orders as the operator runs it: the list, one order, and status changes, with the
// refusals a wrong step gets; a cancellation puts the coins back on sale.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#app/modules/db/schema.ts";
import { completeSandboxPayment, listPayments, startPayment } from "#app/modules/orders/payments.server.ts";
import { createSandboxProvider, decideSandboxPayment } from "#app/modules/payments/sandbox.server.ts";
import { textContent } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { runCommand } from "#tests/support/commands.ts";
import { placeTestOrder, type TestOrder } from "#tests/support/orders.ts";
import { createShopDatabase, type ShopDatabase } from "#tests/support/shop-database.ts";

const script = "scripts/orders.ts";
const publicUrl = "https://shop.example";
let database: ShopDatabase;
let paid: TestOrder;
let onReceipt: TestOrder;
let unpaid: TestOrder;

const run = (...args: string[]) => runCommand(script, args, database.env);
const sandboxIdOf = (started: unknown) => (started as { url: string }).url.split("/").pop()!;

async function snapshot(orderId: number, productId: number) {
  return database.use(async ({ db }) => {
    const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    const [product] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
    return { status: order!.status, stock: product!.stock };
  });
}

beforeAll(async () => {
  database = await createShopDatabase();
  [paid, onReceipt, unpaid] = await database.use(async ({ db }) => {
    const sandbox = createSandboxProvider(db, { publicUrl });
    const first = await placeTestOrder(db, { lines: [{ productId: 3, quantity: 2 }] });
    const started = await startPayment(db, sandbox, { id: first.orderId }, { publicUrl });
    await completeSandboxPayment(db, (started as { url: string }).url.split("/").pop()!, "pay", publicUrl);
    const second = await placeTestOrder(db, { paymentId: 6 });
    const third = await placeTestOrder(db, { lines: [{ productId: 4, quantity: 3 }] });
    return [first, second, third];
  });
});
afterAll(() => database?.remove());

// Each command is a process that opens the database: on the embedded one that starts PGlite, a
// few seconds each on a busy 2-core machine, and a test here runs up to five of them.
describe("npm run orders", { timeout: 120_000 }, () => {
  it("explains itself when called wrongly", async () => {
    for (const args of [[], ["show"], ["status", "2026-000001"], ["list", "--limit"], ["list", "--color", "red"]]) {
      const result = await run(...args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("npm run orders -- status НОМЕР СТАТУС");
    }
    const bad = await run("list", "--status", "lost");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Неизвестный статус: lost\. Статусы: new \(Новый\), awaiting_payment \(Ожидает оплаты\)/);
  });

  it("lists the newest orders first, by status and with a limit", async () => {
    const all = await run("list");
    expect(all.stderr).toBe("");
    expect(all.code).toBe(0);
    const numbers = all.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("  ")[0]);
    expect(numbers).toEqual([unpaid.number, onReceipt.number, paid.number]);
    expect(all.stdout).toMatch(new RegExp(`^${paid.number}  .+  Оплачен  .+₽  оплата онлайн  Петров Иван \\+7\\d{10}  Москва$`, "m"));

    const onlyNew = await run("list", "--status", "new");
    expect(
      onlyNew.stdout
        .trim()
        .split("\n")
        .map((line) => line.split("  ")[0]),
    ).toEqual([onReceipt.number]);
    expect((await run("list", "--limit", "1")).stdout.trim().split("\n")).toHaveLength(1);
    expect((await run("list", "--status", "shipped")).stdout).toBe("Заказов в статусе «Отправлен» нет.\n");
  });

  it("shows one order with its coins and its payment", async () => {
    const shown = await run("show", paid.number);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Заказ №${paid.number}: Оплачен`);
    expect(shown.stdout).toMatch(/AG-0003 {2}.+ × 2 по /);
    expect(shown.stdout).toMatch(/sandbox {2}\S+ {2}succeeded/);
    const missing = await run("show", "2026-999999");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("Заказ №2026-999999 не найден.\n");
  });

  it("refuses a step the order's status does not allow, and changes nothing", async () => {
    const refused = await run("status", unpaid.number, "shipped");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`Заказ №${unpaid.number} нельзя перевести из статуса «Ожидает оплаты» в «Отправлен». Возможно: «Оплачен», «Отменён».\n`);
    expect((await snapshot(unpaid.orderId, 4)).status).toBe("awaiting_payment");
  });

  it("moves an order on, and a cancellation puts its coins back on sale", async () => {
    const moved = await run("status", paid.number, "assembling");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toBe(`Заказ №${paid.number}: Оплачен → Собирается.\n`);

    const before = await snapshot(unpaid.orderId, 4);
    const cancelled = await run("status", unpaid.number, "cancelled");
    expect(cancelled.stderr).toBe("");
    expect(cancelled.stdout).toBe(`Заказ №${unpaid.number}: Ожидает оплаты → Отменён.\nВозвращено в продажу: AU-0004 × 3.\n`);
    expect(await snapshot(unpaid.orderId, 4)).toEqual({ status: "cancelled", stock: before.stock + 3 });

    const again = await run("status", unpaid.number, "new");
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/окончательный/);
  });
});

describe("npm run orders -- status N cancelled with a payment under way", () => {
  it("cancels the sandbox payment so its page no longer takes money, and refunds one paid meanwhile", { timeout: 300_000 }, async () => {
    const [open, late] = await database.use(async ({ db }) => {
      const sandbox = createSandboxProvider(db, { publicUrl });
      const first = await placeTestOrder(db);
      const firstPayment = sandboxIdOf(await startPayment(db, sandbox, { id: first.orderId }, { publicUrl }));
      const second = await placeTestOrder(db);
      const secondPayment = sandboxIdOf(await startPayment(db, sandbox, { id: second.orderId }, { publicUrl }));
      // The buyer paid on the sandbox page a moment before the operator cancelled; the shop has not applied it yet.
      await decideSandboxPayment(db, secondPayment, "pay");
      return [
        { ...first, paymentId: firstPayment },
        { ...second, paymentId: secondPayment },
      ];
    });

    const cancelled = await run("status", open!.number, "cancelled");
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toContain("Неоплаченный платёж отменён: оплатить заказ больше нельзя (1 шт.).");
    expect((await run("show", open!.number)).stdout).toMatch(/sandbox {2}\S+ {2}canceled {2}.+Заказ отменён — оплатить его нельзя\./);

    const refunded = await run("status", late!.number, "cancelled");
    expect(refunded.code).toBe(0);
    expect(refunded.stdout).toMatch(/Платёж успел пройти, деньги возвращаются покупателю: .+ возврат выполнен {2}.+₽/);
    expect(refunded.stderr).toMatch(/WARN.*money returned to the buyer/i);
    const shown = await run("show", late!.number);
    expect(shown.stdout).toContain(`Заказ №${late!.number}: Отменён`);
    expect(shown.stdout).toMatch(/Возвраты:\n {2}.+ {2}sandbox {2}refund-\S+ {2}возврат выполнен {2}.+₽ {2}заказ отменён, а платёж прошёл позже/);

    // The buyer comes back to the sandbox page of the cancelled order: it says cancelled and takes nothing.
    const shop = await database.start();
    try {
      const client = new ShopClient(shop.url);
      const page = textContent(await client.html(`/payment/sandbox/${open!.paymentId}`));
      expect(page).toContain("Платёж отменён.");
      expect(page).not.toContain("Платёж проведён.");
      expect((await client.postForm(`/payment/sandbox/${open!.paymentId}`, { intent: "pay" })).status).toBe(303);
      expect(textContent(await client.html(`/payment/sandbox/${open!.paymentId}`))).toContain("Платёж отменён.");
    } finally {
      await shop.stop();
    }
    expect(await snapshot(open!.orderId, 1)).toMatchObject({ status: "cancelled" });
    const payments = await database.use(({ db }) => listPayments(db, open!.orderId));
    expect(payments.map((payment) => payment.status)).toEqual(["canceled"]);
  });
});
