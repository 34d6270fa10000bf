import { describe, expect, it } from "vitest";
import { pluralRu, weightAndFineness } from "./format-product.ts";

describe("weightAndFineness", () => {
  it("shows pure weight and fineness the way dealers write them", () => {
    expect(weightAndFineness({ metal: "gold", pureGrams: 7.78, fineness: 999 })).toBe("7,78 г · Au 999");
    expect(weightAndFineness({ metal: "silver", pureGrams: 31.1, fineness: 925 })).toBe("31,1 г · Ag 925");
    expect(weightAndFineness({ metal: "gold", pureGrams: 7.742, fineness: 900 })).toBe("7,742 г · Au 900");
    expect(weightAndFineness({ metal: "gold", pureGrams: 1000, fineness: 999.9 })).toBe("1 000 г · Au 999,9".replace(" ", "\u00a0"));
  });
});

describe("pluralRu", () => {
  it.each([
    [1, "монета"],
    [3, "монеты"],
    [5, "монет"],
    [11, "монет"],
    [21, "монета"],
    [22, "монеты"],
    [112, "монет"],
  ])("%i %s", (count, word) => {
    expect(pluralRu(count, ["монета", "монеты", "монет"])).toBe(word);
  });
});
