/**
 * The Yandex Market Language feed (/yml.xml) for Yandex Products and Direct: the shop,
 * rouble currency, metal/kind categories and one offer per active coin with a price.
 * Format: research/integrations.md section 9 (simplified offer type, RFC 3339 date).
 */
import { isComing } from "../launches/launch.ts";
import { listActiveProducts, productPrice, type ProductRow } from "../catalog/products.server.ts";
import type { Database } from "../db/client.server.ts";
import type { MetalRates } from "../pricing/pricing.ts";
import { escapeMarkup } from "../shared/escape-markup.ts";
import { SHOP_TIME_ZONE } from "../shared/format.ts";
import { shop } from "../shop/contacts.ts";

export type YmlCategory = { id: number; name: string; parentId?: number };

/** Metals at the top, investment and commemorative coins of each metal below. Ids are stable. */
export const ymlCategories: readonly YmlCategory[] = [
  { id: 1, name: "Золотые монеты" },
  { id: 2, name: "Серебряные монеты" },
  { id: 3, name: "Золотые инвестиционные монеты", parentId: 1 },
  { id: 4, name: "Золотые памятные монеты", parentId: 1 },
  { id: 5, name: "Серебряные инвестиционные монеты", parentId: 2 },
  { id: 6, name: "Серебряные памятные монеты", parentId: 2 },
];

export function ymlCategoryId(metal: ProductRow["metal"], kind: ProductRow["kind"]): number {
  if (metal === "gold") return kind === "investment" ? 3 : 4;
  return kind === "investment" ? 5 : 6;
}

export type YmlParam = { name: string; value: string; unit?: string };

export type YmlOffer = {
  /** The SKU: stable across feeds, as Direct requires. */
  id: string;
  available: boolean;
  url: string;
  /** Roubles; a dot decimal when there are kopecks. */
  price: number;
  categoryId: number;
  pictures: string[];
  name: string;
  vendor: string;
  description: string;
  params: YmlParam[];
  count: number;
};

export type YmlFeed = {
  date: Date;
  shop: { name: string; company: string; url: string };
  categories: readonly YmlCategory[];
  offers: YmlOffer[];
};

/** Yandex's limits: a name of at most 150 characters, a description of at most 3000, up to 10 pictures. */
const NAME_MAX = 150;
const DESCRIPTION_MAX = 3000;
const PICTURES_MAX = 10;

const metalNames = { gold: "Золото", silver: "Серебро" } as const;

/** 7.78 → "7,78": the decimal comma of the shop's pages; integers stay as they are. */
const russianNumber = (value: number) => String(value).replace(".", ",");

/** The picture as an 800 px JPEG through the image proxy, absolute. */
export function ymlPictureUrl(publicUrl: string, src: string): string {
  const path = /^https?:\/\//.test(src) ? src : src.replace(/^\/+/, "");
  return `${publicUrl}/_ipx/f_jpeg,w_800/${encodeURI(path)}`;
}

/** The offer of one product, or null when it has no price (no quotes yet for a metal-priced coin). */
export function productOffer(row: ProductRow, rates: MetalRates | null, publicUrl: string, now = new Date()): YmlOffer | null {
  const price = productPrice(row, rates);
  if (price === null || !(price > 0)) return null;
  return {
    id: row.sku,
    // An announced coin is not offered as available before its sales open.
    available: row.stock > 0 && !isComing(row.salesOpenAt, now),
    url: `${publicUrl}/products/${encodeURIComponent(row.slug)}`,
    price,
    categoryId: ymlCategoryId(row.metal, row.kind),
    pictures: row.images.slice(0, PICTURES_MAX).map((image) => ymlPictureUrl(publicUrl, image.src)),
    name: row.name.slice(0, NAME_MAX),
    vendor: row.issuer,
    description: row.description.slice(0, DESCRIPTION_MAX),
    params: [
      { name: "Металл", value: metalNames[row.metal] },
      { name: "Проба", value: russianNumber(row.fineness) },
      { name: "Вес чистого металла", value: russianNumber(row.pureGrams), unit: "г" },
      { name: "Страна", value: row.country },
    ],
    count: row.stock,
  };
}

export function buildYmlFeed(rows: ProductRow[], rates: MetalRates | null, publicUrl: string, now = new Date()): YmlFeed {
  return {
    date: now,
    shop: { name: shop.name, company: shop.legalName, url: publicUrl },
    categories: ymlCategories,
    offers: rows.flatMap((row) => productOffer(row, rates, publicUrl, now) ?? []),
  };
}

/** "2026-04-02T14:37+03:00": RFC 3339 with the zone, in Moscow time, as the Market guide shows it. */
export function ymlDate(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: SHOP_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = (parts.timeZoneName ?? "GMT").replace(/^GMT/, "") || "+00:00";
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}${offset}`;
}

const element = (name: string, value: string | number, attributes = "") => `<${name}${attributes}>${escapeMarkup(String(value))}</${name}>`;

function renderOffer(offer: YmlOffer): string {
  const lines = [
    element("name", offer.name),
    element("vendor", offer.vendor),
    element("url", offer.url),
    element("price", String(offer.price)),
    element("currencyId", "RUB"),
    element("categoryId", offer.categoryId),
    ...offer.pictures.map((picture) => element("picture", picture)),
    ...(offer.description ? [element("description", offer.description)] : []),
    ...offer.params.map((param) =>
      element("param", param.value, ` name="${escapeMarkup(param.name)}"${param.unit ? ` unit="${escapeMarkup(param.unit)}"` : ""}`),
    ),
    element("count", offer.count),
  ];
  return [`      <offer id="${escapeMarkup(offer.id)}" available="${offer.available}">`, ...lines.map((line) => `        ${line}`), "      </offer>"].join(
    "\n",
  );
}

export function renderYml(feed: YmlFeed): string {
  const categories = feed.categories.map(
    (category) => `      <category id="${category.id}"${category.parentId ? ` parentId="${category.parentId}"` : ""}>${escapeMarkup(category.name)}</category>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(feed.date)}">`,
    "  <shop>",
    `    ${element("name", feed.shop.name)}`,
    `    ${element("company", feed.shop.company)}`,
    `    ${element("url", feed.shop.url)}`,
    '    <currencies><currency id="RUB" rate="1"/></currencies>',
    "    <categories>",
    ...categories,
    "    </categories>",
    "    <offers>",
    ...feed.offers.map(renderOffer),
    "    </offers>",
    "  </shop>",
    "</yml_catalog>",
    "",
  ].join("\n");
}

/** The whole feed of the active catalogue at today's prices. */
export async function renderYmlFeed(db: Database, rates: MetalRates | null, publicUrl: string, now = new Date()): Promise<string> {
  return renderYml(buildYmlFeed(await listActiveProducts(db), rates, publicUrl, now));
}
