import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { XmlParseError, charsetOf, childElements, childText, declaredXmlEncoding, decodeEntities, decodeXmlBytes, parseXml } from "./xml.ts";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../tests/fixtures/quotes/${name}`, import.meta.url)));

describe("parseXml", () => {
  it("reads the root, its attributes and its children", () => {
    const root = parseXml('<?xml version="1.0"?><a x="1" y=\'two\'><b>text</b><b/><c k="v"></c></a>');
    expect(root.name).toBe("a");
    expect(root.attributes).toEqual({ x: "1", y: "two" });
    expect(root.children.map((child) => child.name)).toEqual(["b", "b", "c"]);
    expect(root.children[0]!.text).toBe("text");
    expect(root.children[1]!.children).toEqual([]);
    expect(root.children[2]!.attributes.k).toBe("v");
  });

  it("takes attributes in any order and with any whitespace, newlines included", () => {
    const one = parseXml('<Record Date="01.04.2026" Code="1"/>');
    const two = parseXml("<Record\n\tCode = \"1\"\r\n   Date='01.04.2026'   />");
    expect(two.attributes).toEqual(one.attributes);
    expect(two.attributes).toEqual({ Date: "01.04.2026", Code: "1" });
  });

  it("reads a self-closing root with attributes and no children (the empty range)", () => {
    const root = parseXml(
      '<?xml version="1.0" encoding="windows-1251" ?>\n<Metall FromDate="20260404" ToDate="20260405" name="Precious metals quotations" />\n',
    );
    expect(root).toEqual({
      name: "Metall",
      attributes: { FromDate: "20260404", ToDate: "20260405", name: "Precious metals quotations" },
      children: [],
      text: "",
    });
  });

  it("skips comments, the declaration and a doctype; keeps CDATA as text", () => {
    const root = parseXml("<!-- hi --><!DOCTYPE a><a><!-- <b>not</b> --><![CDATA[<raw> & ]]>x</a>");
    expect(root.children).toEqual([]);
    expect(root.text).toBe("<raw> & x");
  });

  it("decodes the predefined entities and character references in text and attributes", () => {
    const root = parseXml('<a t="&quot;A&amp;B&quot; &#1044;">&lt;1&gt; &apos;x&apos; &#x416; &nbsp;</a>');
    expect(root.attributes.t).toBe('"A&B" Д');
    expect(root.text).toBe("<1> 'x' Ж &nbsp;");
    expect(decodeEntities("&amp;lt;")).toBe("&lt;");
  });

  it("finds children and their trimmed text", () => {
    const root = parseXml("<V><CharCode> USD </CharCode><Value>1</Value><Value>2</Value></V>");
    expect(childText(root, "CharCode")).toBe("USD");
    expect(childText(root, "Value")).toBe("1");
    expect(childText(root, "Missing")).toBeUndefined();
    expect(childElements(root, "Value").map((value) => value.text)).toEqual(["1", "2"]);
  });

  it.each([
    ["a truncated document", '<?xml version="1.0"?><Metall FromDate="20260401"><Record Date="01.04.2026" Code="1"><Buy>118'],
    ["a cut-off tag", '<Metall FromDate="2026'],
    ["mismatched closing tags", "<a><b></a></b>"],
    ["a stray closing tag", "<a></a></b>"],
    ["two roots", "<a/><b/>"],
    ["text outside the root", "<a/>trailing"],
    ["no root at all", '<?xml version="1.0"?>  '],
    ["an empty body", ""],
    ["an unquoted attribute", "<a x=1/>"],
    ["a repeated attribute", '<a x="1" x="2"/>'],
    ["plain text", "Service temporarily unavailable"],
    ["JSON", '{"securities": {"columns": [], "data": []}}'],
    ["an HTML page", '<!DOCTYPE html><html><head><meta charset="utf-8"><title>x</title></head><body><p>Hello<br></p></body></html>'],
    ["binary garbage", String.fromCharCode(0, 1, 2, 0x3c, 0x3c, 0xff, 0xfe)],
  ])("rejects %s with an XmlParseError", (_, source) => {
    expect(() => parseXml(source)).toThrow(XmlParseError);
  });
});

describe("decodeXmlBytes", () => {
  it("decodes windows-1251 bytes by the declaration (the real fixture: «Доллар США»)", () => {
    const bytes = fixture("cbr-XML_daily.xml");
    // Proves the file is stored as real windows-1251: "Д" is the single byte 0xC4.
    expect(Buffer.from(bytes).includes(Buffer.from([0xc4, 0xee, 0xeb, 0xeb, 0xe0, 0xf0]))).toBe(true);
    expect(declaredXmlEncoding(bytes)).toBe("windows-1251");
    const text = decodeXmlBytes(bytes, "application/xml");
    expect(text).toContain("<Name>Доллар США</Name>");
    expect(text).toContain("<Name>Армянских драмов</Name>");
  });

  it("uses windows-1251 when neither the header nor a declaration names a charset", () => {
    const bytes = new Uint8Array([0x3c, 0x61, 0x3e, 0xc4, 0xee, 0xeb, 0xeb, 0xe0, 0xf0, 0x3c, 0x2f, 0x61, 0x3e]);
    expect(decodeXmlBytes(bytes)).toBe("<a>Доллар</a>");
  });

  it("honours a utf-8 declaration and a utf-8 Content-Type charset", () => {
    const declared = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><a>Доллар США</a>');
    expect(declaredXmlEncoding(declared)).toBe("utf-8");
    expect(decodeXmlBytes(declared)).toContain("Доллар США");
    const undeclared = new TextEncoder().encode("<a>Доллар США</a>");
    expect(decodeXmlBytes(undeclared, "text/xml; charset=UTF-8")).toBe("<a>Доллар США</a>");
  });

  it("lets the Content-Type charset win over the declaration, and recognises a UTF-8 byte order mark", () => {
    const utf8 = new TextEncoder().encode('<?xml version="1.0" encoding="windows-1251"?><a>Юань</a>');
    expect(decodeXmlBytes(utf8, 'application/xml; charset="utf-8"')).toContain("<a>Юань</a>");
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("<a>Юань</a>")]);
    expect(parseXml(decodeXmlBytes(withBom)).text).toBe("Юань");
  });

  it("refuses an encoding it does not know", () => {
    expect(() => decodeXmlBytes(new TextEncoder().encode("<a/>"), "text/xml; charset=x-klingon")).toThrow(XmlParseError);
  });

  it("reads the charset parameter of a Content-Type", () => {
    expect(charsetOf("application/xml; charset=windows-1251")).toBe("windows-1251");
    expect(charsetOf('text/xml;charset="UTF-8"')).toBe("utf-8");
    expect(charsetOf("application/xml")).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
  });
});
