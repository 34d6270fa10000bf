// HTML reading for the HTTP suites: a page is parsed into a DOM tree (htmlparser2; the server's
// markup is React's, well-formed) and read with CSS selectors (css-select). `tags` and `attribute` still
// hand out opening tags as text for the suites that compare markup itself. Not happy-dom: it
// costs about fourteen times the CPU per page and keeps every document it parsed (decision 047).
import { selectAll as cssSelectAll, selectOne as cssSelectOne } from "css-select";
import { DomUtils, parseDocument } from "htmlparser2";

type Document = ReturnType<typeof parseDocument>;
export type PageElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];
// css-select's types name its own copy of domhandler, an older one than htmlparser2's; the trees
// are the same shape, so only the type is converted here.
type SelectRoot = Parameters<typeof cssSelectAll>[1];

// A test reads one page several times in a row (a value, then another), so the last few
// parsed pages are kept. Bounded: a page is large.
const recentPages = new Map<string, Document>();
const recentPagesMax = 8;

/** The page (or a fragment of one) as a DOM document; treat it as read-only, it may be shared. */
export function parsePage(html: string): Document {
  const known = recentPages.get(html);
  if (known) return known;
  const page = parseDocument(html, { decodeEntities: true });
  recentPages.set(html, page);
  if (recentPages.size > recentPagesMax) recentPages.delete(recentPages.keys().next().value!);
  return page;
}

/** A node's text as a reader sees it in the markup (comments left out): whitespace runs as one space, trimmed. */
export function textOf(node: Document | PageElement | undefined): string {
  return node ? DomUtils.textContent(node).replace(/\s+/g, " ").trim() : "";
}

/** A value for a CSS attribute selector's double quotes. */
const quoted = (value: string) => value.replace(/["\\]/g, "\\$&");

/** Every element the CSS selector matches, in page order. */
export function selectAll(html: string, selector: string): PageElement[] {
  return cssSelectAll(selector, parsePage(html) as SelectRoot) as PageElement[];
}

/** The first element the CSS selector matches, or undefined. */
export function select(html: string, selector: string): PageElement | undefined {
  return (cssSelectOne(selector, parsePage(html) as SelectRoot) as PageElement | null) ?? undefined;
}

/** The elements inside `element` that the CSS selector matches, in page order. */
export function selectAllIn(element: PageElement, selector: string): PageElement[] {
  return cssSelectAll(selector, element as SelectRoot) as PageElement[];
}

/** The first element inside `element` that the CSS selector matches, or undefined. */
export function selectIn(element: PageElement | undefined, selector: string): PageElement | undefined {
  return element ? ((cssSelectOne(selector, element as SelectRoot) as PageElement | null) ?? undefined) : undefined;
}

/** An element's attribute, or undefined. */
export const attributeOf = (element: PageElement | undefined, name: string): string | undefined => element?.attribs[name];

/** Text with tags and comments removed and entities decoded (script and style text included, as in the markup). */
export function textContent(html: string): string {
  return textOf(parsePage(html));
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
  return selectAll(html, "h1").map(textOf);
}

/** The <title> text. */
export function titleText(html: string): string | undefined {
  const title = select(html, "title");
  return title ? textOf(title) : undefined;
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
  return selectAll(html, 'script[type="application/ld+json"]').map((script) => JSON.parse(DomUtils.textContent(script)) as Record<string, unknown>);
}

/** The content of <meta name="robots">, or undefined when the page has none. */
export function robotsMeta(html: string): string | undefined {
  return attributeOf(select(html, 'meta[name="robots"]'), "content");
}

/** The href of <link rel="canonical">, or undefined. */
export function canonicalHref(html: string): string | undefined {
  return attributeOf(select(html, 'link[rel="canonical"]'), "href");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The elements carrying data-testid="…", in page order. */
export function byTestId(html: string, testId: string): PageElement[] {
  return selectAll(html, `[data-testid="${quoted(testId)}"]`);
}

/** The text of the first element carrying data-testid="…" (elements nested in it included), or undefined. */
export function textByTestId(html: string, testId: string): string | undefined {
  const [element] = byTestId(html, testId);
  return element ? textOf(element) : undefined;
}

/** The form controls named `name`, in page order. */
function controls(html: string, name: string, selector = "input"): PageElement[] {
  return selectAll(html, `${selector}[name="${quoted(name)}"]`);
}

/** The value of the first input named `name` (hidden fields such as the checkout's token), or undefined. */
export function inputValue(html: string, name: string): string | undefined {
  const [input] = controls(html, name);
  return input ? (attributeOf(input, "value") ?? "") : undefined;
}

/** The values of the radio buttons named `name`, in page order. */
export function radioValues(html: string, name: string): string[] {
  return controls(html, name, 'input[type="radio"]').map((radio) => attributeOf(radio, "value") ?? "");
}

/** The value of the checked radio button named `name`, or undefined when none is checked. */
export function checkedRadio(html: string, name: string): string | undefined {
  const radio = controls(html, name, 'input[type="radio"]').find((candidate) => "checked" in candidate.attribs);
  return radio ? (attributeOf(radio, "value") ?? "") : undefined;
}
