import { randomUUID } from "node:crypto";
import { reactRouter } from "@react-router/dev/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

// One id per build, shared by the client and server bundles: the client compares it
// with the server's hourly and turns the next navigation into a full page load.
process.env.BUILD_ID ??= randomUUID();
const buildId = process.env.BUILD_ID;

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  plugins: [vanillaExtractPlugin(), reactRouter()],
  build: {
    // Dynamic imports (the parts hydrated later) need no preload helper in every page.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The frame every page shows (header, footer, menus, kit, formatting) in one chunk:
        // a dozen tiny chunks cost more gzip and import overhead than they save (bench/budgets.ts).
        // The styles of the coin cards, pictures and pages list go with it: most pages show
        // them, and each separate stylesheet is one more render-blocking request on a slow link.
        codeSplitting: {
          groups: [
            {
              name: "frame",
              test: /app[\\/](ui[\\/](frame|tokens|deferred-hydration|use-public-url|auth[\\/]LoginModal)|ui[\\/]kit[\\/](icons|kit\.css|coin-image\.css|pagination\.css|Container|CountBadge|JsonLd|Notice|notice\.css|Breadcrumbs|PageHeader)|ui[\\/]catalog[\\/]catalog\.css|modules[\\/](shop|seo[\\/](meta|json-ld)|shared[\\/](format|error-view)|account|quotes[\\/](view|instruments)))/,
            },
          ],
        },
      },
    },
  },
});
