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
});
