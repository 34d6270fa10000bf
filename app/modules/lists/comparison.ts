import { formatFineness, formatGrams, formatMillimetres, formatMoney } from "../shared/format.ts";
import type { ProductDetails } from "../catalog/types.ts";

/** The rows of the comparison table: a characteristic and each coin's value. */
export type ComparisonRow = { name: string; values: string[]; differs: boolean };

const characteristics: [string, (p: ProductDetails) => string][] = [
  ["Цена", (p) => (p.price !== null ? formatMoney(p.price) : "—")],
  ["Цена грамма металла", (p) => (p.pricePerGram !== null ? formatMoney(p.pricePerGram, 2) : "—")],
  ["Наценка к металлу", (p) => (p.premiumPercent !== null ? `${String(p.premiumPercent).replace(".", ",")} %` : "—")],
  ["Цена выкупа сегодня", (p) => (p.value?.buyback != null ? formatMoney(p.value.buyback) : "—")],
  ["Спред (продажа − выкуп)", (p) => (p.value?.spreadPercent != null ? `${String(p.value.spreadPercent).replace(".", ",")} %` : "—")],
  ["Металл", (p) => (p.metal === "gold" ? "Золото" : "Серебро")],
  ["Проба", (p) => formatFineness(p.fineness)],
  ["Вес чистого металла", (p) => `${formatGrams(p.pureGrams)} г`],
  ["Общий вес", (p) => `${formatGrams(p.totalGrams)} г`],
  ["Номинал", (p) => p.denomination],
  ["Тип", (p) => (p.kind === "investment" ? "Инвестиционная" : "Памятная")],
  ["Страна", (p) => p.country],
  ["Монетный двор", (p) => p.mint ?? "—"],
  ["Годы выпуска", (p) => p.years || "—"],
  ["Диаметр", (p) => (p.diameterMm !== null ? `${formatMillimetres(p.diameterMm)} мм` : "—")],
  ["Качество", (p) => p.quality ?? "—"],
  ["Тираж", (p) => (p.mintage !== null ? `${p.mintage.toLocaleString("ru-RU")} шт.` : "—")],
  ["НДС", (p) => (p.vat === "exempt" ? "Не облагается" : "Включён")],
  ["Наличие", (p) => (p.inStock ? "В наличии" : "Нет в наличии")],
];

/** Side-by-side characteristics; a row is marked when the coins' values differ. */
export function comparisonRows(products: ProductDetails[]): ComparisonRow[] {
  return characteristics.map(([name, value]) => {
    const values = products.map(value);
    return { name, values, differs: new Set(values).size > 1 };
  });
}
