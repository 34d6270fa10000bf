import { formatFineness, formatGrams } from "#app/modules/shared/format.ts";
import type { Metal } from "#app/modules/db/column-values.ts";

export const metalNames = { gold: "Золото", silver: "Серебро" } as const;
export const metalSymbols = { gold: "Au", silver: "Ag" } as const;

/** "7,78 г · Au 999" — the two facts a bullion buyer reads first. */
export function weightAndFineness(product: { metal: Metal; pureGrams: number; fineness: number }): string {
  return `${formatGrams(product.pureGrams)} г · ${metalSymbols[product.metal]} ${formatFineness(product.fineness)}`;
}

/** "1 монета", "3 монеты", "12 монет". */
export function pluralRu(count: number, forms: [one: string, few: string, many: string]): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return forms[0];
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return forms[1];
  return forms[2];
}
