import type { ProductDetails } from "../catalog/types.ts";

/**
 * Product + Offer structured data (integrations.md section 8). The price is the one the
 * page shows, valid only briefly since it follows the metal market. The rating and reviews are
 * the published ones the page shows.
 */
export function productJsonLd(
  product: ProductDetails,
  options: {
    url: string;
    imageUrls: string[];
    priceValidUntil: string;
    reviews: ReadonlyArray<{ rating: number; text: string; authorName: string; day: string }>;
  },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: product.description,
    image: options.imageUrls,
    brand: { "@type": "Brand", name: product.issuer },
    material: product.metal === "gold" ? "Золото" : "Серебро",
    weight: { "@type": "QuantitativeValue", value: product.totalGrams, unitCode: "GRM" },
    ...(product.price !== null
      ? {
          offers: {
            "@type": "Offer",
            url: options.url,
            price: product.price.toFixed(2),
            priceCurrency: "RUB",
            priceValidUntil: options.priceValidUntil,
            availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            itemCondition: "https://schema.org/NewCondition",
          },
        }
      : {}),
    // Only what buyers wrote and staff published: no rating without reviews behind it.
    ...(product.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: options.reviews.map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            datePublished: review.day,
            reviewBody: review.text,
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
