// package.json's scripts, read once: the suites run the operator commands, and their shops, with the
// node options package.json gives the operator, so the two cannot drift apart.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const packageScripts = (JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** What package.json's script gives node for `script` (e.g. scripts/catalog.ts): its options and the file. */
export function nodeArgumentsOf(script: string): string[] {
  const command = Object.values(packageScripts).find((line) => line.startsWith("node ") && line.endsWith(` ${script}`));
  if (!command) throw new Error(`no script of package.json runs ${script}`);
  return command.split(" ").slice(1);
}

const shopCommand = nodeArgumentsOf("scripts/shop.ts");
/**
 * The V8 options of the operator commands (`npm run shop`, the same for each), without their preload:
 * a test shop, like a command, lives for one job (docs/decisions/072-wasm-tiering-and-tmpfs-for-tests.md).
 */
export const shortLivedNodeOptions: readonly string[] = shopCommand.slice(0, shopCommand.indexOf("--import"));
