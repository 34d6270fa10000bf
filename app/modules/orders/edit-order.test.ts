import { describe, expect, it } from "vitest";
import type { orderLines, orders } from "../db/schema.ts";
import { formatMoney } from "../shared/format.ts";
import { changesSince, editMessages, editRefusal } from "./edit-order.server.ts";

describe("which orders may be changed", () => {
  it("an online order until it is paid, one paid on receipt until it is assembled", () => {
    expect(editRefusal({ status: "awaiting_payment", paymentId: 4 })).toBeNull();
    expect(editRefusal({ status: "new", paymentId: 6 })).toBeNull();
    expect(editRefusal({ status: "paid", paymentId: 4 })).toBe(editMessages.paid);
    expect(editRefusal({ status: "assembling", paymentId: 4 })).toBe(editMessages.paid);
    expect(editRefusal({ status: "assembling", paymentId: 6 })).toBe(editMessages.assembling);
    expect(editRefusal({ status: "on_review", paymentId: 4 })).toBe(editMessages.onReview);
    expect(editRefusal({ status: "cancelled", paymentId: 4 })).toBe(editMessages.closed);
  });
});

describe("what a colleague changed", () => {
  const line = (productId: number, name: string, quantity: number) => ({ productId, name, quantity }) as typeof orderLines.$inferSelect;
  const order = (total: number, status = "awaiting_payment") => ({ total, status }) as typeof orders.$inferSelect;

  it("is told line by line, with the total", () => {
    expect(
      changesSince(
        {
          lines: [
            [1, 2],
            [2, 1],
          ],
          total: 30_000,
          status: "awaiting_payment",
        },
        { lines: [line(1, "Соболь", 3), line(3, "Рысь", 1)], order: order(41_000) },
      ),
    ).toEqual([
      "«Соболь»: было 2 шт., стало 3 шт.",
      "«монета №2» убрана из заказа",
      "добавлена «Рысь» × 1",
      `итого было ${formatMoney(30_000)}, стало ${formatMoney(41_000)}`,
    ]);
  });

  it("names the delivery or recipient when the coins and total are the same", () => {
    expect(changesSince({ lines: [[1, 2]], total: 100, status: "new" }, { lines: [line(1, "Соболь", 2)], order: order(100, "new") })).toEqual([
      "изменены доставка или получатель",
    ]);
  });
});
