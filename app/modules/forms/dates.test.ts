import { describe, expect, it } from "vitest";
import { parseDate, readDate } from "./dates.ts";

describe("a typed date", () => {
  it("is read however people write it: with or without leading zeros, dots, slashes, or as a date input sends it", () => {
    expect(parseDate("1.4.2020")).toBe("2020-04-01");
    expect(parseDate("01.04.2020")).toBe("2020-04-01");
    expect(parseDate(" 14.03.1980 ")).toBe("1980-03-14");
    expect(parseDate("14/03/1980")).toBe("1980-03-14");
    expect(parseDate("1980-03-14")).toBe("1980-03-14");
    expect(parseDate("1980-3-4")).toBe("1980-03-04");
  });

  it("is no date when the day does not exist or the text is not a date", () => {
    expect(readDate("31.02.1980")).toEqual({ kind: "no-such-date" });
    expect(readDate("2026-13-45")).toEqual({ kind: "no-such-date" });
    expect(readDate("14.03.80")).toEqual({ kind: "not-a-date" });
    expect(readDate("вчера")).toEqual({ kind: "not-a-date" });
    expect(parseDate("")).toBeNull();
  });
});
