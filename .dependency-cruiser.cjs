/**
 * The layers of app/ and what each may import (docs/architecture.md, «Layers»), checked by
 * `npm run lint:deps` in CI, with no known exceptions.
 *
 * server/ and server.ts, the HTTP server, sit above all of app/ (rule app-imports-server).
 *
 * Bottom to top:
 *   platform     app/modules/{phone,shared,forms,config,db,flash,visitor,rate-limit,request}:
 *                the database client and schema, settings, logging, outbound HTTP, caches, the
 *                request's context and middleware, generic helpers. Knows no shop rule.
 *   domain       the shop's rules, one folder per area (catalog, pricing, orders, payments, audit…).
 *   application  app/modules/{app-services,seed,storefront,admin}: what the server, a page, a
 *                back-office page or a command does with the domains (the services started with the
 *                server, page handlers, seeders).
 *   web          app/routes, app/ui, app/root.tsx, app/entry.*: React Router's routes and components,
 *                and the composition root (entry.server.tsx passes the seeders to db/, root.tsx lists
 *                the middleware).
 *
 * A module folder may import only itself and the folders listed BEFORE it in LAYERS (which
 * makes cycles between folders impossible, and every import point down or sideways to an older
 * folder). A new import that goes up the list is either a design error (move the shared piece
 * down, pass a function in) or a sign the list's order is wrong: move the folder in the list if
 * that makes no cycle. A new folder is added to the list at its place.
 */

/** Module folders (app/modules/<name>), bottom to top, by layer. */
const LAYERS = [
  {
    layer: "platform",
    folders: ["phone", "shared", "forms", "config", "db", "flash", "visitor", "rate-limit", "request"],
  },
  {
    layer: "domain",
    folders: [
      "tax",
      "invoices",
      "quotes",
      "pricing",
      "images",
      "audit",
      "reviews",
      "shop",
      "staff",
      "sms",
      "analytics",
      "payments",
      "compliance",
      "delivery",
      "pickup",
      "content",
      "consents",
      "notifications",
      "buyback",
      "catalog",
      "launches",
      "alerts",
      "lists",
      "checkout",
      "auth",
      "receipts",
      "orders",
      "preorders",
      "returns",
      "telegram",
      "exchange",
      "housekeeping",
      "seo",
    ],
  },
  { layer: "application", folders: ["app-services", "seed", "storefront", "admin"] },
];

const MODULES = "^app/modules/";
const TESTS = "\\.test\\.tsx?$";
const anyOf = (folders) => `${MODULES}(${folders.join("|")})/`;
const WEB = "^app/(routes|ui)/|^app/(root|entry\\.client|entry\\.server|routes)\\.tsx?$";

const folderRules = [];
LAYERS.forEach(({ layer, folders }, layerIndex) => {
  const higherLayers = LAYERS.slice(layerIndex + 1).flatMap((next) => next.folders);
  folders.forEach((folder, index) => {
    const from = { path: `${MODULES}${folder}/`, pathNot: TESTS };
    if (higherLayers.length > 0) {
      folderRules.push({
        name: `no-upward-import`,
        comment: `${layer} (app/modules/${folder}) may not import a higher layer's folder`,
        severity: "error",
        from,
        to: { path: anyOf(higherLayers) },
      });
    }
    const later = folders.slice(index + 1);
    if (later.length > 0) {
      folderRules.push({
        name: `${layer}-folder-order`,
        comment: `app/modules/${folder} may import only the ${layer} folders listed before it in .dependency-cruiser.cjs`,
        severity: "error",
        from,
        to: { path: anyOf(later) },
      });
    }
  });
});

const listed = LAYERS.flatMap(({ folders }) => folders);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "unlisted-module-folder",
      comment: "Every app/modules folder has its place in LAYERS (.dependency-cruiser.cjs)",
      severity: "error",
      from: { path: MODULES, pathNot: `${anyOf(listed)}` },
      to: {},
    },
    {
      name: "no-folder-cycle",
      comment: "No two module folders import each other, directly or through others",
      severity: "error",
      scope: "folder",
      from: { path: MODULES },
      to: { circular: true },
    },
    {
      name: "no-circular",
      comment: "No module imports itself through others",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "module-imports-web",
      comment: "Modules (platform, domain, application) do not import routes, components or the root",
      severity: "error",
      from: { path: MODULES, pathNot: TESTS },
      to: { path: WEB },
    },
    {
      name: "app-imports-server",
      comment: "The HTTP server (server/, server.ts) sits above the app: it imports the app's modules, never the reverse",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/|^server\\.ts$" },
    },
    {
      name: "ui-imports-server",
      comment: "Components run in the browser too: they import no *.server.ts module",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "ui-imports-routes",
      comment: "Components sit below the routes and the root that use them",
      severity: "error",
      from: { path: "^app/ui/", pathNot: TESTS },
      to: { path: "^app/routes/|^app/root\\.tsx$" },
    },
    {
      name: "web-imports-tables",
      comment: "Routes and components take values from the modules that own them, never from the table definitions (types aside)",
      severity: "error",
      from: { path: WEB, pathNot: TESTS },
      to: { path: "^app/modules/db/schema\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    ...folderRules,
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to no file (React Router's generated ./+types and virtual modules aside)",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^\\./\\+types/|^virtual:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests may reach across layers to set up what they test; the rules are about the app's own code.
    exclude: { path: ["^(build|\\.react-router|node_modules)/", TESTS] },
    tsConfig: { fileName: "tsconfig.json" },
    // TypeScript 7 has no JavaScript API yet: swc (@swc/core) parses the sources.
    parser: "swc",
    tsPreCompilationDeps: true,
    // Bare imports such as `react-router` and `@conform-to/zod/v4` resolve through package.json "exports".
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    // Folder-level rules (no-folder-cycle) need the folder metrics.
    metrics: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
