// npm start — builds the shop when the build is missing or older than the sources (the app
// and its server, server/, are one build), then starts it (server.ts; the first start
// migrates and seeds the database).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildEntry = path.join(root, "build/server/index.js");
const sources = ["app", "server", "public", "package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (builtAt < changedAt) {
  console.log(builtAt ? "Исходники изменились, пересобираю…" : "Собираю магазин…");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { main } = await import("../server.ts");
await main();
