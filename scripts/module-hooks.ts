// Preloaded by the operator commands (`node --import ./scripts/module-hooks.ts`, package.json):
// module resolution hooks that make a command start in about half the time.
//
// Node 24 learns whether a package's .js file is ESM by reading that package's package.json
// again for every file it loads, exports map included; drizzle-orm's is 179 KB and it loads
// ~300 files, so importing drizzle-orm took ~1.4 s of CPU before a command did anything
// (docs/decisions/040-test-run-native-imports.md). These hooks remember the answer per folder,
// and the result of a bare specifier ("drizzle-orm") per importing package, instead. The
// server does not need them: its build bundles drizzle-orm (decision 039).
import { readFileSync } from "node:fs";
import { enableCompileCache, registerHooks, type ResolveFnOutput } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Folder -> the "type" of the package.json that governs its .js files ("commonjs" when none says). */
const typeOfFolder = new Map<string, "module" | "commonjs">();

function packageTypeOf(folder: string): "module" | "commonjs" {
  const known = typeOfFolder.get(folder);
  if (known) return known;
  let type: "module" | "commonjs";
  try {
    const { type: declared } = JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8")) as { type?: unknown };
    type = declared === "module" ? "module" : "commonjs";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const parent = path.dirname(folder);
    type = parent === folder ? "commonjs" : packageTypeOf(parent);
  }
  typeOfFolder.set(folder, type);
  return type;
}

/** Bare specifiers resolved once per importing package and condition set (all of a package's files resolve them alike). */
const bareResolutions = new Map<string, ResolveFnOutput>();

const isRelative = (specifier: string) => specifier.startsWith("./") || specifier.startsWith("../");
/** A package name ("drizzle-orm/pg-core"), not a path, an import map entry (#app/…) or a URL (node:fs, file:…). */
const isBare = (specifier: string) =>
  !isRelative(specifier) && !specifier.startsWith("/") && !specifier.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(specifier);

/** The folder of the package a file belongs to: under node_modules its package's, else the project's. */
function packageRootOf(fileUrl: string): string {
  const file = fileURLToPath(fileUrl);
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return "project";
  const rest = file.slice(at + marker.length).split(path.sep);
  return file.slice(0, at + marker.length) + (rest[0]!.startsWith("@") ? `${rest[0]}${path.sep}${rest[1]}` : rest[0]);
}

// The compiled code of the command's modules kept for the next command (docs/decisions/072-wasm-tiering-and-tmpfs-for-tests.md).
enableCompileCache();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith("file:")) return nextResolve(specifier, context);
    // A dependency's own .js files: the address and the format, without Node's per-file package.json read.
    if (isRelative(specifier) && specifier.endsWith(".js") && parent.includes("/node_modules/")) {
      const url = new URL(specifier, parent);
      return { url: url.href, format: packageTypeOf(path.dirname(fileURLToPath(url))), shortCircuit: true };
    }
    if (isBare(specifier)) {
      const key = `${packageRootOf(parent)}\n${specifier}\n${context.conditions.join(",")}`;
      let resolved = bareResolutions.get(key);
      if (!resolved) {
        resolved = nextResolve(specifier, context);
        bareResolutions.set(key, resolved);
      }
      return { ...resolved, shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
