import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

// One id per build, shared by the client and server bundles: the client compares it
// with the server's hourly and turns the next navigation into a full page load.
process.env.BUILD_ID ??= randomUUID();
const buildId = process.env.BUILD_ID;

/**
 * What goes into the "frame" chunk, as paths under app/ (a folder ends in "/"). Each is checked
 * here, so renaming or moving one fails the build instead of quietly splitting the chunk.
 */
const FRAME_CHUNK = [
  "ui/frame/",
  "ui/tokens/",
  "ui/deferred-hydration.tsx",
  "ui/use-public-url.ts",
  "ui/use-hydrated.ts",
  "ui/auth/LoginModal.tsx",
  "ui/catalog/catalog.css.ts",
  ...["icons.tsx", "kit.css.ts", "coin-image.css.ts", "pagination.css.ts", "notice.css.ts"].map((file) => `ui/kit/${file}`),
  ...["Container", "CountBadge", "JsonLd", "Notice", "Breadcrumbs", "PageHeader"].map((component) => `ui/kit/${component}.tsx`),
  "modules/shop/",
  "modules/seo/meta.ts",
  "modules/seo/json-ld.ts",
  "modules/shared/format.ts",
  "modules/shared/error-view.ts",
  "modules/auth/login-href.ts",
  "modules/quotes/view.ts",
  "modules/quotes/instruments.ts",
];
/** Modules under a folder of FRAME_CHUNK that load on their own when a page shows them (deferHydration). */
const NOT_IN_FRAME_CHUNK = [
  // Shown only until the visitor answers (routes/layouts/default.tsx); its styles stay in the frame's.
  "ui/frame/CookieBanner.tsx",
  // Only a page that failed shows them (root.tsx ErrorBoundary).
  "ui/frame/ErrorLayout.tsx",
  "ui/frame/ErrorPage.tsx",
];
const appDir = fileURLToPath(new URL("./app/", import.meta.url));
const missing = [...FRAME_CHUNK, ...NOT_IN_FRAME_CHUNK].filter((path) => !existsSync(appDir + path));
if (missing.length > 0)
  throw new Error(`vite.config.ts: the frame chunk lists ${missing.map((path) => `app/${path}`).join(", ")}, not found (renamed or moved?)`);
/** A module of the frame; also the CSS vanilla-extract makes of a listed .css.ts, whose id extends that file's. */
function inFrameChunk(id: string): boolean {
  const path = id.replaceAll("\\", "/");
  if (NOT_IN_FRAME_CHUNK.some((listed) => path.includes(`app/${listed}`))) return false;
  return FRAME_CHUNK.some((listed) => path.includes(`app/${listed}`));
}

/**
 * The server's pure-JavaScript dependencies, bundled into build/server: loading their ~500 module
 * files one by one (Node's package lookups for each) cost a shop ~0.5 s of its ~1.6 s start-up
 * CPU (decision 039). Left outside: React, React DOM and React Router (loaded as the React Router
 * plugin sets them up), express (CommonJS whose dependencies sit in nested folders; loading it
 * costs ~0.1 s of CPU, what server.ts's own imports cost before, decision 044), PGlite and sharp
 * (files of their own: WASM, native code) and pg (an optional native driver it asks for at run time).
 */
const BUNDLED_SERVER_DEPENDENCIES = [
  "zod",
  "drizzle-orm",
  /^@conform-to\//,
  "cookie-es",
  "isbot",
  "marked",
  "yaml",
  "sanitize-html",
  "nodemailer",
  "proxy-addr",
];

export default defineConfig(({ command }) => ({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [vanillaExtractPlugin(), reactRouter()],
  // Only in the build: the dev server runs dependencies through Vite's module runner, which
  // cannot run CommonJS ones (proxy-addr, sanitize-html) that way.
  ssr: command === "build" ? { noExternal: BUNDLED_SERVER_DEPENDENCIES } : undefined,
  // The server build's entry is the HTTP server (server/app.ts), which imports the app's
  // build: one bundle, one copy of every module (decision 044).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  build: {
    // Dynamic imports (the parts hydrated later) need no preload helper in every page.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The frame every page shows (header, footer, menus, kit, formatting) in one chunk:
        // a dozen tiny chunks cost more gzip and import overhead than they save (bench/budgets.ts).
        // The styles of the coin cards, pictures and pages list go with it: most pages show
        // them, and each separate stylesheet is one more render-blocking request on a slow link.
        // React, React DOM and React Router in one chunk of their own, beside it: it changes only
        // when they are upgraded, so a deploy leaves it cached (decision 037).
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules\/(react|react-dom|scheduler|react-router)\//, priority: 2 },
            { name: "frame", test: inFrameChunk, priority: 1 },
          ],
        },
      },
    },
  },
}));
