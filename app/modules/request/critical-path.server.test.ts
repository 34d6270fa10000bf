import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server.bun";
import { describe, expect, it } from "vitest";
import { buildStylesheets, criticalPathRewriter, deferredModuleScript, rewriteHead, type ReadStylesheet, type RewriteMiss } from "./critical-path.server.ts";
import { asPipeTarget, htmlStream } from "./html-stream.server.ts";

const css: Record<string, string> = { "/assets/frame-abc.css": ".a{color:red}", "/assets/home-def.css": ".b{margin:0}" };
const readStylesheet: ReadStylesheet = (href) => css[href.replace(/#$/, "")];

// The shape React and React Router render: hoisted preloads, then the route's links, then the body
// with the context script, the module script and the streamed loader data.
const moduleSource =
  ';\nimport * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-2.js");';
const page = [
  '<!DOCTYPE html><html lang="ru"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-1.js"/>',
  '<title>Аурум — монеты</title><link rel="stylesheet" href="/assets/frame-abc.css#"/><link rel="stylesheet" href="/assets/home-def.css"/>',
  "</head><body><main>Золото и серебро ₽</main>",
  "<script>window.__reactRouterContext = {};</script>",
  `<script type="module" async="">${moduleSource}</script>`,
  '<script>window.__reactRouterContext.streamController.enqueue("[]");</script></body></html>',
].join("");

describe("rewriteHead", () => {
  it("inlines each build stylesheet before its link, which stays disabled, and takes the module preloads out", () => {
    const { head, modules } = rewriteHead(page.slice(0, page.indexOf("</head>")), readStylesheet);
    expect(modules).toEqual(["/assets/entry.client-2.js", "/assets/root-1.js"]);
    expect(head).not.toContain("modulepreload");
    expect(head).toContain(
      '<style data-href="/assets/frame-abc.css#">.a{color:red}</style><link rel="stylesheet" href="/assets/frame-abc.css#" disabled=""/>' +
        // The same file without the "#", for Vite's loader of lazily loaded chunks: it is on the page already.
        '<link rel="stylesheet" href="/assets/frame-abc.css" disabled=""/>' +
        '<style data-href="/assets/home-def.css">.b{margin:0}</style><link rel="stylesheet" href="/assets/home-def.css" disabled=""/>',
    );
    expect(head).toContain("<title>Аурум — монеты</title>");
  });

  it("leaves links it cannot inline as they are: other files, other origins, stylesheets not in the build", () => {
    const links = [
      '<link rel="stylesheet" href="/app/ui/kit.css.ts.vanilla.css"/>',
      '<link rel="stylesheet" href="https://example.com/assets/x.css"/>',
      '<link rel="stylesheet" href="/assets/missing.css"/>',
      '<link rel="stylesheet" href="/assets/../secret.css"/>',
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
      '<link rel="preload" as="image" href="/_ipx/w_320/a.png" fetchPriority="high"/>',
    ].join("");
    expect(rewriteHead(links, readStylesheet)).toEqual({ head: links, modules: [], inlined: 0 });
  });

  it("keeps a stylesheet's text from closing its style element early", () => {
    const { head } = rewriteHead('<link rel="stylesheet" href="/assets/x.css"/>', () => 'a::after{content:"</style>"}');
    expect(head.match(/<\/style>/g)).toHaveLength(1);
  });
});

describe("deferredModuleScript", () => {
  function run(html: string, readyState: "loading" | "complete", images: { decode(): Promise<void> }[] = []) {
    const appended: Record<string, unknown>[] = [];
    const listeners: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const element = (name: string) => ({ name });
    const append = (node: Record<string, unknown>) => appended.push(node);
    runInNewContext(html.slice("<script>".length, -"</script>".length), {
      document: {
        readyState,
        createElement: element,
        head: { appendChild: append },
        body: { appendChild: append },
        querySelectorAll: (selector: string) => (selector === 'img[fetchpriority="high"]' ? images : []),
      },
      addEventListener: (type: string, callback: () => void) => type === "load" && listeners.push(callback),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
    });
    const step = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    return { appended, load: () => step(listeners), frame: () => step(frames), task: () => step(timers), settle };
  }

  it("after the page has loaded, its priority pictures are decoded and two frames have passed, preloads the modules and runs the source as a module script", async () => {
    const html = deferredModuleScript(moduleSource + '"</script><!--"', ["/assets/entry.client-2.js"]);
    expect(html.slice("<script>".length, -"</script>".length)).not.toMatch(/<\/script|<!--/i);
    let decoded: () => void = () => undefined;
    const picture = { decode: () => new Promise<void>((resolve) => (decoded = resolve)) };
    const page = run(html, "loading", [picture]);
    page.frame();
    page.task();
    await page.settle();
    expect(page.appended).toEqual([]);
    page.load();
    await page.settle();
    page.frame();
    expect(page.appended).toEqual([]);
    decoded();
    await page.settle();
    page.frame();
    page.frame();
    expect(page.appended).toEqual([]);
    page.task();
    expect(page.appended).toEqual([
      { name: "link", rel: "modulepreload", href: "/assets/entry.client-2.js" },
      { name: "script", type: "module", textContent: moduleSource + '"</script><!--"' },
    ]);
  });

  it("on a page that has loaded already, without priority pictures or with one that fails to decode, starts after two frames", async () => {
    for (const images of [[], [{ decode: () => Promise.reject(new Error("broken")) }]]) {
      const page = run(deferredModuleScript(moduleSource, []), "complete", images);
      await page.settle();
      page.frame();
      page.frame();
      page.task();
      expect(page.appended).toEqual([{ name: "script", type: "module", textContent: moduleSource }]);
    }
  });
});

/** The page written in `pieces`, as it leaves the rewriter. */
function rewritten(pieces: string[]): string {
  const rewriter = criticalPathRewriter(readStylesheet);
  return pieces.map((piece) => rewriter.write(piece)).join("") + rewriter.end();
}

describe("criticalPathRewriter", () => {
  const expected = (() => {
    const end = page.indexOf("</head>");
    const { head, modules } = rewriteHead(page.slice(0, end), readStylesheet);
    const start = page.indexOf('<script type="module" async="">');
    const stop = page.indexOf("</script>", start) + "</script>".length;
    return head + page.slice(end, start) + deferredModuleScript(moduleSource, modules) + page.slice(stop);
  })();

  it("rewrites a document written in one piece", () => {
    expect(rewritten([page])).toBe(expected);
  });

  it("gives the same document whatever the pieces: split inside tags and markers", () => {
    for (const size of [1, 2, 3, 7, 13, 64, 500]) {
      const pieces: string[] = [];
      for (let at = 0; at < page.length; at += size) pieces.push(page.slice(at, at + size));
      expect(rewritten(pieces), `pieces of ${size} characters`).toBe(expected);
    }
  });

  it("lets the body go on as it comes, holding back no more than may begin the module script", () => {
    const rewriter = criticalPathRewriter(readStylesheet);
    const paragraph = "<p>Золото и серебро по цене биржи</p>";
    expect(rewriter.write("<html><head><title>Аурум</title>")).toBe("");
    const first = rewriter.write(`</head><body>${paragraph}`);
    expect(first).toBe(`<html><head><title>Аурум</title></head><body>${paragraph}`.slice(0, first.length));
    expect(first.length).toBeGreaterThanOrEqual(`<html><head><title>Аурум</title></head><body>${paragraph}`.length - 30);
    // The tail that may begin '<script type="module" async="">' (30 characters) waits for what follows.
    const second = rewriter.write(`${paragraph}${paragraph}<script type`);
    expect(first + second).toContain(paragraph.repeat(2));
    expect(first + second).not.toContain("<script");
    // The script's start found: the body before it leaves, the script waits for its end.
    const third = rewriter.write('="module" async="">import("/a.js")');
    expect(first + second + third).toBe(`<html><head><title>Аурум</title></head><body>${paragraph.repeat(3)}`);
    expect(rewriter.write("</script><p>Потом</p>")).toMatch(/^<script>\(function\(modules,source\).*<\/script><p>Потом<\/p>$/);
    expect(rewriter.write("<p>Дальше</p>")).toBe("<p>Дальше</p>");
    expect(rewriter.end()).toBe("");
  });

  it("passes a document without React Router's scripts through with its head rewritten", () => {
    const plain = '<html><head><link rel="stylesheet" href="/assets/home-def.css"/></head><body>Нет скриптов</body></html>';
    expect(rewritten([plain])).toBe(
      '<html><head><style data-href="/assets/home-def.css">.b{margin:0}</style><link rel="stylesheet" href="/assets/home-def.css" disabled=""/></head><body>Нет скриптов</body></html>',
    );
  });

  it("passes a fragment without a head through unchanged", () => {
    expect(rewritten(["<p>Ошибка ₽</p>"])).toBe("<p>Ошибка ₽</p>");
  });
});

describe("a page whose markup the rewrite does not know", () => {
  function misses(document: string): RewriteMiss[] {
    const found: RewriteMiss[] = [];
    const rewriter = criticalPathRewriter(readStylesheet, (miss) => found.push(miss));
    rewriter.write(document);
    rewriter.end();
    return found;
  }

  it("reports nothing for the markup React and React Router render today", () => {
    expect(misses(page)).toEqual([]);
  });

  it("reports each anchor it did not find, so an upgrade that changes the markup is seen", () => {
    expect(misses(page.replace('<script type="module" async="">', '<script async type="module">'))).toEqual(["module script"]);
    expect(misses(page.replace(/<link rel="modulepreload"[^>]*>/g, ""))).toEqual(["module preload"]);
    expect(misses(page.replaceAll('href="/assets/', 'href="/build/'))).toEqual(["build stylesheet"]);
    expect(misses(page.replace("</head>", ""))).toEqual(["head end"]);
  });

  it("finds its anchors in what react-dom renders for the elements of React Router's <Links> and <Scripts>", async () => {
    // The props React Router 8's <Links>, <Scripts> and its module script give these elements.
    const document = createElement(
      "html",
      { lang: "ru" },
      createElement(
        "head",
        null,
        createElement("link", { rel: "modulepreload", href: "/assets/entry.client-2.js", suppressHydrationWarning: true }),
        createElement("link", { rel: "stylesheet", href: "/assets/frame-abc.css#" }),
      ),
      createElement(
        "body",
        null,
        createElement("main", null, "Золото"),
        createElement("script", { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: moduleSource }, type: "module", async: true }),
      ),
    );
    const found: RewriteMiss[] = [];
    const stream = htmlStream({ rewrite: criticalPathRewriter(readStylesheet, (miss) => found.push(miss)) });
    const html = new Response(stream.body).text();
    const { pipe } = renderToPipeableStream(document, { onAllReady: () => pipe(asPipeTarget(stream.destination)) });
    const text = await html;
    expect(found).toEqual([]);
    expect(text).toContain('<style data-href="/assets/frame-abc.css#">.a{color:red}</style>');
    expect(text).not.toContain('<link rel="modulepreload"');
    expect(text).toContain(deferredModuleScript(moduleSource, ["/assets/entry.client-2.js"]));
  });
});

describe("buildStylesheets", () => {
  it("reads a stylesheet of the client build once, and knows a missing one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "critical-path-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets/frame-abc.css"), ".a{color:red}");
    try {
      const read = buildStylesheets(dir);
      expect(read("/assets/frame-abc.css#")).toBe(".a{color:red}");
      writeFileSync(path.join(dir, "assets/frame-abc.css"), ".changed{}");
      expect(read("/assets/frame-abc.css")).toBe(".a{color:red}");
      expect(read("/assets/missing.css")).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
