// Hostile values for form fields, JSON properties, cookies and URL segments: wrong types,
// edge numbers, blank and very long text, odd Unicode, SQL and HTML fragments, traversal.
import type { Random } from "./random.ts";

/** A JSON value of the wrong kind for any field. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const sqlFragments = [
  "' OR 1=1--",
  "'; DROP TABLE orders;--",
  "1; DELETE FROM list_items",
  '" OR ""="',
  "1' UNION SELECT token_hash FROM sessions--",
  "' || pg_sleep(5) || '",
  "$$; SELECT 1; $$",
  "%' AND 1=0 --",
  "\\'; TRUNCATE users CASCADE; --",
];

export const htmlFragments = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "</textarea><script>alert(document.cookie)</script>",
  "{{constructor.constructor('alert(1)')()}}",
  "<!--",
  "]]>",
];

export const traversal = [
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "/..;/admin",
  "%2e%2e/%2e%2e/",
  "\\..\\..\\windows\\win.ini",
  "//evil.example/",
  "https://evil.example/x",
];

export const pollutionKeys = [
  "__proto__",
  "constructor",
  "prototype",
  "__proto__[admin]",
  "constructor[prototype][admin]",
  "toString",
  "hasOwnProperty",
  "valueOf",
];

export const unicodeText = [
  "\u202eRTL override\u202c",
  "مرحبا بالعالم",
  "שלום",
  "😀👨‍👩‍👧‍👦🏳️‍🌈",
  "\u0000",
  "a\u0000b",
  "\u0007\u0008\u001b[31m",
  "\ufeffBOM",
  "\ud800",
  "\udfff\ud800",
  "\u200b\u200c\u200d",
  "Z̷̢̛͎a̸l̵g̶o̴",
  "\r\n\r\nSet-Cookie: x=1",
  "\t \n ",
  "ﬀ ß İ",
  "Ⅻ ① ٣ ۴",
];

const numberTexts = [
  "0",
  "-1",
  "-0",
  "1e309",
  "1e-7",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1.5",
  "2147483648",
  "9007199254740993",
  "99999999999999999999999",
  "٣",
  "1_000",
  " 1 ",
  "+1",
  "00001",
  "1,5",
];

const numbers = [0, -1, -0.5, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 1e-300];

/** A very long string of up to `max` characters (the server's body limit is 64 KB). */
export function longText(random: Random, max = 20_000): string {
  const unit = random.pick(["a", "я", "😀", "<", "'", "%", "0", " "]);
  return unit.repeat(random.int(1_000, Math.floor(max / unit.length)));
}

/** A hostile text value. */
export function hostileText(random: Random): string {
  switch (random.int(0, 9)) {
    case 0:
      return random.pick(sqlFragments);
    case 1:
      return random.pick(htmlFragments);
    case 2:
      return random.pick(traversal);
    case 3:
      return random.pick(unicodeText);
    case 4:
      return random.pick(numberTexts);
    case 5:
      return random.pick(["", " ", "   ", "\n", "null", "undefined", "true", "false", "[]", "{}", "[object Object]"]);
    case 6:
      return random.pick(pollutionKeys);
    case 7:
      return longText(random, random.chance(0.5) ? 3_000 : 30_000);
    case 8:
      return random.pick(["%", "%zz", "%E0%A4%A", "%00", "%0d%0aX: y", "+", "&", "=", "a=b&c=d", ";", ","]);
    default:
      // A mix: a plausible value with a fragment glued on.
      return `${random.pick(["Иван", "12", "+7 916 123-45-67", "test@example.ru", "1"])}${random.pick([...sqlFragments, ...htmlFragments, ...unicodeText])}`;
  }
}

/** A JSON value of any kind, often not the one the field wants. */
export function hostileJson(random: Random, depth = 0): JsonValue {
  switch (random.int(0, 7)) {
    case 0:
      return random.pick(numbers);
    case 1:
      return random.pick([true, false, null]);
    case 2:
      return depth > 2 ? [] : Array.from({ length: random.int(0, 3) }, () => hostileJson(random, depth + 1));
    case 3: {
      if (depth > 2) return {};
      const object: Record<string, JsonValue> = {};
      for (let i = random.int(0, 3); i > 0; i--)
        object[random.chance(0.4) ? random.pick(pollutionKeys) : hostileText(random).slice(0, 40)] = hostileJson(random, depth + 1);
      return object;
    }
    case 4:
      return random.pick(["", " ", "0", "-1", "1e5", "1.5"]);
    default:
      return hostileText(random);
  }
}

/** A value for a path segment or id: numbers out of range, words, traversal, encoded junk. */
export function hostileSegment(random: Random): string {
  return random.pick([
    "0",
    "-1",
    "1.5",
    "1e3",
    "2147483648",
    "99999999999999999999",
    "NaN",
    "abc",
    "%00",
    "%27%20OR%201%3D1--",
    "%3Cscript%3E",
    "..%2F..%2Fetc%2Fpasswd",
    "%E0%A4%A",
    "%F0%9F%98%80",
    " 1",
    "1%20",
    "０１",
    "__proto__",
    "constructor",
    encodeURIComponent(random.pick(sqlFragments)),
    "x".repeat(random.int(200, 3_000)),
  ]);
}
