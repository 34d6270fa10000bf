import { describe, expect, it } from "vitest";
import { statusFromOneC } from "./sale-statuses.server.ts";

describe("a status named by 1C", () => {
  it("is the shop's status of that label, with or without ё and in any case; «Отменен» wins; an unknown name is none", () => {
    expect(statusFromOneC({ statusName: "Готов к выдаче", cancelled: false })).toBe("ready_for_pickup");
    expect(statusFromOneC({ statusName: " собирается ", cancelled: false })).toBe("assembling");
    expect(statusFromOneC({ statusName: "Отменен", cancelled: false })).toBe("cancelled");
    expect(statusFromOneC({ statusName: "Выполнен", cancelled: true })).toBe("cancelled");
    expect(statusFromOneC({ statusName: "Отгружен", cancelled: false })).toBeUndefined();
  });
});
