import { createElement, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";
import { describe, expect, it } from "vitest";
import { criticalPathRewriter } from "./critical-path.server.ts";
import { asPipeTarget, htmlStream } from "./html-stream.server.ts";

/** Reads the body piece by piece, as the server sends it. */
async function pieces(body: ReadableStream<Uint8Array>): Promise<string[]> {
  const read: string[] = [];
  for await (const piece of body) read.push(Buffer.from(piece).toString("utf8"));
  return read;
}

describe("htmlStream", () => {
  it("sends what one flush wrote as one UTF-8 piece, and each later flush as its own", async () => {
    let ended = 0;
    const page = htmlStream({ onEnd: () => ended++ });
    const received = pieces(page.body);
    for (const text of ["<html>", "<p>", "Золото ₽", "</p>"]) expect(page.destination.write(text)).toBe(true);
    page.destination.flush();
    page.destination.write("<template>отложенная часть</template>");
    page.destination.flush();
    page.destination.write("</html>");
    page.destination.end();
    expect(await received).toEqual(["<html><p>Золото ₽</p>", "<template>отложенная часть</template>", "</html>"]);
    expect(ended).toBe(1);
  });

  it("passes the text through the critical-path rewrite, holding back what it holds back", async () => {
    const page = htmlStream({ rewrite: criticalPathRewriter(() => ".a{color:red}") });
    const received = pieces(page.body);
    page.destination.write('<html><head><link rel="stylesheet" href="/assets/frame-1.css"/>');
    page.destination.flush();
    page.destination.write("</head><body>Серебро</body></html>");
    page.destination.end();
    expect(await received).toEqual([
      '<html><head><style data-href="/assets/frame-1.css">.a{color:red}</style><link rel="stylesheet" href="/assets/frame-1.css" disabled=""/></head><body>Серебро</body></html>',
    ]);
  });

  it("gives a long page the same bytes as the rewrite of its whole text, still one piece per flush", async () => {
    const card = "<article><p>Георгий Победоносец 50 рублей</p><p>97 352 ₽</p></article>";
    const document = [
      "<html><head><title>Каталог</title></head><body>",
      card.repeat(400),
      '<script type="module" async="">import("/assets/entry.client-1.js")</script>',
      card.repeat(100),
      "</body></html>",
    ].join("");
    const whole = criticalPathRewriter(() => undefined);
    const expected = whole.write(document) + whole.end();

    const page = htmlStream({ rewrite: criticalPathRewriter(() => undefined) });
    const received = pieces(page.body);
    const half = Math.floor(document.length / 2);
    // React's pieces are short: a tag's start, an attribute, a text.
    for (let at = 0; at < half; at += 7) page.destination.write(document.slice(at, Math.min(at + 7, half)));
    page.destination.flush();
    for (let at = half; at < document.length; at += 5) page.destination.write(document.slice(at, at + 5));
    page.destination.end();
    const sent = await received;
    expect(sent).toHaveLength(2);
    expect(sent.join("")).toBe(expected);
    expect(expected).toContain("<script>(function(modules,source)");
  });

  it("stops the render when the client stops reading, and ends once", async () => {
    let ended = 0;
    let closed = 0;
    const page = htmlStream({ onEnd: () => ended++ });
    page.destination.on("close", () => closed++);
    page.destination.on("drain", () => expect.unreachable("drain is never emitted"));
    page.destination.write("<html>");
    page.destination.flush();
    await page.body.cancel();
    expect(closed).toBe(1);
    page.destination.write("<p>после отмены</p>");
    page.destination.flush();
    page.destination.end();
    expect(ended).toBe(1);
  });

  it("fails the body when the render fails after the shell", async () => {
    const page = htmlStream({});
    const received = pieces(page.body);
    page.destination.write("<html>");
    page.destination.flush();
    page.destination.error(new Error("render failed"));
    await expect(received).rejects.toThrow("render failed");
  });

  it("carries React's string renderer: the shell at once, a suspended part when its data comes", async () => {
    let resolveData!: (value: string) => void;
    const data = new Promise<string>((resolve) => (resolveData = resolve));
    function Deferred() {
      return createElement("p", null, use(data));
    }
    const document = createElement(
      "html",
      null,
      createElement(
        "body",
        null,
        createElement("h1", null, "Каталог"),
        createElement(Suspense, { fallback: createElement("p", null, "Загрузка…") }, createElement(Deferred)),
      ),
    );
    const page = htmlStream({});
    const reader = page.body.getReader();
    const decoder = new TextDecoder();
    await new Promise<void>((resolve) => {
      const { pipe } = renderToPipeableStream(document, {
        onShellReady() {
          pipe(asPipeTarget(page.destination));
          resolve();
        },
      });
    });
    const shell = decoder.decode((await reader.read()).value);
    expect(shell).toContain("<h1>Каталог</h1>");
    expect(shell).toContain("Загрузка…");
    expect(shell).not.toContain("Золото по 11 586 ₽");
    resolveData("Золото по 11 586 ₽");
    let rest = "";
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) rest += decoder.decode(piece.value);
    expect(rest).toContain("Золото по 11 586 ₽");
    expect(rest).toMatch(/<\/html>$/);
  });
});
