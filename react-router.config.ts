import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { precompressDir } from "./scripts/precompress.ts";

export default {
  ssr: true,
  // Static files are served as built (server/static-files.ts, sirv): their .br and .gz copies are made here,
  // once, rather than on a buyer's request.
  buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const count = precompressDir(clientDir);
    console.log(`precompressed ${count} files in build/client (.br, .gz)`);
  },
} satisfies Config;
