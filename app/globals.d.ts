/** Set by vite.config.ts at build time. */
declare const __BUILD_ID__: string;

/** React Router's server build, as its Vite plugin provides it (app/modules/request/route-manifest.server.ts). */
declare module "virtual:react-router/server-build" {
  export const routes: import("react-router").ServerBuild["routes"];
}
