import type { ProductImage } from "../db/schema.ts";
import type { CoinValue } from "./coin-value.ts";
import type { Metal } from "../db/column-values.ts";

/** What a catalogue card shows. Prices are computed here, on the server, from the current quotes. */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  metal: Metal;
  kind: "investment" | "commemorative";
  pureGrams: number;
  fineness: number;
  image: ProductImage | null;
  /** Null only while no quotes have ever been fetched and the coin's price follows the metal. */
  price: number | null;
  stock: number;
  inStock: boolean;
  /** An announced coin's opening moment (ISO), while it may still be ahead; pages compare it with the clock when they render. */
  salesOpenAt: string | null;
  /**
   * The card's value figures as the buyer reads them, formatted on the
   * server so the card adds no code to the page: "11 717 ₽ за 1 г · наценка 7,0 %" and
   * "Выкуп 76 671 ₽ · спред 15,9 %". Null while there is no price.
   */
  figures: { perGram: string; buyback: string | null } | null;
  /** The published reviews' average (one decimal) and count; null while none is published. */
  rating: CoinRating | null;
};

export type CoinRating = { average: number; count: number };

export type ProductDetails = ProductCard & {
  /** Per gram, premium, buy-back and spread as numbers; null while there is no price. */
  value: CoinValue | null;
  sku: string;
  series: string;
  denomination: string;
  country: string;
  issuer: string;
  mint: string | null;
  years: string;
  totalGrams: number;
  pureOunces: number;
  diameterMm: number | null;
  quality: string | null;
  mintage: number | null;
  packaging: string | null;
  certificate: string | null;
  description: string;
  images: ProductImage[];
  vat: "exempt" | "included";
  premiumPercent: number | null;
  pricePerGram: number | null;
  buybackPrice: number | null;
  pricing: "metal" | "fixed";
  collection: string | null;
  seriesSlug: string;
  denominationRub: number | null;
};
