import { describe, expect, it } from "vitest";
import demoCatalog from "./demo-catalog.json" with { type: "json" };
import { canonicalMint, mintsOf, MOSCOW_MINT, SAINT_PETERSBURG_MINT, US_MINT } from "./mints.ts";

describe("canonical mint names", () => {
  it("gives each mint one name, however a source spells it", () => {
    for (const name of ["СПМД", "Санкт-Петербургский монетный двор (СПБ)", " санкт-петербургский  монетный двор ", "ЛМД"])
      expect(canonicalMint(name), name).toBe(SAINT_PETERSBURG_MINT);
    for (const name of ["ММД", "Московский монетный двор"]) expect(canonicalMint(name), name).toBe(MOSCOW_MINT);
    for (const name of ["Монетный двор США (Уэст-Пойнт)", "Монетный двор США (Уэст-Пойнт / Сан-Франциско)"]) expect(canonicalMint(name), name).toBe(US_MINT);
  });

  it("names each mint of a coin struck at several once, and keeps unknown names as written", () => {
    expect(canonicalMint("ЛМД/ММД")).toBe(`${SAINT_PETERSBURG_MINT}; ${MOSCOW_MINT}`);
    expect(canonicalMint("ММД и СПМД")).toBe(`${MOSCOW_MINT}; ${SAINT_PETERSBURG_MINT}`);
    expect(canonicalMint("ММД / ММД")).toBe(MOSCOW_MINT);
    expect(canonicalMint("Пертский монетный двор (The Perth Mint)")).toBe("Пертский монетный двор (The Perth Mint)");
    expect(canonicalMint("  ")).toBeNull();
    expect(canonicalMint(null)).toBeNull();
    expect(mintsOf(`${SAINT_PETERSBURG_MINT}; ${MOSCOW_MINT}`)).toEqual([SAINT_PETERSBURG_MINT, MOSCOW_MINT]);
  });

  it("the demo catalogue names every mint canonically: no two names for one mint", () => {
    const mints = new Set(demoCatalog.flatMap((coin) => mintsOf(coin.mint)));
    for (const mint of mints) expect(canonicalMint(mint), mint).toBe(mint);
    expect([...mints].filter((mint) => /СПМД|СПБ|ЛМД|Санкт-Петербург/.test(mint))).toEqual([SAINT_PETERSBURG_MINT]);
    expect([...mints].filter((mint) => /ММД|Москов/.test(mint))).toEqual([MOSCOW_MINT]);
    expect([...mints].filter((mint) => /США/.test(mint))).toEqual([US_MINT]);
  });
});
