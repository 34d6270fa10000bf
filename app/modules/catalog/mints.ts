/**
 * One name per mint. Sources and operators write the same mint several ways ('СПМД',
 * 'Санкт-Петербургский монетный двор (СПБ)', 'ЛМД'); the catalogue filter lists each
 * name it finds, so each mint must have exactly one. Used by the demo catalogue's
 * generator and by the operator's import, so neither can bring a duplicate back.
 */

export const MOSCOW_MINT = "Московский монетный двор (ММД)";
export const SAINT_PETERSBURG_MINT = "Санкт-Петербургский монетный двор (СПМД)";
export const US_MINT = "Монетный двор США";

/** Between the mints of a coin struck at more than one (the 1995 Соболь: ЛМД and ММД). */
export const MINT_SEPARATOR = "; ";

/** Spellings (lower case, spaces collapsed) of the mints written more than one way. */
const aliases: Record<string, string> = {
  ммд: MOSCOW_MINT,
  "московский монетный двор": MOSCOW_MINT,
  "московский монетный двор (ммд)": MOSCOW_MINT,
  спмд: SAINT_PETERSBURG_MINT,
  спб: SAINT_PETERSBURG_MINT,
  // The Leningrad Mint is the Saint Petersburg Mint under its Soviet name (mark ЛМД until 1997).
  лмд: SAINT_PETERSBURG_MINT,
  "ленинградский монетный двор": SAINT_PETERSBURG_MINT,
  "ленинградский монетный двор (лмд)": SAINT_PETERSBURG_MINT,
  "санкт-петербургский монетный двор": SAINT_PETERSBURG_MINT,
  "санкт-петербургский монетный двор (спб)": SAINT_PETERSBURG_MINT,
  "санкт-петербургский монетный двор (спмд)": SAINT_PETERSBURG_MINT,
  // The branch (West Point, San Francisco) is not a different mint.
  "монетный двор сша": US_MINT,
  "монетный двор сша (уэст-пойнт)": US_MINT,
  "монетный двор сша (уэст-пойнт / сан-франциско)": US_MINT,
  "монетный двор сша (сан-франциско)": US_MINT,
  "us mint": US_MINT,
  "united states mint": US_MINT,
};

function canonicalOne(name: string): string {
  const trimmed = name.replace(/\s+/g, " ").trim();
  return aliases[trimmed.toLowerCase()] ?? trimmed;
}

/**
 * The canonical name of a mint as written ('СПМД' → 'Санкт-Петербургский монетный двор (СПМД)'),
 * several mints ('ЛМД/ММД', 'ММД и СПМД') each named once and joined by '; ', in the order
 * written; a name it does not know stays as written. Null for nothing.
 */
export function canonicalMint(name: string | null | undefined): string | null {
  if (!name?.trim()) return null;
  const whole = canonicalOne(name);
  if (whole !== name.replace(/\s+/g, " ").trim() || !/[/;]|\sи\s/.test(name)) return whole;
  // A list of mints: split outside parentheses ('США (Уэст-Пойнт / Сан-Франциско)' is one).
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (let index = 0; index < name.length; index++) {
    const char = name[index]!;
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    const separator = depth === 0 && (char === "/" || char === ";" || (char === " " && name.startsWith(" и ", index)));
    if (separator) {
      parts.push(current);
      current = "";
      if (char === " ") index += 2;
    } else current += char;
  }
  parts.push(current);
  const names = [...new Set(parts.filter((part) => part.trim()).map(canonicalOne))];
  return names.join(MINT_SEPARATOR) || null;
}

/** The mints of a product's mint field, each once: what the filter offers. */
export function mintsOf(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(MINT_SEPARATOR)
    .map((name) => name.trim())
    .filter(Boolean);
}
