// Every relative link in the README and docs/ leads to a file of the repository and, where it names
// a heading, to a heading that file has: the docs are read on GitHub and in editors, not served.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Lexer, type Token, type Tokens } from "marked";
import { describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

function walk(tokens: Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    const nested = (token as { tokens?: Token[] }).tokens;
    if (nested) walk(nested, visit);
    if (token.type === "list") for (const item of (token as Tokens.List).items) walk(item.tokens, visit);
    if (token.type === "table") {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens, visit);
    }
  }
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  walk(Lexer.lex(readFileSync(file, "utf8")), (token) => {
    if (token.type !== "heading") return;
    const slug = (token as Tokens.Heading).text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  walk(Lexer.lex(readFileSync(file, "utf8")), (token) => {
    if (token.type !== "link") return;
    const href = (token as Tokens.Link).href;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return;
    const [target = "", anchor] = href.split("#");
    const destination = target ? path.resolve(path.dirname(file), decodeURI(target)) : file;
    if (!destination.startsWith(root + path.sep) || !existsSync(destination)) broken.push(`${href}: no such file`);
    else if (anchor && !(destination.endsWith(".md") && headingAnchors(destination).has(decodeURI(anchor)))) broken.push(`${href}: no such heading`);
  });
  return broken;
}

describe("the README and docs/", () => {
  const files = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];

  test.each(files.map((file) => [path.relative(root, file), file]))("%s links only to what exists", (_, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  test("a link to a missing file, a missing heading or outside the repository is found", () => {
    const dir = mkdtempSync(path.join(root, "docs", ".links-probe-"));
    try {
      const probe = path.join(dir, "probe.md");
      const architecture = path.relative(dir, path.join(root, "docs", "architecture.md"));
      writeFileSync(probe, `# Probe\n\n[a](${architecture}#no-such-heading) [b](./missing.md) [c](/etc/hostname) [d](#probe) [e](${architecture})\n`);
      expect(brokenLinks(probe)).toEqual([`${architecture}#no-such-heading: no such heading`, "./missing.md: no such file", "/etc/hostname: no such file"]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
