/**
 * Text safe in XML 1.0 (and HTML) element content and quoted attributes: the five special
 * characters escaped, characters XML forbids (most control characters, lone surrogates,
 * U+FFFE/U+FFFF) dropped. Shared by the YML feed, the sitemap, the coin pictures and the
 * map balloons (whose content Yandex renders as HTML). No server code: the map uses it.
 */
export function escapeMarkup(value: string): string {
  return (
    value
      // oxlint-disable-next-line no-control-regex -- the control characters XML forbids are what this drops
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}
