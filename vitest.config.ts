import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

// Three projects: pure rules beside their files (node), components beside their files
// (happy-dom), and HTTP suites in tests/http that start the built server.
export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  define: { __BUILD_ID__: JSON.stringify("test-build") },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", environment: "node", include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server.test.ts"] },
      },
      {
        extends: true,
        test: { name: "dom", environment: "happy-dom", include: ["app/**/*.test.tsx"] },
      },
      {
        extends: true,
        test: {
          name: "http",
          environment: "node",
          include: ["tests/http/**/*.test.ts"],
          // Each file starts its own server; two cores run them one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
