import { describe, expect, it } from "vitest";
import { markdownProblem, renderMarkdown } from "./markdown.server.ts";

const publicUrl = "https://shop.example";
const render = (markdown: string) => renderMarkdown(markdown, { publicUrl });

describe("renderMarkdown", () => {
  it("renders GitHub-flavoured Markdown: headings from h2, lists, tables, emphasis", () => {
    const html = render("# Заголовок\n\n## Раздел\n\n- один\n- **два**\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n");
    expect(html).toContain("<h2>Заголовок</h2>");
    expect(html).toContain("<h2>Раздел</h2>");
    expect(html).not.toContain("<h1");
    expect(html).toContain("<li><strong>два</strong></li>");
    // Alignment as a class, not the obsolete `align` attribute.
    expect(html).toContain('<th class="align-left">a</th>');
    expect(html).toContain('<td class="align-right">2</td>');
    expect(html).not.toContain("align=");
  });

  it("keeps a typed HTML cell's alignment as the same class, and no other class of a cell", () => {
    const html = render('<table><tr><th align="CENTER" class="x">a</th><td class="align-right evil">b</td><td align="justify">c</td></tr></table>');
    expect(html).toContain('<th class="align-center">a</th>');
    expect(html).toContain("<td>b</td>");
    expect(html).toContain("<td>c</td>");
  });

  it("never lets a script, a style, an iframe, a form or an inline handler through", () => {
    const html = render(
      [
        "Текст <script>alert('x')</script> после.",
        '<b onclick="alert(1)">жирный</b> <img src="content/x.png" onerror="alert(2)"> <a href="/x" onmouseover="alert(3)">x</a>',
        '<style>body{display:none}</style><iframe src="https://evil.example/"></iframe>',
        '<form action="/api/me" method="post"><input name="a"><button>Отправить</button></form>',
        '<svg onload="alert(4)"><circle/></svg><object data="x.swf"></object><embed src="x.swf">',
        '<p style="position:fixed" class="x" id="y">со стилем</p>',
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<script|<style|<iframe|<form|<input|<button|<svg|<object|<embed/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/style=|class=|id=/);
    expect(html).not.toContain("alert");
    expect(html).toContain("Текст  после.");
    expect(html).toContain("<b>жирный</b>");
    expect(html).toContain("со стилем");
  });

  it("drops javascript:, data: and vbscript: links, however they are written", () => {
    const html = render(
      [
        "[a](javascript:alert(1))",
        "[b](JaVaScRiPt:alert(1))",
        "[c](jav&#x61;script:alert(1))",
        "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[e](vbscript:msgbox(1))",
        '<a href=" javascript:alert(1)">f</a>',
        '<a href="java\tscript:alert(1)">g</a>',
        "[h](//evil.example/path)",
      ].join(" "),
    );
    expect(html).not.toMatch(/javascript|data:|vbscript|evil\.example/i);
    for (const text of ["a", "b", "c", "d", "e", "f", "g", "h"]) expect(html).toContain(`<a>${text}</a>`);
  });

  it("opens links to other sites in a new tab with rel=noopener nofollow, and leaves the shop's own links alone", () => {
    const html = render(
      '[ЦБ](https://www.cbr.ru/hd_base/metall/) [доставка](/delivery) [своя](https://shop.example/about) [почта](mailto:info@aurum-coins.ru) [звонок](tel:+74952696999) <a href="/x" target="_self" rel="opener">x</a>',
    );
    expect(html).toContain('<a href="https://www.cbr.ru/hd_base/metall/" target="_blank" rel="noopener nofollow">ЦБ</a>');
    expect(html).toContain('<a href="/delivery">доставка</a>');
    expect(html).toContain('<a href="https://shop.example/about">своя</a>');
    expect(html).toContain('<a href="mailto:info@aurum-coins.ru">почта</a>');
    expect(html).toContain('<a href="tel:+74952696999">звонок</a>');
    expect(html).toContain('<a href="/x">x</a>');
  });

  it("shows the shop's own pictures through /_ipx, lazily, and drops pictures from other sites", () => {
    const html = render(
      '![монета](content/news/coin.png "подпись") ![чужая](https://evil.example/pixel.gif) ![данные](data:image/png;base64,AAAA) ![выход](../../etc/passwd)',
    );
    expect(html).toContain('<img src="/_ipx/f_webp,w_800/content/news/coin.png" alt="монета" loading="lazy" decoding="async" title="подпись" />');
    expect(html).not.toMatch(/evil\.example|data:|passwd/);
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it("renders an empty body as nothing", () => {
    expect(render("")).toBe("");
  });

  it("stops a text whose Markdown takes marked too long (5 000 characters of it took over half a second, 40 000 half a minute) and shows its plain text", () => {
    const heavy = "**a* ".repeat(8_000);
    const started = performance.now();
    const html = render(heavy);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(html).toBe(`<p>${heavy.trim()}</p>`);
  });

  it("shows as plain text, escaped, a text marked cannot parse (thousands of nested quotes overflow its stack)", () => {
    const nested = `${"> ".repeat(5_000)}<b>x</b>`;
    expect(() => render(nested)).not.toThrow();
    expect(render(nested)).toBe(`<p>${"&gt; ".repeat(5_000)}&lt;b&gt;x&lt;/b&gt;</p>`);
  });

  it("renders a text once: the next view of the same text is not rendered again", async () => {
    const table = `| a | b |\n|---|---|\n${"| **1** | [x](/y) |\n".repeat(1_500)}`;
    const first = performance.now();
    const html = render(table);
    const firstMs = performance.now() - first;
    // The next view is another request, a turn of the event loop later.
    await new Promise((resolve) => setImmediate(resolve));
    const again = performance.now();
    expect(render(table)).toBe(html);
    expect(performance.now() - again).toBeLessThan(Math.max(5, firstMs / 10));
    expect(html).toContain("<td><strong>1</strong></td>");
  });
});

describe("markdownProblem", () => {
  it("passes an ordinary text and names in Russian one that would not render in time", () => {
    expect(markdownProblem("## Раздел\n\nТекст *с* **разметкой**.", { publicUrl })).toBeNull();
    expect(markdownProblem("**a* ".repeat(8_000), { publicUrl })).toMatch(/^разметку этого текста не получается показать быстрее чем за 1 с/);
  });
});
