import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { consents, pages } from "../db/schema.ts";
import { moscowToday } from "../content/dates.ts";
import { parseFrontMatter } from "../content/front-matter.ts";
import { projectRoot } from "../shared/project-root.server.ts";
import { CONSENT_DOCUMENT_PATH } from "../shop/contacts.ts";
import type { ConsentPurpose } from "./purposes.ts";

/** The consent document as published now: what a consent given now refers to. */
export type ConsentDocument = { title: string; body: string; version: string; hash: string; updatedAt: Date };

/** sha-256 (hex) of the document's text as stored and published (the Markdown the page renders). */
export function consentDocumentHash(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

/** The edition: the Moscow date the text last changed, YYYY-MM-DD. */
export function consentDocumentVersion(updatedAt: Date): string {
  return moscowToday(updatedAt);
}

let shipped: { title: string; body: string } | undefined;

/**
 * The shipped text (app/modules/content/demo), used while the database has no page at the path —
 * before the seeder ran, or after the operator removed it: a consent box must never point at nothing.
 */
function shippedDocument(): { title: string; body: string } {
  if (!shipped) {
    const file = readFileSync(path.join(projectRoot(), "app/modules/content/demo/pages", `${CONSENT_DOCUMENT_PATH}.md`), "utf8");
    const parsed = parseFrontMatter(file);
    const title = typeof parsed.data["title"] === "string" ? parsed.data["title"] : "Согласие на обработку персональных данных";
    shipped = { title, body: parsed.body };
  }
  return shipped;
}

/** Reads the consent document (inside a transaction too, so the consent names the text of its moment). */
export async function consentDocument(db: Database): Promise<ConsentDocument> {
  const [page] = await db
    .select({ title: pages.title, body: pages.body, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.path, CONSENT_DOCUMENT_PATH))
    .limit(1);
  const source = page && page.body.trim() !== "" ? page : { ...shippedDocument(), updatedAt: new Date("2025-09-01T00:00:00+03:00") };
  return {
    title: source.title,
    body: source.body,
    version: consentDocumentVersion(source.updatedAt),
    hash: consentDocumentHash(source.body),
    updatedAt: source.updatedAt,
  };
}

export type ConsentInput = {
  purpose: ConsentPurpose;
  /** The signed-in buyer, when there is one. */
  userId?: number | null;
  /** +7XXXXXXXXXX: the user's phone, or the phone a form was sent with. */
  phone: string;
  /** The client's address (app/modules/request/client-ip.server.ts). */
  ip: string;
  userAgent: string | null;
  /** What the consent came with: "buyback:12", "order:2026-000123". */
  reference?: string;
  now?: Date;
};

/** Longest user agent kept: what a request chooses is bounded. */
const MAX_USER_AGENT = 500;

/**
 * Records a consent given now, to the document as published now. Call it with the transaction of
 * the action the consent comes with (`tx`), so one exists exactly when the other does.
 */
export async function recordConsent(tx: Database, input: ConsentInput): Promise<{ id: number; version: string; hash: string }> {
  const document = await consentDocument(tx);
  const [row] = await tx
    .insert(consents)
    .values({
      userId: input.userId ?? null,
      phone: input.phone,
      purpose: input.purpose,
      documentVersion: document.version,
      documentHash: document.hash,
      reference: input.reference ?? "",
      ip: input.ip.slice(0, 100),
      userAgent: (input.userAgent ?? "").slice(0, MAX_USER_AGENT),
      ...(input.now ? { givenAt: input.now } : {}),
    })
    .returning({ id: consents.id });
  return { id: row!.id, version: document.version, hash: document.hash };
}

/**
 * The buyer's consent of this purpose to the document as published now: the one in force when
 * there is one (giving the same consent again adds nothing to show or to withdraw), else a new one.
 */
export async function ensureConsent(tx: Database, input: ConsentInput & { userId: number }): Promise<{ id: number; version: string; hash: string }> {
  const document = await consentDocument(tx);
  const [given] = await tx
    .select({ id: consents.id })
    .from(consents)
    .where(
      and(
        eq(consents.userId, input.userId),
        eq(consents.purpose, input.purpose),
        eq(consents.documentVersion, document.version),
        eq(consents.documentHash, document.hash),
        isNull(consents.withdrawnAt),
      ),
    )
    .limit(1);
  return given ? { id: given.id, version: document.version, hash: document.hash } : recordConsent(tx, input);
}

export type ConsentRow = typeof consents.$inferSelect;

/** A buyer's consents, the newest first: given in the account, or with the account's phone (a buy-back request sent before signing in). */
export async function listConsents(db: Database, user: { id: number; phone: string }): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consents)
    .where(or(eq(consents.userId, user.id), and(isNull(consents.userId), eq(consents.phone, user.phone))))
    .orderBy(desc(consents.givenAt), desc(consents.id))
    .limit(500);
}

/**
 * Withdraws one of the buyer's consents (152-FZ art. 9 p. 2). Returns false when the consent is not
 * the buyer's or was withdrawn already; the row stays, with the time of withdrawal.
 */
export async function withdrawConsent(db: Database, user: { id: number; phone: string }, consentId: number, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(consents)
    .set({ withdrawnAt: now })
    .where(
      and(
        eq(consents.id, consentId),
        isNull(consents.withdrawnAt),
        or(eq(consents.userId, user.id), and(isNull(consents.userId), eq(consents.phone, user.phone))),
      ),
    )
    .returning({ id: consents.id });
  return updated.length > 0;
}

/**
 * Whether the buyer withdrew the consent of a purpose and has given none since: then sign-in asks
 * for it again (step 3). A buyer who never gave one (accounts older than the consents table) is not asked.
 */
export async function consentWithdrawn(db: Database, userId: number, purpose: ConsentPurpose): Promise<boolean> {
  const [row] = await db
    .select({
      live: sql<number>`count(*) filter (where ${consents.withdrawnAt} is null)`,
      withdrawn: sql<number>`count(*) filter (where ${consents.withdrawnAt} is not null)`,
    })
    .from(consents)
    .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)));
  return Number(row?.withdrawn ?? 0) > 0 && Number(row?.live ?? 0) === 0;
}
