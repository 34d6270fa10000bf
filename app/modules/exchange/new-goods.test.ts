import { describe, expect, it } from "vitest";
import { fieldsFromProperties, fieldsFromSection, missingForSale } from "./new-goods.ts";

describe("what a new good from 1C brings towards a coin", () => {
  it("reads the metal, fineness and weights by their usual names, in any case, with decimal commas and units", () => {
    expect(
      fieldsFromProperties([
        { name: "МЕТАЛЛ", value: "Серебро 925" },
        { name: "Проба", value: "0,925" },
        { name: "Вес, г", value: "33,93 г" },
        { name: "Содержание чистого металла", value: "31,1" },
        { name: "Цвет упаковки", value: "синий" },
      ]),
    ).toEqual({ metal: "silver", fineness: 925, totalGrams: 33.93, pureGrams: 31.1 });
  });

  it("leaves out what it cannot read: an unknown metal, a fineness past 1000, a weight that is no number", () => {
    expect(
      fieldsFromProperties([
        { name: "Металл", value: "Медь" },
        { name: "Проба", value: "9999" },
        { name: "Вес", value: "нет" },
      ]),
    ).toEqual({});
  });

  it("takes a section's filter as the coin's fields, with the series' name where the catalogue has one", () => {
    expect(
      fieldsFromSection({ metal: "gold", series: "georgiy-pobedonosec", denomination: 50 }, new Map([["georgiy-pobedonosec", "Георгий Победоносец"]])),
    ).toEqual({
      metal: "gold",
      seriesSlug: "georgiy-pobedonosec",
      series: "Георгий Победоносец",
      denominationRub: 50,
    });
  });

  it("says what is missing before sale; 1C's price answers the price", () => {
    expect(
      missingForSale({ fields: { metal: "gold", fineness: 999, totalGrams: 7.78, pureGrams: 7.78, kind: "investment", country: "Россия" }, price: 1 }),
    ).toEqual(["номинал", "эмитент"]);
    expect(missingForSale({ fields: {}, price: null })).toContain("цена");
  });
});
