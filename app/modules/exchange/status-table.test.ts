import { describe, expect, it } from "vitest";
import { checkStatusRows, DEFAULT_STATUS_ROWS, statusFromOneC } from "./status-table.ts";

describe("a status named by 1C", () => {
  it("is the shop's status of that label, with or without ё and in any case; «Отменен» wins", () => {
    expect(statusFromOneC({ statusName: "Готов к выдаче", cancelled: false })).toBe("ready_for_pickup");
    expect(statusFromOneC({ statusName: " собирается ", cancelled: false })).toBe("assembling");
    expect(statusFromOneC({ statusName: "Отменен", cancelled: false })).toBe("cancelled");
    expect(statusFromOneC({ statusName: "Выполнен", cancelled: true })).toBe("cancelled");
  });

  it("goes by the table of 1C's names first: the usual 1C and МойСклад names by default, the owner's rows when set", () => {
    expect(statusFromOneC({ statusName: "[F] Доставлен", cancelled: false })).toBe("completed");
    expect(statusFromOneC({ statusName: "Отгружен", cancelled: false })).toBe("shipped");
    expect(statusFromOneC({ statusName: "Передан в доставку", cancelled: false })).toBeUndefined();
    const rows = [{ name: "Передан в доставку", status: "shipped" as const }];
    expect(statusFromOneC({ statusName: "передан  в доставку", cancelled: false }, rows)).toBe("shipped");
    // A row the owner removed no longer matches; the shop's own labels still do.
    expect(statusFromOneC({ statusName: "Отгружен", cancelled: false }, rows)).toBeUndefined();
    expect(statusFromOneC({ statusName: "Отправлен", cancelled: false }, rows)).toBe("shipped");
  });

  it("falls back on «Статуса заказа ИД» when the name matches nothing", () => {
    const rows = [{ name: "F", status: "completed" as const }];
    expect(statusFromOneC({ statusName: "Закрыт менеджером", statusId: "F", cancelled: false }, rows)).toBe("completed");
    expect(statusFromOneC({ statusName: "", statusId: "X", cancelled: false }, rows)).toBeUndefined();
  });
});

describe("the owner's table", () => {
  it("drops empty rows and refuses a name twice, an unknown status, a name too long, in Russian", () => {
    expect(
      checkStatusRows([
        { name: " Отгружен ", status: "shipped" },
        { name: "", status: "" },
      ]),
    ).toEqual({ ok: true, rows: [{ name: "Отгружен", status: "shipped" }] });
    expect(
      checkStatusRows([
        { name: "Отгружен", status: "shipped" },
        { name: "отгружен", status: "completed" },
      ]),
    ).toEqual({
      ok: false,
      reason: "Статус «отгружен» указан дважды (уже есть «Отгружен»)",
    });
    expect(checkStatusRows([{ name: "Отгружен", status: "sent" }])).toEqual({ ok: false, reason: "Для «Отгружен» выберите статус сайта" });
    expect(checkStatusRows([{ name: "я".repeat(101), status: "new" }])).toMatchObject({ ok: false, reason: expect.stringContaining("не длиннее 100") });
    expect(checkStatusRows(DEFAULT_STATUS_ROWS)).toEqual({ ok: true, rows: DEFAULT_STATUS_ROWS });
  });
});
