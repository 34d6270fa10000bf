import { createHash } from "node:crypto";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { pages, promotions } from "../db/schema.ts";
import { CONSENT_DOCUMENT_PATH } from "../shop/contacts.ts";
import type { Database } from "../db/client.server.ts";
import type { Seeder } from "./seeder.ts";
import { projectRoot } from "../shared/project-root.server.ts";
import { formatContentIssue, parseContentFiles, type ContentEntry } from "../content/content-files.ts";
import { readContentFolder } from "../content/folder.server.ts";
import { writeContent } from "../content/store.server.ts";

/** The demo content: Markdown files in the format of `npm run content -- import`. */
export function demoContentDir(): string {
  return path.join(projectRoot(), "app/modules/content/demo");
}

export async function readDemoContent(): Promise<ContentEntry[]> {
  const { entries, issues } = parseContentFiles(await readContentFolder(demoContentDir()));
  if (issues.length > 0) throw new Error(`Demo content is invalid:\n${issues.map(formatContentIssue).join("\n")}`);
  return entries.map((item) => item.entry);
}

async function seedDemo(db: Database, pick: (entry: ContentEntry) => boolean) {
  await writeContent(db, (await readDemoContent()).filter(pick), "missing");
}

/** The bodies of the shop's pages (the earlier "content-pages" seeder gave them titles only). */
export const contentPagesBodiesSeeder: Seeder = {
  name: "content-pages-v2",
  run: (db) => seedDemo(db, (entry) => entry.kind === "page"),
};

/** News, cases, training, promotions, reviews, partners and certificates. */
export const contentItemsSeeder: Seeder = {
  name: "content-items",
  run: (db) => seedDemo(db, (entry) => entry.kind !== "page"),
};

/**
 * The rules of the demo promotions for shops seeded before promotions had
 * rules: a demo promotion without a rule gets the demo file's; one the operator gave a rule
 * (or deleted) is left alone.
 */
export const promotionRulesSeeder: Seeder = {
  name: "promotion-rules",
  async run(db) {
    for (const entry of await readDemoContent()) {
      if (entry.kind !== "promo" || entry.rule === null) continue;
      await db
        .update(promotions)
        .set({ rule: entry.rule })
        .where(and(eq(promotions.id, entry.id), isNull(promotions.rule), eq(promotions.title, entry.title)));
    }
  },
};

/** sha-256 of the privacy policy's demo text before it named Yandex Metrica and Yandex Maps. */
const privacyBodyBeforeMetrica = "f38ee842da643a900f086ff82318ac56922fee4c2c4add1bab8286d26c31cac9";

/**
 * The consent document for shops seeded before it existed, and the privacy
 * policy's new demo text where the page still holds the old demo text word for word (an
 * operator's own policy is left alone).
 */
export const consentPagesSeeder: Seeder = {
  name: "content-pages-consent",
  async run(db) {
    const demo = (await readDemoContent()).filter((entry): entry is Extract<ContentEntry, { kind: "page" }> => entry.kind === "page");
    await writeContent(
      db,
      demo.filter((entry) => entry.path === CONSENT_DOCUMENT_PATH),
      "missing",
    );
    const privacy = demo.find((entry) => entry.path === "privacy");
    const [current] = await db.select({ body: pages.body }).from(pages).where(eq(pages.path, "privacy"));
    if (privacy && current && createHash("sha256").update(current.body, "utf8").digest("hex") === privacyBodyBeforeMetrica) {
      await writeContent(db, [privacy], "replace");
    }
  },
};
