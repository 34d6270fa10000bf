/**
 * The pictures of the demo coins: a coin drawn as SVG from the product's own facts
 * (metal, denomination, issuer, name, fineness, pure weight). No photograph and no
 * copied design: a metal disc with a reeded edge, a beaded border, legends set along
 * the rim and the figures in the field. Pure and deterministic: the same coin always
 * gives the same SVG. The images module renders it to PNG with sharp (librsvg).
 *
 * librsvg has no <textPath> and no textLength, so rim legends are set glyph by glyph
 * and every width is estimated from the advance widths of DejaVu Serif (the font the
 * server renders with; other serif fonts are of similar width).
 */
import type { Metal } from "../db/column-values.ts";
import { escapeMarkup } from "../shared/escape-markup.ts";

export type CoinSide = "obverse" | "reverse";

export type CoinArtInput = {
  name: string;
  metal: Metal;
  /** "50 рублей", "1,5 евро", "без номинала". */
  denomination: string;
  country: string;
  issuer: string;
  /** Parts per thousand: 999, 925, 916.7. */
  fineness: number;
  pureGrams: number;
  series?: string;
};

/** The square the picture is drawn on, in pixels. */
export const coinArtSize = 800;

const C = coinArtSize / 2;
const fontFamily = "'DejaVu Serif', 'Liberation Serif', 'Noto Serif', 'Times New Roman', serif";

type Palette = {
  edge: string[];
  rim: string[];
  field: string[];
  ink: string;
  shade: string;
  light: string;
  beads: string;
};

/** Gold and silver; exported so tests can tell them apart. */
export const coinPalettes: Record<Metal, Palette> = {
  gold: {
    edge: ["#5e430e", "#b08325", "#fff0b0", "#d9b24a", "#6b4e12"],
    rim: ["#fff4c4", "#ebc65e", "#c39230", "#8a6317"],
    field: ["#fff6cf", "#f2d273", "#d8a843", "#b48226"],
    ink: "#6e4c0b",
    shade: "#3f2a05",
    light: "#fff8d8",
    beads: "#8a6418",
  },
  silver: {
    edge: ["#4f545a", "#8f959c", "#f7f9fa", "#b9bfc5", "#5d6268"],
    rim: ["#ffffff", "#e1e5e9", "#b1b7be", "#7d848c"],
    field: ["#ffffff", "#e7eaee", "#c4cad0", "#959da6"],
    ink: "#414850",
    shade: "#1f2429",
    light: "#ffffff",
    beads: "#6f767e",
  },
};

// Advance widths of DejaVu Serif in em (regular); bold is about 9 % wider.
const wideLower = "жмфшщыю";
const wideUpper = "ЖМШЩЫЮWM";
const narrowLatin = "fijlrtIJ";
const narrow = ".,:;·'!|";
const medium = '()-/[]"';

function glyphWidth(char: string): number {
  if (char === " ") return 0.32;
  if (/[0-9]/.test(char)) return 0.64;
  if (narrow.includes(char)) return 0.33;
  if (medium.includes(char)) return 0.38;
  if (narrowLatin.includes(char)) return 0.38;
  if (char === "—") return 1;
  if (char === "–") return 0.5;
  if (char === "«" || char === "»") return 0.61;
  if (wideLower.includes(char) || char === "m" || char === "w") return 0.88;
  if (wideUpper.includes(char)) return 1.08;
  if (char === "Ю") return 1.19;
  if (char !== char.toLowerCase()) return 0.78;
  return 0.61;
}

/** Estimated width of a line of text in pixels. */
export function textWidth(text: string, fontSize: number, options: { bold?: boolean; letterSpacing?: number } = {}): number {
  const chars = [...text];
  const ems = chars.reduce((sum, char) => sum + glyphWidth(char), 0) * (options.bold ? 1.09 : 1);
  return ems * fontSize + Math.max(0, chars.length - 1) * (options.letterSpacing ?? 0);
}

/**
 * The words of a text, a number kept with the word after it ("10 000 рублей", "(1 кг)",
 * "3 рубля") so no line ends in a bare figure.
 */
function unbreakableWords(text: string): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const glued: string[] = [];
  for (const word of words) {
    const previous = glued.at(-1);
    const previousWord = previous?.split(" ").at(-1);
    if (previous !== undefined && previousWord !== undefined && /^[(«"]?[\d.,–-]+$/.test(previousWord)) {
      glued[glued.length - 1] = `${previous} ${word}`;
    } else {
      glued.push(word);
    }
  }
  return glued;
}

/**
 * Greedy word wrap into lines no wider than maxWidth. A word wider than a line is kept
 * whole on its own line (it is caught by the caller's fit check).
 */
export function wrapWords(text: string, maxWidth: number, fontSize: number, bold = false): string[] {
  const words = unbreakableWords(text);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || textWidth(candidate, fontSize, { bold }) <= maxWidth) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export type FittedText = { lines: string[]; fontSize: number };

/**
 * The largest font size (from max down to min, step 2) at which the text wraps into at most
 * maxLines lines of maxWidth. At the smallest size the text is cut to maxLines with "…".
 */
export function fitText(
  text: string,
  { maxWidth, maxLines, maxSize, minSize, bold = false }: { maxWidth: number; maxLines: number; maxSize: number; minSize: number; bold?: boolean },
): FittedText {
  for (let size = maxSize; size >= minSize; size -= 2) {
    const lines = wrapWords(text, maxWidth, size, bold);
    if (lines.length <= maxLines && lines.every((line) => textWidth(line, size, { bold }) <= maxWidth)) {
      return { lines, fontSize: size };
    }
  }
  const lines = wrapWords(text, maxWidth, minSize, bold).slice(0, maxLines);
  const last = lines.length - 1;
  let cut = lines[last] ?? "";
  while (cut.length > 1 && textWidth(`${cut}…`, minSize, { bold }) > maxWidth) cut = cut.slice(0, -1).trimEnd();
  if (lines.join(" ").length < text.trim().replace(/\s+/g, " ").length) lines[last] = `${cut.replace(/[\s,.;:—–-]+$/, "")}…`;
  return { lines, fontSize: minSize };
}

/** A number the Russian way: decimal comma, thin space between thousands. */
function formatNumber(value: number): string {
  const [whole, fraction] = String(Number(value.toFixed(3))).split(".");
  const grouped = whole!.length > 4 ? whole!.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f") : whole!;
  return fraction ? `${grouped},${fraction}` : grouped;
}

/** "Au 999 · 7,78 г", "Ag 925 · 31,1 г". */
export function finenessAndWeight(coin: Pick<CoinArtInput, "metal" | "fineness" | "pureGrams">): string {
  const symbol = coin.metal === "gold" ? "Au" : "Ag";
  return `${symbol} ${formatNumber(coin.fineness)} · ${formatNumber(coin.pureGrams)} г`;
}

/** "50 рублей" → { value: "50", unit: "рублей" }; "без номинала" → { value: "", unit: "без номинала" }. */
export function splitDenomination(denomination: string): { value: string; unit: string } {
  const match = /^\s*(\d[\d\s\u00a0\u202f.,]*)\s+(.+)$/.exec(denomination);
  if (!match) return { value: "", unit: denomination.trim() };
  return { value: match[1]!.trim().replace(/[\s\u00a0]+/g, "\u202f"), unit: match[2]!.trim() };
}

/** What stands on the rim of the obverse: the country above, the issuer below (when it says more). */
export function obverseLegends(coin: Pick<CoinArtInput, "country" | "issuer">): { top: string; bottom: string } {
  const country = coin.country.trim();
  let issuer = coin.issuer.trim();
  const parenthesised = /^(.*?)\s*\((.+)\)\s*$/.exec(issuer);
  if (parenthesised) {
    // "Австралия (Пертский монетный двор)": the part in brackets names the issuer.
    issuer = parenthesised[1]!.toLowerCase() === country.toLowerCase() ? parenthesised[2]! : parenthesised[1]!;
  }
  const bottom = issuer.toLowerCase() === country.toLowerCase() ? "" : issuer;
  return { top: country.toUpperCase(), bottom: bottom.toUpperCase() };
}

function seriesLegend(series: string | undefined): string {
  return (series ?? "")
    .replace(/\s*\([^)]*\)\s*/g, " ")
    .trim()
    .toUpperCase();
}

const round = (value: number) => Math.round(value * 10) / 10;

const reliefOpacity = { shade: 0.45, light: 0.75 };

/** Lettering colours; without `relief` only the ink is drawn (the renderer adds the relief to the whole face at once). */
type Embossed = { ink: string; shade: string; light: string; relief: boolean };

/** Raised lettering: a dark shadow below right, a light edge above left, the letters on top. */
function embossedText(content: string, attributes: string, colours: Embossed, depth = 1.6): string {
  const text = (dx: number, dy: number, fill: string, opacity: number) =>
    `<text ${attributes} fill="${fill}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ""}${dx || dy ? ` transform="translate(${dx} ${dy})"` : ""}>${content}</text>`;
  if (!colours.relief) return text(0, 0, colours.ink, 1);
  return (
    text(depth, depth, colours.shade, reliefOpacity.shade) + text(-depth * 0.6, -depth * 0.6, colours.light, reliefOpacity.light) + text(0, 0, colours.ink, 1)
  );
}

/**
 * A legend along the rim, glyph by glyph: on the top arc reading clockwise with the letters
 * standing outwards, on the bottom arc reading anticlockwise with the letters upright.
 * The font shrinks until the legend fits in maxSpanDeg; below minSize it is left out.
 */
function rimLegend(
  text: string,
  {
    position,
    radius,
    maxSize,
    minSize,
    maxSpanDeg,
    colours,
  }: { position: "top" | "bottom"; radius: number; maxSize: number; minSize: number; maxSpanDeg: number; colours: Embossed },
): string {
  if (!text) return "";
  const chars = [...text];
  for (let size = maxSize; size >= minSize; size -= 1) {
    const spacing = size * 0.14;
    const advances = chars.map((char) => glyphWidth(char) * 1.09 * size + spacing);
    const total = advances.reduce((sum, width) => sum + width, 0) - spacing;
    const span = (total / radius) * (180 / Math.PI);
    if (span > maxSpanDeg) continue;
    let out = "";
    let along = -total / 2;
    chars.forEach((char, index) => {
      const middle = along + (advances[index]! - spacing) / 2;
      along += advances[index]!;
      if (char === " ") return;
      const angle = middle / radius; // radians from the top (or bottom) centre
      const deg = round((angle * 180) / Math.PI);
      const x = C + radius * Math.sin(angle);
      const y = position === "top" ? C - radius * Math.cos(angle) : C + radius * Math.cos(angle);
      const rotate = position === "top" ? deg : -deg;
      const attributes = `x="${round(x)}" y="${round(y)}" text-anchor="middle" font-size="${size}" font-weight="bold" font-family="${fontFamily}"`;
      out += `<g transform="rotate(${rotate} ${round(x)} ${round(y)})">${embossedText(escapeMarkup(char), attributes, colours, 1.1)}</g>`;
    });
    return out;
  }
  return "";
}

/** A small five-pointed star centred on (x, y). */
function star(x: number, y: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.45;
    points.push(`${round(x + radius * Math.cos(angle))},${round(y + radius * Math.sin(angle))}`);
  }
  return `<polygon points="${points.join(" ")}" fill="${fill}"/>`;
}

/**
 * Two branches of leaves growing from a bow at the bottom centre outwards and upwards,
 * a shallow smile under the figures; `bottom` is the lowest point of the stems.
 */
function laurel(colours: Embossed, bottom: number): string {
  const radius = 230;
  const cy = bottom - radius;
  const first = 3.5;
  const step = 5;
  const count = 8;
  const leaves: string[] = [];
  for (const side of [-1, 1]) {
    for (let i = 0; i <= count; i += 1) {
      const a = ((first + i * step) * Math.PI) / 180;
      const x = round(C + side * radius * Math.sin(a));
      const y = round(cy + radius * Math.cos(a));
      // The direction the branch grows in: outwards and up.
      const growth = (Math.atan2(-Math.sin(a), side * Math.cos(a)) * 180) / Math.PI;
      const size = i === 0 ? 12 : 17 - i * 0.7;
      const tilts = i === count ? [0] : [-34, 34];
      for (const tilt of tilts) {
        leaves.push(
          `<ellipse cx="${round(size)}" cy="0" rx="${round(size)}" ry="${round(size * 0.36)}" transform="translate(${x} ${y}) rotate(${round(growth + tilt)})"/>`,
        );
      }
    }
  }
  const a1 = (first * Math.PI) / 180;
  const a2 = ((first + count * step) * Math.PI) / 180;
  const stem = (side: number) =>
    `M${round(C + side * radius * Math.sin(a1))} ${round(cy + radius * Math.cos(a1))} ` +
    `A${radius} ${radius} 0 0 ${side > 0 ? 0 : 1} ${round(C + side * radius * Math.sin(a2))} ${round(cy + radius * Math.cos(a2))}`;
  // A small bow where the stems cross.
  const bow = `<ellipse cx="${C}" cy="${round(bottom - 1)}" rx="9" ry="6"/>`;
  const branch = (d: number, fill: string, opacity: number) =>
    `<g transform="translate(${d} ${d})" fill="${fill}" fill-opacity="${opacity}">` +
    `<path d="${stem(-1)} ${stem(1)}" fill="none" stroke="${fill}" stroke-opacity="${opacity}" stroke-width="3.5" stroke-linecap="round"/>` +
    `${leaves.join("")}${bow}</g>`;
  if (!colours.relief) return branch(0, colours.ink, 0.9);
  return branch(1.5, colours.shade, 0.4) + branch(-0.9, colours.light, 0.7) + branch(0, colours.ink, 0.9);
}

/** A short rule with a diamond in its middle, under or over the figures. */
function divider(y: number, halfWidth: number, colours: Embossed): string {
  const line = (dy: number, stroke: string, opacity: number) =>
    `<path d="M${C - halfWidth} ${y + dy} H${C - 14} M${C + 14} ${y + dy} H${C + halfWidth}" stroke="${stroke}" stroke-opacity="${opacity}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M${C} ${y - 9 + dy} L${C + 9} ${y + dy} L${C} ${y + 9 + dy} L${C - 9} ${y + dy} Z" fill="${stroke}" fill-opacity="${opacity}"/>`;
  if (!colours.relief) return line(0, colours.ink, 1);
  return line(1.2, colours.shade, 0.4) + line(-0.7, colours.light, 0.7) + line(0, colours.ink, 1);
}

function disc(palette: Palette, id: string): string {
  const stops = (colours: string[]) =>
    colours.map((colour, index) => `<stop offset="${round((index / (colours.length - 1)) * 100)}%" stop-color="${colour}"/>`).join("");
  const reeds = 300;
  const reedRadius = 350;
  const reedPeriod = (2 * Math.PI * reedRadius) / reeds;
  const beads = 112;
  const beadRadius = 298;
  const beadPeriod = (2 * Math.PI * beadRadius) / beads;
  return (
    `<defs>` +
    `<linearGradient id="${id}-edge" x1="0" y1="0" x2="1" y2="1">${stops(palette.edge)}</linearGradient>` +
    `<linearGradient id="${id}-rim" x1="0.15" y1="0.1" x2="0.85" y2="0.95">${stops(palette.rim)}</linearGradient>` +
    `<linearGradient id="${id}-bevel" x1="0.15" y1="0.1" x2="0.85" y2="0.95">${stops([...palette.rim].reverse())}</linearGradient>` +
    `<radialGradient id="${id}-field" cx="0.5" cy="0.5" r="0.55" fx="0.36" fy="0.3">${stops(palette.field)}</radialGradient>` +
    `<linearGradient id="${id}-sheen" x1="0.2" y1="0" x2="0.75" y2="1">` +
    `<stop offset="0%" stop-color="#ffffff" stop-opacity="0.38"/><stop offset="45%" stop-color="#ffffff" stop-opacity="0.06"/>` +
    `<stop offset="100%" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    // A soft shadow from a gradient: a blur filter would cost librsvg ten times the whole picture.
    `<radialGradient id="${id}-shadow" cx="0.5" cy="0.5" r="0.5">` +
    `<stop offset="88%" stop-color="#000000" stop-opacity="0.3"/><stop offset="94%" stop-color="#000000" stop-opacity="0.12"/>` +
    `<stop offset="100%" stop-color="#000000" stop-opacity="0"/></radialGradient>` +
    `</defs>` +
    // Shadow on the table, the edge with its reeding, the rim, the sunk field.
    `<ellipse cx="${C + 6}" cy="${C + 12}" rx="390" ry="386" fill="url(#${id}-shadow)"/>` +
    `<circle cx="${C}" cy="${C}" r="362" fill="url(#${id}-edge)"/>` +
    `<circle cx="${C}" cy="${C}" r="${reedRadius}" fill="none" stroke="${palette.shade}" stroke-opacity="0.35" stroke-width="18" stroke-dasharray="${round(reedPeriod * 0.42)} ${round(reedPeriod * 0.58)}"/>` +
    `<circle cx="${C}" cy="${C}" r="${reedRadius}" fill="none" stroke="${palette.light}" stroke-opacity="0.35" stroke-width="18" stroke-dasharray="${round(reedPeriod * 0.2)} ${round(reedPeriod * 0.8)}" stroke-dashoffset="${round(reedPeriod * 0.62)}"/>` +
    `<circle cx="${C}" cy="${C}" r="340" fill="url(#${id}-rim)"/>` +
    `<circle cx="${C}" cy="${C}" r="340" fill="none" stroke="${palette.shade}" stroke-opacity="0.25" stroke-width="1.5"/>` +
    `<circle cx="${C}" cy="${C}" r="318" fill="url(#${id}-field)" stroke="url(#${id}-bevel)" stroke-width="7"/>` +
    `<circle cx="${C}" cy="${C}" r="${beadRadius}" fill="none" stroke="${palette.beads}" stroke-opacity="0.75" stroke-width="7" stroke-linecap="round" stroke-dasharray="0.01 ${round(beadPeriod - 0.01)}"/>` +
    `<circle cx="${C}" cy="${C}" r="318" fill="url(#${id}-sheen)"/>`
  );
}

function obverse(coin: CoinArtInput, colours: Embossed): string {
  const { top, bottom } = obverseLegends(coin);
  const { value, unit } = splitDenomination(coin.denomination);
  let out = rimLegend(top, { position: "top", radius: 250, maxSize: 38, minSize: 24, maxSpanDeg: 150, colours });
  out += rimLegend(bottom, { position: "bottom", radius: 276, maxSize: 32, minSize: 20, maxSpanDeg: 140, colours });
  // Stars at three and nine o'clock part the two legends.
  for (const side of [-1, 1]) {
    out += star(C + side * 262, C, 11, colours.ink);
  }

  const textAttributes = (x: number, y: number, size: number) =>
    `x="${x}" y="${round(y)}" text-anchor="middle" font-size="${size}" font-weight="bold" font-family="${fontFamily}"`;
  if (value) {
    const valueSize = Math.min(190, Math.floor(430 / Math.max(0.1, textWidth(value, 1, { bold: true }))));
    const unitFit = fitText(unit.toUpperCase(), { maxWidth: 400, maxLines: 2, maxSize: 50, minSize: 28, bold: true });
    const unitHeight = unitFit.lines.length * unitFit.fontSize * 1.15;
    // The figures and the unit as one block, a little above the centre to leave room for the laurel.
    const blockHeight = valueSize * 0.73 + 24 + unitHeight;
    const valueBaseline = C - 20 - blockHeight / 2 + valueSize * 0.73;
    out += embossedText(escapeMarkup(value), textAttributes(C, valueBaseline, valueSize), colours, 2.4);
    unitFit.lines.forEach((line, index) => {
      const baseline = valueBaseline + 24 + unitFit.fontSize * 0.85 + index * unitFit.fontSize * 1.15;
      out += embossedText(escapeMarkup(line), `${textAttributes(C, baseline, unitFit.fontSize)} letter-spacing="2"`, colours, 1.4);
    });
  } else {
    const unitFit = fitText(unit.toUpperCase(), { maxWidth: 420, maxLines: 2, maxSize: 64, minSize: 32, bold: true });
    const start = C - 30 - ((unitFit.lines.length - 1) * unitFit.fontSize * 1.2) / 2 + unitFit.fontSize * 0.36;
    unitFit.lines.forEach((line, index) => {
      out += embossedText(
        escapeMarkup(line),
        `${textAttributes(C, start + index * unitFit.fontSize * 1.2, unitFit.fontSize)} letter-spacing="2"`,
        colours,
        1.8,
      );
    });
  }
  out += laurel(colours, 592);
  return out;
}

function reverse(coin: CoinArtInput, colours: Embossed): string {
  let out = rimLegend(seriesLegend(coin.series), { position: "top", radius: 256, maxSize: 30, minSize: 20, maxSpanDeg: 160, colours });
  out += rimLegend(coin.metal === "gold" ? "ЗОЛОТО" : "СЕРЕБРО", { position: "bottom", radius: 278, maxSize: 30, minSize: 24, maxSpanDeg: 90, colours });

  const name = fitText(coin.name, { maxWidth: 520, maxLines: 3, maxSize: 56, minSize: 30 });
  const lineHeight = name.fontSize * 1.18;
  const nameBottom = 468;
  const firstBaseline = nameBottom - (name.lines.length - 1) * lineHeight;
  name.lines.forEach((line, index) => {
    const attributes = `x="${C}" y="${round(firstBaseline + index * lineHeight)}" text-anchor="middle" font-size="${name.fontSize}" font-family="${fontFamily}"`;
    out += embossedText(escapeMarkup(line), attributes, colours, 1.3);
  });
  out += star(C, round(firstBaseline - name.fontSize - 34), 14, colours.ink);
  out += divider(510, 150, colours);
  const facts = finenessAndWeight(coin);
  const factsSize = Math.min(46, Math.floor(430 / textWidth(facts, 1, { bold: true })));
  out += embossedText(
    escapeMarkup(facts),
    `x="${C}" y="575" text-anchor="middle" font-size="${factsSize}" font-weight="bold" font-family="${fontFamily}"`,
    colours,
    1.6,
  );
  return out;
}

function svgDocument(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${coinArtSize}" height="${coinArtSize}" viewBox="0 0 ${coinArtSize} ${coinArtSize}">` +
    `<title>${escapeMarkup(title)}</title>${body}</svg>`
  );
}

function colours(metal: Metal, relief = true): { palette: Palette; emboss: Embossed } {
  const palette = coinPalettes[metal] ?? coinPalettes.silver;
  return { palette, emboss: { ink: palette.ink, shade: palette.shade, light: palette.light, relief } };
}

function face(coin: CoinArtInput, side: CoinSide, relief = true): string {
  const { emboss } = colours(coin.metal, relief);
  return side === "obverse" ? obverse(coin, emboss) : reverse(coin, emboss);
}

function title(coin: CoinArtInput, side: CoinSide): string {
  return side === "obverse" ? `${coin.name}, аверс` : `${coin.name}, реверс`;
}

/** The coin's obverse (denomination, country, issuer) or reverse (name, fineness and weight) as one SVG document. */
export function coinArtSvg(coin: CoinArtInput, side: CoinSide): string {
  return svgDocument(title(coin, side), disc(colours(coin.metal).palette, coin.metal) + face(coin, side));
}

/**
 * The same picture in layers, for drawing many coins fast: the blank disc, which is the
 * same for every coin of a metal (render it once); the coin's lettering in flat ink on a
 * transparent ground; and the relief to give that lettering when laying it over the disc
 * (its shape again in `shade`, `shadeOffset` pixels below right, and in `light` above left).
 * Drawing the relief from pixels costs a fraction of three layers of text in librsvg.
 */
export function coinArtLayers(coin: CoinArtInput, side: CoinSide): { disc: string; face: string; relief: CoinRelief } {
  const { palette } = colours(coin.metal);
  return {
    disc: coinDiscSvg(coin.metal),
    face: svgDocument(title(coin, side), face(coin, side, false)),
    relief: {
      shade: palette.shade,
      light: palette.light,
      shadeOpacity: reliefOpacity.shade,
      lightOpacity: reliefOpacity.light,
      shadeOffset: 2,
      lightOffset: 1,
    },
  };
}

export type CoinRelief = { shade: string; light: string; shadeOpacity: number; lightOpacity: number; shadeOffset: number; lightOffset: number };

/** The blank disc of a metal: shadow, reeded edge, rim, field, beads, sheen. */
export function coinDiscSvg(metal: Metal): string {
  return svgDocument(metal === "gold" ? "Золотая монета" : "Серебряная монета", disc(colours(metal).palette, metal));
}
