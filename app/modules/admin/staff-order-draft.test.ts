import { describe, expect, it } from "vitest";
import { emptyStaffOrderDraft, readStaffOrderDraft, STAFF_ORDER_LIMITS, staffOrderSearch } from "./staff-order-draft.ts";

const token = "staff-0123456789abcdef0123";

describe("the staff order's draft in the page's address", () => {
  it("reads back what it wrote", () => {
    const draft = {
      ...emptyStaffOrderDraft(token),
      buyer: 42,
      lines: [
        [7, 2],
        [3, 1],
      ] as Array<[number, number]>,
      city: "0000073738",
      delivery: 79,
      point: "DP0101",
      street: "Тверская",
      house: "7",
      payment: 6 as const,
      channel: "office" as const,
      comment: "Позвонить за час",
    };
    expect(readStaffOrderDraft(new URLSearchParams(staffOrderSearch(draft, { step: "confirm" })))).toEqual(draft);
  });

  it("is no draft without its token, and leaves out what does not parse", () => {
    expect(readStaffOrderDraft(new URLSearchParams("buyer=1"))).toBeNull();
    expect(readStaffOrderDraft(new URLSearchParams(`t=${token}&t2=x`))).toEqual(emptyStaffOrderDraft(token));
    const forged = readStaffOrderDraft(new URLSearchParams(`t=${token}&buyer=-1&l=5x0,abc,6x2,6x9,7x99999&pay=5&ch=email&city=../1&d=1e3`))!;
    expect(forged).toMatchObject({ buyer: null, lines: [[6, 2]], payment: 4, channel: "phone", city: null, delivery: null });
  });

  it("holds at most the limit of coins and texts cut to their limits", () => {
    const lines = Array.from({ length: 50 }, (_, index) => `${index + 1}x1`).join(",");
    const draft = readStaffOrderDraft(new URLSearchParams(`t=${token}&l=${lines}&comment=${"я".repeat(900)}`))!;
    expect(draft.lines).toHaveLength(STAFF_ORDER_LIMITS.lines);
    expect(draft.comment).toHaveLength(STAFF_ORDER_LIMITS.comment);
  });
});
