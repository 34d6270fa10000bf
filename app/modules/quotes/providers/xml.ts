/**
 * Just enough XML for the Bank of Russia's flat answers: elements with attributes (any
 * order, single or double quotes, any whitespace), text, CDATA, comments, the XML
 * declaration, self-closing elements and the five predefined entities plus character
 * references. The document must be well formed: one root, every element closed by its
 * own name; anything else (an HTML page, a truncated body, garbage) is an XmlParseError.
 * No DTDs, no namespaces beyond treating "a:b" as a plain name.
 */

export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), entities decoded, untrimmed. */
  text: string;
};

export class XmlParseError extends Error {
  override name = "XmlParseError";
}

const NAME = "[A-Za-z_][\\w.:-]*";
// One token at the current position (sticky): comment, processing instruction or
// declaration, doctype, CDATA, end tag, start or empty tag, text.
const TOKEN = new RegExp(
  [
    "(<!--[\\s\\S]*?-->)",
    "(<\\?[\\s\\S]*?\\?>)",
    "(<!DOCTYPE(?:[^>\\[]|\\[[^\\]]*\\])*>)",
    "<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>",
    `<\\/(${NAME})\\s*>`,
    `<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(\\/?)>`,
    "([^<]+)",
  ].join("|"),
  "iy",
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the predefined entities and character references; leaves unknown ones alone. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]+|#x[0-9a-fA-F]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

function parseAttributes(source: string, offset: number): Record<string, string> {
  const attributes: Record<string, string> = Object.create(null);
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!;
    if (name in attributes) throw new XmlParseError(`Attribute "${name}" repeated at offset ${offset}`);
    attributes[name] = decodeEntities(match[2] ?? match[3] ?? "");
  }
  return attributes;
}

/** Parses a whole document and returns its root element. */
export function parseXml(source: string): XmlElement {
  const input = source.startsWith("\uFEFF") ? source.slice(1) : source;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < input.length) {
    const offset = TOKEN.lastIndex;
    const match = TOKEN.exec(input);
    if (!match) throw new XmlParseError(`Malformed markup at offset ${offset}: ${JSON.stringify(input.slice(offset, offset + 30))}`);
    const [, comment, instruction, doctype, cdata, endName, startName, attributeSource, selfClosing, text] = match;
    const current = stack.at(-1);
    if (comment !== undefined || instruction !== undefined) continue;
    if (doctype !== undefined) {
      if (root || current) throw new XmlParseError(`DOCTYPE inside the document at offset ${offset}`);
      continue;
    }
    if (cdata !== undefined || text !== undefined) {
      if (current) current.text += cdata ?? decodeEntities(text!);
      else if ((cdata ?? text!).trim() !== "") throw new XmlParseError(`Text outside the root element at offset ${offset}`);
      continue;
    }
    if (endName !== undefined) {
      if (!current) throw new XmlParseError(`Closing </${endName}> without an open element at offset ${offset}`);
      if (current.name !== endName) {
        throw new XmlParseError(`Closing </${endName}> does not match <${current.name}> at offset ${offset}`);
      }
      stack.pop();
      continue;
    }
    const element: XmlElement = { name: startName!, attributes: parseAttributes(attributeSource ?? "", offset), children: [], text: "" };
    if (current) current.children.push(element);
    else if (root) throw new XmlParseError(`A second root element <${element.name}> at offset ${offset}`);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new XmlParseError(`The document ends inside <${stack.at(-1)!.name}>`);
  if (!root) throw new XmlParseError("The document has no root element");
  return root;
}

/** The direct children called `name`. */
export function childElements(parent: XmlElement, name: string): XmlElement[] {
  return parent.children.filter((child) => child.name === name);
}

/** The trimmed text of the first direct child called `name`, undefined when there is none. */
export function childText(parent: XmlElement, name: string): string | undefined {
  return parent.children.find((child) => child.name === name)?.text.trim();
}

/** The charset parameter of a Content-Type header, lower case. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase();
}

/** The encoding named by the XML declaration at the start of the bytes, lower case. */
export function declaredXmlEncoding(bytes: Uint8Array): string | undefined {
  // The declaration is ASCII in every encoding this reads; 200 bytes is plenty.
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const match = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return match?.[1]?.toLowerCase();
}

/**
 * Bytes to text: the Content-Type charset wins, then a UTF-8 byte order mark, then the XML
 * declaration, then `fallbackEncoding` (the Bank of Russia's windows-1251).
 */
export function decodeXmlBytes(bytes: Uint8Array, contentType = "", fallbackEncoding = "windows-1251"): string {
  const hasUtf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const encoding = charsetOf(contentType) ?? (hasUtf8Bom ? "utf-8" : undefined) ?? declaredXmlEncoding(bytes) ?? fallbackEncoding;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    throw new XmlParseError(`Unsupported character encoding "${encoding}"`);
  }
  return decoder.decode(bytes);
}
