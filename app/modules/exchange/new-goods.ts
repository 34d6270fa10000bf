import type { NewGoodFields } from "../db/schema.ts";

/**
 * What a new good from 1C brings towards a coin (decision 053), pure: the metal, fineness and
 * weights read from its properties or requisites by their usual Russian names, and the values of
 * its group's catalogue section (a section is a saved filter: a coin with those values is in it).
 */

const numberOf = (text: string): number | undefined => {
  const match = /-?\d+(?:[.,]\d+)?/.exec(text.replace(/[\s\u00a0]/g, ""));
  const value = match ? Number(match[0].replace(",", ".")) : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

const key = (name: string) => name.trim().toLowerCase().replaceAll("ё", "е");

/** Names a dealer's 1C gives these properties (УТ 11's «Вес» requisite, a property «Металл»…). */
const names = {
  metal: ["металл", "материал", "металл монеты"],
  fineness: ["проба", "проба металла"],
  totalGrams: ["вес", "масса", "вес, г", "масса, г", "общий вес", "общая масса", "вес общий", "масса общая"],
  pureGrams: ["чистый вес", "вес чистого металла", "масса чистого металла", "содержание чистого металла", "содержание металла", "чистого металла, г"],
} as const;

function metalOf(value: string): NewGoodFields["metal"] {
  const text = key(value);
  if (/золот|\bau\b|gold/.test(text)) return "gold";
  if (/серебр|\bag\b|silver/.test(text)) return "silver";
  return undefined;
}

/** The fields the properties give; one not given or not readable is left out (staff fill it in). */
export function fieldsFromProperties(properties: ReadonlyArray<{ name: string; value: string }>): NewGoodFields {
  const fields: NewGoodFields = {};
  for (const { name, value } of properties) {
    const named = key(name);
    if ((names.metal as readonly string[]).includes(named)) fields.metal ??= metalOf(value);
    else if ((names.fineness as readonly string[]).includes(named)) {
      const fineness = numberOf(value);
      // «0,999» and «999» are the same fineness.
      const perMille = fineness !== undefined && fineness <= 1 ? fineness * 1000 : fineness;
      if (perMille !== undefined && perMille <= 1000) fields.fineness ??= Math.round(perMille * 10) / 10;
    } else if ((names.totalGrams as readonly string[]).includes(named)) fields.totalGrams ??= numberOf(value);
    else if ((names.pureGrams as readonly string[]).includes(named)) fields.pureGrams ??= numberOf(value);
  }
  return fields;
}

/** A section's saved filter as a coin's fields (the keys catalog/listing.ts's SectionFilter reads). */
export function fieldsFromSection(filter: Record<string, string | number>, seriesNames: ReadonlyMap<string, string>): NewGoodFields {
  const fields: NewGoodFields = {};
  if (filter.metal === "gold" || filter.metal === "silver") fields.metal = filter.metal;
  if (filter.kind === "investment" || filter.kind === "commemorative") fields.kind = filter.kind;
  if (typeof filter.series === "string" && filter.series) {
    fields.seriesSlug = filter.series;
    const name = seriesNames.get(filter.series);
    if (name) fields.series = name;
  }
  if (typeof filter.country === "string" && filter.country) fields.country = filter.country;
  if (typeof filter.collection === "string" && filter.collection) fields.collection = filter.collection;
  if (typeof filter.denomination === "number") fields.denominationRub = filter.denomination;
  return fields;
}

/** The fields a coin needs before it may go on sale, in staff's words, that a new good still lacks. */
export function missingForSale(good: { fields: NewGoodFields; price: number | null }): string[] {
  const { fields } = good;
  const missing: string[] = [];
  if (!fields.metal) missing.push("металл");
  if (!fields.fineness) missing.push("проба");
  if (!fields.totalGrams) missing.push("общий вес");
  if (!fields.pureGrams) missing.push("чистый вес");
  if (!fields.kind) missing.push("вид монеты");
  if (!fields.country) missing.push("страна");
  // 1C sends neither; the price is chosen on publishing (1C's own price, when it sent one, is offered as the fixed price).
  missing.push("номинал", "эмитент");
  if (good.price === null) missing.push("цена");
  return missing;
}

/** The publishing form's fields in Russian, for the catalogue import's messages (which name the field). */
export const newGoodFieldLabels: Record<string, string> = {
  sku: "Артикул",
  slug: "Адрес на сайте",
  name: "Название",
  metal: "Металл",
  kind: "Вид монеты",
  fineness: "Проба",
  totalGrams: "Общий вес, г",
  pureGrams: "Чистый вес, г",
  denomination: "Номинал",
  country: "Страна",
  issuer: "Эмитент",
  pricing: "Цена",
  premiumPercent: "Наценка, %",
  fixedPrice: "Фиксированная цена, ₽",
  description: "Описание",
};
