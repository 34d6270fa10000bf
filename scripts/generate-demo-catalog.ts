// Builds app/modules/catalog/demo-catalog.json from the researched coin data
// (../shared/research/coins.json): every coin with shop fields added — slug, SKU, pricing,
// stock, packaging, a factual description. Run again when coins.json changes:
//   node scripts/generate-demo-catalog.ts [path/to/coins.json]
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalMint } from "../app/modules/catalog/mints.ts";
import { slugify } from "../app/modules/catalog/slug.ts";
import type { Metal } from "../app/modules/db/column-values.ts";

type Coin = {
  name_ru: string;
  series_ru: string;
  metal: Metal;
  kind: "bullion" | "commemorative";
  denomination_rub: number | null;
  country_ru: string;
  issuer_ru: string;
  years: string;
  mint_ru: string | null;
  fineness: number;
  total_weight_g: number;
  pure_metal_g: number | null;
  diameter_mm: number | null;
  quality_ru: string | null;
  mintage: number | null;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = process.argv[2] ?? path.resolve(root, "../shared/research/coins.json");
const coins = JSON.parse(readFileSync(source, "utf8")) as Coin[];

/** Series the catalogue's fixed sections filter by. */
const seriesSlugs: Record<string, string> = {
  "Георгий Победоносец (инвестиционные)": "georgiy-pobedonosec",
  // The Bank of Russia's gold chervonets, old and new, carries the Sower.
  "Золотой червонец": "seyatel",
};

/** Coins sold through Sberbank's branches (the "монеты Сбербанка" sections). */
const sberbankSeries = new Set(["Лунный календарь", "Знаки зодиака", "175-летие сберегательного дела в России", "Ноев ковчег", "Australian Lunar Series III"]);

function rubles(value: number): string {
  const mod10 = value % 10;
  const mod100 = value % 100;
  const word = mod10 === 1 && mod100 !== 11 ? "рубль" : mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14) ? "рубля" : "рублей";
  return `${value.toLocaleString("ru-RU")} ${word}`;
}

function denomination(coin: Coin): string {
  if (coin.denomination_rub !== null) return rubles(coin.denomination_rub);
  const inName = /\(([^)]*(?:доллар|евро|фунт|юан|драм)[^)]*)\)/.exec(coin.name_ru)?.[1];
  if (inName) return inName;
  const plain = /(\d+\s+(?:фунт\S*|доллар\S*))/.exec(coin.name_ru)?.[1];
  return plain ?? "без номинала";
}

/** The years without the researcher's notes: "2006–2010, 2013–2015 (по ru-wiki); …" → "2006–2010, 2013–2015". */
function cleanYears(years: string): string {
  return years.split(/[(;]/)[0]!.trim().replace(/,\s*$/, "");
}

/** A deterministic number in [0, 1) per coin, so every install gets the same demo stock and prices. */
function pseudoRandom(seed: string): number {
  let hash = 2166136261;
  for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash / 2 ** 32;
}

/**
 * Values the research left open, filled with the standard specification of that coin type:
 * the Bank of Russia's 50-rouble gold investment coins are all 1/4 oz of 999 gold, 7,89 g,
 * 22,6 mm; the 1 kg Георгий is 999,9 gold weighing 1000,1 g; the 1995 Соболь is 900 silver
 * like the 1994 one.
 */
const knownSpecifications: Record<string, Partial<Coin>> = {
  "Чемпионат мира по футболу FIFA 2018 — 50 рублей (инвестиционная)": { pure_metal_g: 7.78, fineness: 999, total_weight_g: 7.89, diameter_mm: 22.6 },
  "Георгий Победоносец 10 000 рублей (1 кг)": { fineness: 999.9, total_weight_g: 1000.1 },
  "Соболь 3 рубля 1995 (инвестиционная)": { fineness: 900 },
};

const used = new Set<string>();
const catalog = coins.map((researched, index) => {
  const coin = { ...researched, ...knownSpecifications[researched.name_ru] } as Coin;
  // One name per mint, so the catalogue filter lists each mint once.
  coin.mint_ru = canonicalMint(coin.mint_ru);
  let slug = slugify(coin.name_ru.replace(/[«»()]/g, " "));
  while (used.has(slug)) slug = `${slug}-${index}`;
  used.add(slug);

  const pureGrams = coin.pure_metal_g!;
  // Total weight from the pure metal and the fineness where it was not published.
  const totalGrams = coin.total_weight_g ?? Math.round((pureGrams / (coin.fineness / 1000)) * 100) / 100;
  const russianInvestment = coin.kind === "bullion" && coin.issuer_ru.includes("Банк России");
  const r = pseudoRandom(coin.name_ru);

  // Premiums as Russian dealers set them: small gold coins cost more per gram, silver carries VAT.
  let premiumPercent: number;
  if (coin.metal === "gold") premiumPercent = pureGrams >= 500 ? 3 : pureGrams >= 30 ? 6 : pureGrams >= 7 ? 8 : 12;
  else premiumPercent = russianInvestment ? 28 : 45;
  if (coin.kind === "commemorative") premiumPercent += coin.quality_ru === "Пруф" ? 60 : 35;

  // Rare commemorative coins are priced by the numismatic market, not by metal.
  const fixed = coin.kind === "commemorative" && coin.mintage !== null && coin.mintage <= 3000;
  const stock = r < 0.1 ? 0 : Math.round(r * 40);
  const kindRu = coin.kind === "bullion" ? "Инвестиционная" : "Памятная";
  const metalRu = coin.metal === "gold" ? "золота" : "серебра";
  const parts = [
    `${kindRu} монета из ${metalRu} ${coin.fineness} пробы: ${pureGrams.toLocaleString("ru-RU")} г чистого металла, общий вес ${totalGrams.toLocaleString("ru-RU")} г.`,
    `Эмитент — ${coin.issuer_ru}${coin.mint_ru ? `, чеканка: ${coin.mint_ru}` : ""}.`,
    coin.years ? `Годы выпуска: ${cleanYears(coin.years)}.` : "",
    coin.quality_ru ? `Качество чеканки: ${coin.quality_ru}.` : "",
    coin.mintage ? `Тираж ${coin.mintage.toLocaleString("ru-RU")} шт.` : "",
    russianInvestment ? "Инвестиционные монеты Банка России не облагаются НДС." : "",
  ];

  return {
    slug,
    sku: `${coin.metal === "gold" ? "AU" : "AG"}-${String(index + 1).padStart(4, "0")}`,
    name: coin.name_ru,
    metal: coin.metal,
    kind: coin.kind === "bullion" ? "investment" : "commemorative",
    series: coin.series_ru,
    seriesSlug: seriesSlugs[coin.series_ru] ?? slugify(coin.series_ru),
    collection: sberbankSeries.has(coin.series_ru) ? "sberbank" : null,
    denomination: denomination(coin),
    denominationRub: coin.denomination_rub,
    country: coin.country_ru,
    issuer: coin.issuer_ru,
    mint: coin.mint_ru,
    years: cleanYears(coin.years),
    fineness: coin.fineness,
    totalGrams,
    pureGrams,
    diameterMm: coin.diameter_mm,
    quality: coin.quality_ru,
    mintage: coin.mintage,
    packaging: coin.kind === "commemorative" ? "Капсула в футляре" : "Капсула",
    certificate: coin.kind === "commemorative" && coin.issuer_ru.includes("Банк России") ? "Сертификат Банка России" : null,
    description: parts.filter(Boolean).join(" "),
    stock,
    pricing: fixed ? "fixed" : "metal",
    premiumPercent,
    fixedPremium: coin.metal === "silver" ? 150 : 0,
    fixedPrice: fixed ? Math.round((pureGrams * (coin.metal === "gold" ? 11_000 : 145) * (1 + premiumPercent / 100)) / 100) * 100 : null,
    buybackDiscountPercent: coin.metal === "gold" ? 5 : 22,
    vat: russianInvestment ? "exempt" : "included",
    // Newer listings first in "novelty" order: spread creation over the last months.
    ageDays: Math.round(r * 180),
  };
});

writeFileSync(path.join(root, "app/modules/catalog/demo-catalog.json"), `${JSON.stringify(catalog, null, 1)}\n`);
console.log(`${catalog.length} coins written`);
