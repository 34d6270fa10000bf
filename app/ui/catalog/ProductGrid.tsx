import type { ProductCard as ProductCardData } from "#app/modules/catalog/types.ts";
import { grid } from "./catalog.css.ts";
import { ProductCard } from "./ProductCard.tsx";

/** A grid of catalogue cards; the first `priority` pictures load at once. */
export default function ProductGrid({ products, returnTo, priority = 0 }: { products: ProductCardData[]; returnTo: string; priority?: number }) {
  return (
    <ul className={grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} returnTo={returnTo} priority={index < priority} />
        </li>
      ))}
    </ul>
  );
}
