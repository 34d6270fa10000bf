import { serializeJsonLd } from "#app/modules/seo/json-ld.ts";

/** Structured data for search engines; values are escaped so they cannot end the script. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
