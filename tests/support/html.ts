// Just enough HTML reading for the HTTP suites: the server's markup is React's, regular
// and attribute-quoted, so a few patterns are clearer than a parser here.

/** Text with tags removed, React's <!-- --> separators dropped and entities decoded. */
export function textContent(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

/** The text of every <h1> of the page. */
export function h1Texts(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textContent(match[1]!));
}

/** The <title> text. */
export function titleText(html: string): string | undefined {
  const match = /<title>([\s\S]*?)<\/title>/.exec(html);
  return match ? textContent(match[1]!) : undefined;
}

/** The opening tags that carry data-testid="…" (one per element). */
export function findByTestId(html: string, testId: string): string[] {
  const pattern = new RegExp(`<[a-zA-Z][^>]*\\bdata-testid="${escapeRegExp(testId)}"[^>]*>`, "g");
  return [...html.matchAll(pattern)].map((match) => match[0]);
}

/** Every opening tag of a kind, e.g. tags(html, "link"). */
export function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((match) => match[0]);
}

/** An attribute of an opening tag (decoded), or undefined. */
export function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${escapeRegExp(name)}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]!) : undefined;
}

/** The class names of an opening tag. */
export function classNames(tag: string): string[] {
  return (attribute(tag, "class") ?? "").split(/\s+/).filter(Boolean);
}

/** The parsed JSON-LD blocks of the page. */
export function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/** The content of <meta name="robots">, or undefined when the page has none. */
export function robotsMeta(html: string): string | undefined {
  const tag = tags(html, "meta").find((meta) => attribute(meta, "name") === "robots");
  return tag ? attribute(tag, "content") : undefined;
}

/** The href of <link rel="canonical">, or undefined. */
export function canonicalHref(html: string): string | undefined {
  const tag = tags(html, "link").find((link) => attribute(link, "rel") === "canonical");
  return tag ? attribute(tag, "href") : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The text of the first element carrying data-testid="…", up to its closing tag (elements
 * of the same name nested inside it are not supported: keep test ids on leaf-like elements).
 */
export function textByTestId(html: string, testId: string): string | undefined {
  const pattern = new RegExp(`<([a-zA-Z][\\w-]*)[^>]*\\bdata-testid="${escapeRegExp(testId)}"[^>]*>([\\s\\S]*?)</\\1>`);
  const match = pattern.exec(html);
  return match ? textContent(match[2]!) : undefined;
}

/** The value of the first input named `name` (hidden fields such as the checkout's token), or undefined. */
export function inputValue(html: string, name: string): string | undefined {
  const tag = tags(html, "input").find((candidate) => attribute(candidate, "name") === name);
  return tag ? (attribute(tag, "value") ?? "") : undefined;
}

/** The values of the radio buttons named `name`, in page order. */
export function radioValues(html: string, name: string): string[] {
  return tags(html, "input")
    .filter((tag) => attribute(tag, "name") === name && attribute(tag, "type") === "radio")
    .map((tag) => attribute(tag, "value") ?? "");
}

/** The value of the checked radio button named `name`, or undefined when none is checked. */
export function checkedRadio(html: string, name: string): string | undefined {
  const tag = tags(html, "input").find((candidate) => attribute(candidate, "name") === name && attribute(candidate, "type") === "radio" && /\schecked(=|\s|>|\/)/.test(candidate));
  return tag ? attribute(tag, "value") : undefined;
}
