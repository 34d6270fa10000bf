import type { ProductImage } from "#app/modules/db/schema.ts";
import { ipxUrl } from "#app/modules/images/image-url.ts";

/** A product picture through /_ipx (webp), with its intrinsic size so nothing shifts while it loads. */
export function CoinImage({ image, sizes, priority = false }: { image: ProductImage; sizes: string; priority?: boolean }) {
  const widths = [160, 320, 640].filter((width) => width <= image.width);
  return (
    <img
      src={ipxUrl(image.src, { width: Math.min(640, image.width) })}
      srcSet={widths.map((width) => `${ipxUrl(image.src, { width })} ${width}w`).join(", ")}
      sizes={sizes}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      style={{ width: "100%", height: "auto" }}
    />
  );
}
