// Brotli and gzip copies of the client build's text files (x.js → x.js.br, x.js.gz), made
// once by `react-router build` (react-router.config.ts, buildEnd) so that the server (server/static-files.ts) serves
// them as they are (sirv) and never compresses a static file on the request path.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Files worth compressing: text. Pictures and fonts are compressed already. */
const compressible = /\.(js|mjs|css|json|map|txt|xml|html|svg|webmanifest)$/i;

/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 512;

/** Writes `.br` and `.gz` beside every compressible file under `dir` that they make smaller; returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = readFileSync(file);
    if (body.length < minBytes) continue;
    const brotli = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gzip = zlib.gzipSync(body, { level: 9 });
    if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
    count++;
  }
  return count;
}

/** Whether `file` has both compressed copies at least as new as itself (for tests and checks). */
export function isPrecompressed(file: string): boolean {
  try {
    const at = statSync(file).mtimeMs;
    return statSync(`${file}.br`).mtimeMs >= at && statSync(`${file}.gz`).mtimeMs >= at;
  } catch {
    return false;
  }
}
