import { describe, expect, it } from "vitest";
import { isCoinSlug, slugify } from "./slug.ts";

describe("a coin's address part", () => {
  it("is the Latin spelling of the spec's addresses", () => {
    expect(slugify("Георгий Победоносец 50 рублей ММД")).toBe("georgiy-pobedonosec-50-rubley-mmd");
  });

  it("is looked up only as the shop writes it", () => {
    expect(isCoinSlug("georgiy-pobedonosec-50-rubley-mmd")).toBe(true);
    expect(isCoinSlug("a".repeat(128))).toBe(true);
    for (const hostile of ["", "-leading-hyphen", "Georgiy", "георгий", "a/../b", "a%2Fb", "a b", "a".repeat(129), "x'; drop table products;--"])
      expect(isCoinSlug(hostile), hostile).toBe(false);
  });
});
