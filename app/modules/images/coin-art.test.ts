import sharp from "sharp";
import { describe, expect, it } from "vitest";
import demoCatalog from "../catalog/demo-catalog.json" with { type: "json" };
import { parseXml, type XmlElement } from "../quotes/providers/xml.ts";
import {
  coinArtSize,
  coinArtSvg,
  coinPalettes,
  finenessAndWeight,
  fitText,
  obverseLegends,
  splitDenomination,
  textWidth,
  type CoinArtInput,
} from "./coin-art.ts";

const georgy: CoinArtInput = {
  name: "Георгий Победоносец 50 рублей (ММД)",
  metal: "gold",
  denomination: "50 рублей",
  country: "Россия",
  issuer: "Банк России",
  fineness: 999,
  pureGrams: 7.78,
  series: "Георгий Победоносец (инвестиционные)",
};

const silver: CoinArtInput = { ...georgy, name: "Георгий Победоносец 3 рубля (серебро)", metal: "silver", denomination: "3 рубля", pureGrams: 31.1 };

function allText(element: XmlElement): string[] {
  return [element.text, ...element.children.flatMap(allText)].filter((text) => text.trim() !== "");
}

/** The texts of the lines drawn in ink (each line is drawn three times for the relief). */
function inkLines(svg: string, fill: string): string[] {
  const root = parseXml(svg);
  const lines: string[] = [];
  const walk = (element: XmlElement) => {
    if (element.name === "text" && element.attributes.fill === fill) lines.push(element.text);
    element.children.forEach(walk);
  };
  walk(root);
  return lines;
}

describe("coin pictures", () => {
  it("are well-formed SVG documents of 800 × 800 that librsvg renders", async () => {
    for (const side of ["obverse", "reverse"] as const) {
      const svg = coinArtSvg(georgy, side);
      const root = parseXml(svg);
      expect(root.name).toBe("svg");
      expect(root.attributes.xmlns).toBe("http://www.w3.org/2000/svg");
      expect(root.attributes.viewBox).toBe(`0 0 ${coinArtSize} ${coinArtSize}`);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect(meta.format).toBe("svg");
      expect([meta.width, meta.height]).toEqual([800, 800]);
      const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(800);
    }
  });

  it("are deterministic", () => {
    expect(coinArtSvg(georgy, "obverse")).toBe(coinArtSvg({ ...georgy }, "obverse"));
    expect(coinArtSvg(georgy, "reverse")).toBe(coinArtSvg({ ...georgy }, "reverse"));
    expect(coinArtSvg(georgy, "obverse")).not.toBe(coinArtSvg(georgy, "reverse"));
  });

  it("show the denomination and the issuer on the obverse, the name, fineness and weight on the reverse", () => {
    const obverse = coinArtSvg(georgy, "obverse");
    const ink = coinPalettes.gold.ink;
    expect(inkLines(obverse, ink)).toEqual(expect.arrayContaining(["50", "РУБЛЕЙ"]));
    // Rim legends are set glyph by glyph.
    expect(inkLines(obverse, ink).join("")).toContain("РОССИЯБАНКРОССИИ");

    const reverse = coinArtSvg(georgy, "reverse");
    const lines = inkLines(reverse, ink);
    expect(lines).toContain("Au 999 · 7,78 г");
    expect(lines.join(" ")).toContain("Георгий Победоносец 50 рублей (ММД)");
    expect(allText(parseXml(reverse))).toContain("Георгий Победоносец 50 рублей (ММД), реверс");
  });

  it("escape text for XML: a name with < and & stays text", async () => {
    const tricky: CoinArtInput = { ...georgy, name: `Монета <b>"A&B"</b> & 'C' <script>`, issuer: "Банк <&>", series: "<Серия & Ко>" };
    for (const side of ["obverse", "reverse"] as const) {
      const svg = coinArtSvg(tricky, side);
      expect(svg).not.toContain("<b>");
      expect(svg).not.toContain("<script>");
      // Every & starts an entity.
      expect(svg.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull();
      const root = parseXml(svg);
      expect(allText(root).join(" ")).not.toContain("&amp;");
      await sharp(Buffer.from(svg)).png().toBuffer();
    }
    const reverse = coinArtSvg(tricky, "reverse");
    expect(inkLines(reverse, coinPalettes.gold.ink).join(" ")).toContain(`<b>"A&B"</b>`);
  });

  it("differ in colour between gold and silver", async () => {
    expect(coinPalettes.gold.field).not.toEqual(coinPalettes.silver.field);
    const goldSvg = coinArtSvg(georgy, "obverse");
    const silverSvg = coinArtSvg({ ...georgy, metal: "silver" }, "obverse");
    for (const colour of coinPalettes.gold.field) expect(goldSvg).toContain(colour);
    for (const colour of coinPalettes.silver.field) expect(silverSvg).toContain(colour);
    expect(silverSvg).not.toContain(coinPalettes.gold.ink);

    // Rendered: the middle of the field is yellow for gold and grey for silver.
    const centre = async (svg: string) => {
      const { data } = await sharp(Buffer.from(svg))
        .extract({ left: 300, top: 250, width: 20, height: 20 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let [r, g, b] = [0, 0, 0];
      for (let i = 0; i < data.length; i += 3) [r, g, b] = [r + data[i]!, g + data[i + 1]!, b + data[i + 2]!];
      const n = data.length / 3;
      return { r: r / n, g: g / n, b: b / n };
    };
    const gold = await centre(goldSvg);
    const grey = await centre(silverSvg);
    expect(gold.r - gold.b).toBeGreaterThan(35);
    expect(Math.abs(grey.r - grey.b)).toBeLessThan(20);
  });

  it("wrap long names over two or three lines, smaller, and cut what cannot fit", () => {
    const long = "Московский государственный университет им. М.В. Ломоносова 3 рубля 2015";
    const reverse = coinArtSvg({ ...silver, name: long }, "reverse");
    const names = inkLines(reverse, coinPalettes.silver.ink).filter((line) => !line.startsWith("Ag"));
    const nameLines = names.filter((line) => line.length > 1);
    expect(nameLines.length).toBeGreaterThanOrEqual(2);
    expect(nameLines.length).toBeLessThanOrEqual(3);

    const short = fitText("Соверен (1 фунт)", { maxWidth: 520, maxLines: 3, maxSize: 56, minSize: 30 });
    expect(short).toEqual({ lines: ["Соверен (1 фунт)"], fontSize: 56 });

    const two = fitText("Георгий Победоносец 10 000 рублей (1 кг)", { maxWidth: 520, maxLines: 3, maxSize: 56, minSize: 30 });
    expect(two.lines.length).toBeGreaterThanOrEqual(2);
    // A figure stays with its word.
    expect(two.lines.some((line) => line.includes("10 000 рублей"))).toBe(true);
    expect(two.lines.every((line) => !/\d$/.test(line))).toBe(true);

    const endless = fitText("слово ".repeat(60), { maxWidth: 300, maxLines: 3, maxSize: 40, minSize: 30 });
    expect(endless.lines).toHaveLength(3);
    expect(endless.fontSize).toBe(30);
    expect(endless.lines[2]!.endsWith("…")).toBe(true);
    for (const line of endless.lines) expect(textWidth(line, 30)).toBeLessThanOrEqual(300);
  });

  it("fit every name of the demo catalogue in at most three lines", () => {
    for (const coin of demoCatalog) {
      const fitted = fitText(coin.name, { maxWidth: 520, maxLines: 3, maxSize: 56, minSize: 30 });
      expect(fitted.lines.length, coin.name).toBeLessThanOrEqual(3);
      expect(fitted.fontSize).toBeGreaterThanOrEqual(30);
    }
  });

  it("format figures the Russian way and read the legends from the product", () => {
    expect(finenessAndWeight({ metal: "gold", fineness: 999, pureGrams: 7.78 })).toBe("Au 999 · 7,78 г");
    expect(finenessAndWeight({ metal: "gold", fineness: 916.7, pureGrams: 31.1 })).toBe("Au 916,7 · 31,1 г");
    expect(finenessAndWeight({ metal: "silver", fineness: 925, pureGrams: 15.55 })).toBe("Ag 925 · 15,55 г");
    expect(splitDenomination("50 рублей")).toEqual({ value: "50", unit: "рублей" });
    expect(splitDenomination("10 000 рублей")).toEqual({ value: "10\u202f000", unit: "рублей" });
    expect(splitDenomination("1,5 евро")).toEqual({ value: "1,5", unit: "евро" });
    expect(splitDenomination("без номинала")).toEqual({ value: "", unit: "без номинала" });
    expect(obverseLegends({ country: "Россия", issuer: "Банк России" })).toEqual({ top: "РОССИЯ", bottom: "БАНК РОССИИ" });
    expect(obverseLegends({ country: "Российская империя", issuer: "Российская империя" })).toEqual({ top: "РОССИЙСКАЯ ИМПЕРИЯ", bottom: "" });
    expect(obverseLegends({ country: "Австралия", issuer: "Австралия (Пертский монетный двор)" })).toEqual({
      top: "АВСТРАЛИЯ",
      bottom: "ПЕРТСКИЙ МОНЕТНЫЙ ДВОР",
    });
  });
});
