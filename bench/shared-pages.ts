// Shared pages: /, /catalog and a coin as a first visit, a crawler or a
// visitor who only browses asks for them (no cookie), which the shop answers from its page
// cache, against the very same HTML served as a static file by the shop's own static-file
// code (bench/static-server.ts) in the same run. Budget: at least half the static rate, p99
// under 20 ms (docs/decisions/025-shared-page-cache.md).
//
// As a module: one benchmark of bench/run.ts. Alone, against a running production build:
//   node bench/shared-pages.ts http://127.0.0.1:3000
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { measureLoad } from "./autocannon.ts";
import { ssrPages } from "./budgets.ts";
import { BROWSER_UA } from "./page-weight.ts";
import { runAlone, type Bench, type Measurement } from "./types.ts";

const headers = { "User-Agent": BROWSER_UA, "Accept-Encoding": "gzip", Accept: "text/html,application/xhtml+xml" };
/** The share of the static file's rate a shared page must reach, and its slowest 1 %. */
export const sharedPageBudget = { shareOfStatic: 0.5, latencyP99: { max: 20 } };

/** Writes `html` into `folder` as `file`, with the .gz and .br copies the build writes for static files (scripts/precompress.ts). */
export function writeStaticPage(folder: string, file: string, html: Buffer): void {
  writeFileSync(path.join(folder, file), html);
  writeFileSync(path.join(folder, `${file}.gz`), zlib.gzipSync(html, { level: 9 }));
  writeFileSync(path.join(folder, `${file}.br`), zlib.brotliCompressSync(html));
}

/** Starts bench/static-server.ts over `folder`; resolves its URL and a stop function. */
export async function startStaticServer(folder: string): Promise<{ url: string; stop(): void }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "static-server.ts");
  const child = spawn(process.execPath, [script, folder], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`the static server exited (${code})`)));
  });
  return { url, stop: () => child.kill("SIGTERM") };
}

export const sharedPages: Bench = {
  name: "Shared pages",
  async run({ baseUrl }) {
    const folder = mkdtempSync(path.join(tmpdir(), "coin-shop-static-"));
    const rows: Measurement[] = [];
    try {
      // The HTML each page has for everyone, written as the build writes static files.
      const files: { page: string; file: string }[] = [];
      for (const [index, page] of ssrPages.entries()) {
        const answer = await fetch(baseUrl + page, { headers: { "User-Agent": BROWSER_UA } });
        const cache = answer.headers.get("x-page-cache");
        if (answer.status !== 200 || !cache) throw new Error(`${page}: HTTP ${answer.status}, X-Page-Cache ${cache ?? "missing"}: not a shared page`);
        const html = Buffer.from(await answer.arrayBuffer());
        const file = `page-${index}.html`;
        writeStaticPage(folder, file, html);
        files.push({ page, file });
      }
      const statics = await startStaticServer(folder);
      try {
        for (const { page, file } of files) {
          const staticRows = await measureLoad(page, { url: `${statics.url}/${file}`, headers }, { throughput: {}, latencyP99: {} }, "static file ");
          const staticRate = staticRows[0]!;
          const floor = staticRate.value * sharedPageBudget.shareOfStatic;
          const shared = await measureLoad(
            page,
            { url: baseUrl + page, headers },
            { throughput: { min: floor }, latencyP99: sharedPageBudget.latencyP99 },
            "shared ",
          );
          shared[0]!.note = `${shared[0]!.note}; ${Math.round((shared[0]!.value / staticRate.value) * 100)} % of the static file`;
          // The static file's figures are the yardstick, not budgets (but it must not fail either).
          rows.push(...staticRows.map((row) => (row.metric.endsWith("failed responses") ? row : { ...row, budget: undefined })), ...shared);
        }
      } finally {
        statics.stop();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    return rows;
  },
};

await runAlone(sharedPages, import.meta.url);
