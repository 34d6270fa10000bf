/**
 * The catalogue's sorting and filters as GET parameters (shared by the server and the
 * filter form). Unknown or malformed values are ignored rather than failing the page.
 */
import type { Metal } from "../db/column-values.ts";

export const PAGE_SIZE = 24;

export const sortOptions = [
  { id: "new", label: "Сначала новинки" },
  { id: "price-asc", label: "Сначала дешевле" },
  { id: "price-desc", label: "Сначала дороже" },
  { id: "per-gram", label: "Дешевле за грамм" },
  { id: "premium", label: "Меньше наценка" },
  { id: "weight-asc", label: "Легче" },
  { id: "weight-desc", label: "Тяжелее" },
  { id: "name", label: "По названию" },
] as const;
export type SortId = (typeof sortOptions)[number]["id"];

export const metalOptions = [
  { id: "gold", label: "Золото" },
  { id: "silver", label: "Серебро" },
] as const;

export const kindOptions = [
  { id: "investment", label: "Инвестиционные" },
  { id: "commemorative", label: "Памятные" },
] as const;

/** Weight of pure metal, in the bands buyers think in (1/4 oz, 1/2 oz, 1 oz, more). */
export const weightOptions = [
  { id: "to-8", label: "до 8 г (¼ унции)", min: 0, max: 8 },
  { id: "8-16", label: "8–16 г (½ унции)", min: 8, max: 16 },
  { id: "16-32", label: "16–32 г (1 унция)", min: 16, max: 32 },
  { id: "over-32", label: "больше 32 г", min: 32, max: Number.POSITIVE_INFINITY },
] as const;
export type WeightId = (typeof weightOptions)[number]["id"];

export type ListingFilters = {
  metal?: Metal;
  kind?: "investment" | "commemorative";
  series?: string;
  country?: string;
  mint?: string;
  weight?: WeightId;
  priceFrom?: number;
  priceTo?: number;
  inStock?: boolean;
};

export type ListingQuery = { filters: ListingFilters; sort: SortId };

const slugPattern = /^[a-z0-9-]{1,80}$/;

function oneOf<T extends string>(value: string | null, options: readonly { id: T }[]): T | undefined {
  return options.find((option) => option.id === value)?.id;
}

function price(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value.replace(/\s/g, ""))) return undefined;
  return Number(value.replace(/\s/g, ""));
}

/** A free-text filter (country, mint): at most 120 characters, and no control characters (PostgreSQL refuses NUL). */
function text(value: string | null): string | undefined {
  const trimmed = value?.trim();
  // oxlint-disable-next-line no-control-regex -- control characters are what this refuses
  return trimmed && trimmed.length <= 120 && !/[\u0000-\u001f\u007f]/.test(trimmed) ? trimmed : undefined;
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const series = params.get("series");
  return {
    sort: oneOf(params.get("sort"), sortOptions) ?? "new",
    filters: {
      metal: oneOf(params.get("metal"), metalOptions),
      kind: oneOf(params.get("kind"), kindOptions),
      series: series && slugPattern.test(series) ? series : undefined,
      country: text(params.get("country")),
      mint: text(params.get("mint")),
      weight: oneOf(params.get("weight"), weightOptions),
      priceFrom: price(params.get("price_from")),
      priceTo: price(params.get("price_to")),
      inStock: params.get("in_stock") === "1" ? true : undefined,
    },
  };
}

/** The query string of a listing, without defaults, for links (sorting, pages). */
export function listingSearch(query: ListingQuery, overrides: Partial<{ sort: SortId }> = {}): string {
  const params = new URLSearchParams();
  const { filters } = query;
  const sort = overrides.sort ?? query.sort;
  if (filters.metal) params.set("metal", filters.metal);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.series) params.set("series", filters.series);
  if (filters.country) params.set("country", filters.country);
  if (filters.mint) params.set("mint", filters.mint);
  if (filters.weight) params.set("weight", filters.weight);
  if (filters.priceFrom !== undefined) params.set("price_from", String(filters.priceFrom));
  if (filters.priceTo !== undefined) params.set("price_to", String(filters.priceTo));
  if (filters.inStock) params.set("in_stock", "1");
  if (sort !== "new") params.set("sort", sort);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A section's saved filter (catalog_sections.filter) as listing filters plus the section-only keys. */
export type SectionFilter = {
  metal?: string;
  kind?: string;
  series?: string;
  country?: string;
  collection?: string;
  denomination?: number;
};
