/**
 * The document's first paint needs the document alone (docs/decisions/034-first-paint-from-the-document.md). Applied to every page React renders:
 *
 * - The page's stylesheets (vanilla-extract's static CSS, a few KB gzip a page) are inlined as
 *   <style> in the head, so no stylesheet request stands between the HTML and the paint. The
 *   <link> stays where it was, `disabled` so the browser neither fetches nor applies it: React
 *   hydrates the head it rendered, and the client router still manages the links as routes change.
 * - The scripts are asked for once the page has loaded and painted: React Router's
 *   `<link rel="modulepreload">` hints leave the head, and its inline module script (the route
 *   modules and the client entry) is started from a small classic script after the load event
 *   and a frame. Hydration already waited for the first frame (entry.client.tsx); now the bytes
 *   of the framework no longer compete with the HTML and the first pictures on a slow link
 *   either. The page works before that, as it does without JavaScript (links and forms).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** A stylesheet of the client build; React Router marks the entry's with a trailing "#". */
const BUILD_STYLESHEET = /^\/assets\/[\w.-]+\.css#?$/;
/** React Router's inline module script, as React renders `<script type="module" async>`. */
const MODULE_SCRIPT_START = '<script type="module" async="">';
const SCRIPT_END = "</script>";

export type ReadStylesheet = (href: string) => string | undefined;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Script text safe inside an inline classic script: no "</script" or "<!--" can end it early. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/**
 * Rewrites the document's head: each build stylesheet that `readStylesheet` knows is inlined
 * before its link, which is disabled; module preloads are taken out and returned.
 */
export function rewriteHead(head: string, readStylesheet: ReadStylesheet): { head: string; modules: string[]; inlined: number } {
  const modules: string[] = [];
  let inlined = 0;
  const rewritten = head.replace(/<link\b[^>]*>/g, (tag) => {
    const rel = attribute(tag, "rel");
    const href = attribute(tag, "href");
    if (!href) return tag;
    if (rel === "modulepreload") {
      modules.push(href);
      return "";
    }
    if (rel !== "stylesheet" || !BUILD_STYLESHEET.test(href) || /\sdisabled\b/.test(tag)) return tag;
    const css = readStylesheet(href);
    if (css === undefined) return tag;
    const disabled = tag.replace(/\s*\/?>$/, ' disabled=""/>');
    // React Router marks with "#" a stylesheet that a lazily loaded chunk brings too; Vite's
    // loader adds that chunk's stylesheet unless a link to it is on the page. One is, disabled:
    // its rules are inlined already, and a second copy of them would restyle the whole page.
    const forChunks = href.endsWith("#") ? `<link rel="stylesheet" href="${href.slice(0, -1)}" disabled=""/>` : "";
    inlined++;
    return `<style data-href="${href}">${css.replaceAll("</style", "<\\/style")}</style>${disabled}${forChunks}`;
  });
  return { head: rewritten, modules, inlined };
}

/**
 * A classic script that, once the page has loaded (its eager pictures: the LCP one among them),
 * its priority pictures are decoded and two frames have passed, preloads `modules` and runs
 * `source` (React Router's module script) as a module. A tab opened in the background starts
 * when shown.
 */
export function deferredModuleScript(source: string, modules: string[]): string {
  return (
    "<script>(function(modules,source){function start(){" +
    'modules.forEach(function(href){var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)});' +
    'var script=document.createElement("script");script.type="module";script.textContent=source;document.body.appendChild(script)}' +
    // Two frames: the first may be the one still painting what the load brought.
    "function afterPaint(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}" +
    // The priority pictures decoded first, so they are painted before the scripts are asked for.
    "function afterLoad(){Promise.all([].slice.call(document.querySelectorAll('img[fetchpriority=\"high\"]')).map(function(image){return image.decode().catch(function(){})})).then(afterPaint)}" +
    'if(document.readyState==="complete")afterLoad();else addEventListener("load",afterLoad,{once:true})' +
    `})(${scriptLiteral(modules)},${scriptLiteral(source)})` +
    SCRIPT_END
  );
}

/** The client build's stylesheets, read once each (their names carry their content hash). */
export function buildStylesheets(clientDir: string): ReadStylesheet {
  const cache = new Map<string, string | undefined>();
  return (href) => {
    const file = href.replace(/#$/, "");
    if (!cache.has(file)) {
      let css: string | undefined;
      try {
        css = readFileSync(path.join(clientDir, file), "utf8");
      } catch {
        css = undefined; // not built (the dev server): the link stays as it is
      }
      cache.set(file, css);
    }
    return cache.get(file);
  };
}

/** The rewrites above applied to a page as React writes it: text in, text out, piece by piece. */
export type CriticalPathRewriter = {
  /** What of the page so far can leave now. */
  write(text: string): string;
  /** What was held back, at the page's end. */
  end(): string;
};

/**
 * What the rewrite expected in a page and did not find. Each is markup React or React Router
 * renders today; an upgrade that changes it leaves the page as rendered (styled by its links,
 * scripts loaded at once), which the page survives, but the first paint no longer needs the
 * document alone: `onMiss` says so rather than letting it pass unseen.
 */
export type RewriteMiss = "head end" | "build stylesheet" | "module preload" | "module script";

/**
 * The rewrites above, applied to the page's text as it is written. The head is held until it
 * is complete (React sends it whole with the shell), and React Router's module script until its
 * end; everything else passes on as it comes, so streamed parts are not delayed.
 */
export function criticalPathRewriter(readStylesheet: ReadStylesheet, onMiss: (miss: RewriteMiss) => void = () => undefined): CriticalPathRewriter {
  let phase: "head" | "body" | "done" = "head";
  let pending = "";
  let modules: string[] = [];
  let headRewritten = false;
  let scriptDeferred = false;

  function process(final: boolean): string {
    let out = "";
    if (phase === "head") {
      const end = pending.indexOf("</head>");
      if (end === -1) {
        if (!final) return out;
        onMiss("head end");
        phase = "done";
      } else {
        const rewritten = rewriteHead(pending.slice(0, end), readStylesheet);
        modules = rewritten.modules;
        if (rewritten.inlined === 0) onMiss("build stylesheet");
        if (modules.length === 0) onMiss("module preload");
        out += rewritten.head;
        pending = pending.slice(end);
        headRewritten = true;
        phase = "body";
      }
    }
    if (phase === "body") {
      const start = pending.indexOf(MODULE_SCRIPT_START);
      if (start === -1) {
        // Hold back only what could be the beginning of the script's tag.
        const keep = final ? 0 : Math.min(pending.length, MODULE_SCRIPT_START.length - 1);
        out += pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        return out;
      }
      const end = pending.indexOf(SCRIPT_END, start);
      if (end === -1) {
        out += pending.slice(0, start);
        pending = pending.slice(start);
        if (!final) return out;
        phase = "done";
      } else {
        out += pending.slice(0, start) + deferredModuleScript(pending.slice(start + MODULE_SCRIPT_START.length, end), modules);
        pending = pending.slice(end + SCRIPT_END.length);
        scriptDeferred = true;
        phase = "done";
      }
    }
    out += pending;
    pending = "";
    return out;
  }

  return {
    write(text) {
      if (phase === "done") return text;
      pending += text;
      return process(false);
    },
    end() {
      const out = process(true);
      if (headRewritten && !scriptDeferred) onMiss("module script");
      return out;
    },
  };
}
