import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./escape-markup.ts";

describe("escapeMarkup", () => {
  it("escapes the five special characters", () => {
    expect(escapeMarkup(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
    expect(escapeMarkup(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });

  it("keeps Cyrillic, emoji, newlines and tabs, and drops what XML forbids", () => {
    expect(escapeMarkup("Победоносец 😀\n\tтаб")).toBe("Победоносец 😀\n\tтаб");
    expect(escapeMarkup("a\u0000b\u0007c\uFFFFd\uD800e")).toBe("abcde");
  });
});
