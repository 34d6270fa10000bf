import type { ProductImage } from "../db/schema.ts";

/** What a catalogue card shows. Prices are computed here, on the server, from the current quotes. */
export type ProductCard = {
  id: number;
  slug: string;
  name: string;
  metal: "gold" | "silver";
  kind: "investment" | "commemorative";
  pureGrams: number;
  fineness: number;
  image: ProductImage | null;
  /** Null only while no quotes have ever been fetched and the coin's price follows the metal. */
  price: number | null;
  stock: number;
  inStock: boolean;
};

export type ProductDetails = ProductCard & {
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
