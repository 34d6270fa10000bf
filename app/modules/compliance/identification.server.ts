import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { getConfig, type IdentificationThresholds } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { extremistListEntries, identifications, orders } from "../db/schema.ts";
import { cliActor, type StaffActor, writeAudit } from "../audit/audit.server.ts";
import type { ParsedList } from "./extremist-list.ts";
import { IDENTIFICATION_CONSENT_VERSION, type IdentificationData, maskedIdentification, requiresIdentification, screeningKey } from "./identification.ts";
import { decryptPii, encryptPii, type PiiKeyring } from "../shared/pii-crypto.server.ts";

/**
 * Identification records (115-FZ): written encrypted, read back only by the buyer who gave
 * them (to be offered again) and by compliance staff (each read audited), and checked against
 * the imported list when an order is placed.
 */

const keys = (): PiiKeyring => getConfig().compliance.piiKeys;

/**
 * Stores the identification a buyer gave for this checkout (a second one for the same checkout
 * replaces the first), with the consent to process it. Returns the row's id.
 */
export async function saveIdentification(
  db: Database,
  input: { userId: number; checkoutToken: string; data: IdentificationData; now?: Date; keyring?: PiiKeyring; consentVersion?: string },
): Promise<number> {
  const now = input.now ?? new Date();
  const sealed = encryptPii(input.keyring ?? keys(), JSON.stringify(input.data));
  const values = {
    keyId: sealed.keyId,
    data: sealed.ciphertext,
    consentVersion: input.consentVersion ?? IDENTIFICATION_CONSENT_VERSION,
    consentedAt: now,
    createdAt: now,
  };
  const [row] = await db
    .insert(identifications)
    .values({ userId: input.userId, checkoutToken: input.checkoutToken, ...values })
    .onConflictDoUpdate({ target: [identifications.userId, identifications.checkoutToken], set: values })
    .returning({ id: identifications.id });
  return row!.id;
}

function open(row: { data: string }, keyring: PiiKeyring): IdentificationData {
  return JSON.parse(decryptPii(keyring, row.data)) as IdentificationData;
}

/** The buyer's latest identification, opened, to be offered again at the next large order; null when none (or it can no longer be read). */
export async function latestIdentification(db: Database, userId: number, keyring = keys()): Promise<IdentificationData | null> {
  const [row] = await db
    .select({ data: identifications.data })
    .from(identifications)
    .where(eq(identifications.userId, userId))
    .orderBy(desc(identifications.createdAt), desc(identifications.id))
    .limit(1);
  if (!row) return null;
  try {
    return open(row, keyring);
  } catch {
    return null;
  }
}

/** The identification given for this checkout, as the checkout page may show it ("Иванов И. И., документ •• 3456"). */
export async function identificationOfCheckout(
  db: Database,
  userId: number,
  checkoutToken: string,
  keyring = keys(),
): Promise<{ id: number; masked: string } | null> {
  const [row] = await db
    .select({ id: identifications.id, data: identifications.data })
    .from(identifications)
    .where(and(eq(identifications.userId, userId), eq(identifications.checkoutToken, checkoutToken)))
    .limit(1);
  if (!row) return null;
  try {
    return { id: row.id, masked: maskedIdentification(open(row, keyring)) };
  } catch {
    return null;
  }
}

export type ListMatch = { subjectId: string; listDate: string | null };

/** The list entry this identification's person matches by full name and birth date, if any. */
export async function screenIdentification(db: Database, identificationId: number, keyring = keys()): Promise<ListMatch | null> {
  const [row] = await db.select({ data: identifications.data }).from(identifications).where(eq(identifications.id, identificationId)).limit(1);
  if (!row) return null;
  const data = open(row, keyring);
  const [match] = await db
    .select({ subjectId: extremistListEntries.subjectId, listDate: extremistListEntries.listDate })
    .from(extremistListEntries)
    .where(eq(extremistListEntries.matchKey, screeningKey(data.fullName, data.birthDate)))
    .limit(1);
  return match ?? null;
}

/** 115-FZ: one buyer's orders within this many hours are one operation for the identification threshold (a sum split into parts). */
export const IDENTIFICATION_LINK_HOURS = 24;

/**
 * Whether the buyer must be identified for an order of this total: the order together with the
 * buyer's other orders of the last IDENTIFICATION_LINK_HOURS hours (not cancelled) reaches the
 * threshold of its way of payment, so three orders just under it are treated as the one they are.
 */
export async function needsIdentification(
  db: Database,
  order: { userId: number | null; total: number; paymentId: number },
  thresholds: IdentificationThresholds = getConfig().compliance.identificationThresholds,
  now = new Date(),
): Promise<boolean> {
  if (requiresIdentification(order.total, order.paymentId, thresholds)) return true;
  if (order.userId === null) return false;
  const [linked] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)::bigint` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        ne(orders.status, "cancelled"),
        gt(orders.createdAt, new Date(now.getTime() - IDENTIFICATION_LINK_HOURS * 3_600_000)),
      ),
    );
  return requiresIdentification(order.total + Number(linked?.total ?? 0), order.paymentId, thresholds);
}

export type IdentificationGate = { kind: "not-needed" } | { kind: "missing" } | { kind: "identified"; identificationId: number; match: ListMatch | null };

/**
 * Inside the order's transaction: whether an order of this total may be placed. One at or
 * above the threshold needs the buyer's identification given for this very checkout; a person
 * on the list is not refused (that would tell them) but has the order held for review.
 */
export async function identificationGate(
  db: Database,
  order: { userId: number; checkoutToken: string; total: number; paymentId: number },
  thresholds: IdentificationThresholds = getConfig().compliance.identificationThresholds,
): Promise<IdentificationGate> {
  if (!(await needsIdentification(db, order, thresholds))) return { kind: "not-needed" };
  const [row] = await db
    .select({ id: identifications.id })
    .from(identifications)
    .where(and(eq(identifications.userId, order.userId), eq(identifications.checkoutToken, order.checkoutToken)))
    .limit(1);
  if (!row) return { kind: "missing" };
  return { kind: "identified", identificationId: row.id, match: await screenIdentification(db, row.id) };
}

/** Compliance staff open an identification: the read is written to the audit log in the same transaction. */
export async function readIdentificationAsStaff(
  db: Database,
  actor: StaffActor,
  identificationId: number,
  orderNumber: string,
): Promise<IdentificationData | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ data: identifications.data }).from(identifications).where(eq(identifications.id, identificationId)).limit(1);
    if (!row) return null;
    await writeAudit(tx, actor, { action: "identification.read", entity: `order:${orderNumber}`, after: { identificationId } });
    return open(row, keys());
  });
}

/** Replaces the imported list with this one (one transaction), and audits the import. */
export async function importExtremistList(db: Database, list: ParsedList, actor: StaffActor = cliActor): Promise<{ persons: number; withDate: number }> {
  return db.transaction(async (tx) => {
    await tx.delete(extremistListEntries);
    const rows = list.persons.map((person) => ({
      subjectId: person.subjectId,
      fullName: person.fullName,
      birthDate: person.birthDate,
      matchKey: person.key,
      listDate: list.listDate,
    }));
    for (let start = 0; start < rows.length; start += 1000) await tx.insert(extremistListEntries).values(rows.slice(start, start + 1000));
    const withDate = rows.filter((row) => row.matchKey !== null).length;
    await writeAudit(tx, actor, {
      action: "compliance.import-list",
      entity: "extremist-list",
      after: { listDate: list.listDate, persons: rows.length, withDate },
    });
    return { persons: rows.length, withDate };
  });
}

/** How many persons the imported list holds and of which date. */
export async function extremistListStatus(db: Database): Promise<{ persons: number; listDate: string | null; importedAt: Date | null }> {
  const [row] = await db
    .select({
      persons: sql<number>`count(*)::int`,
      listDate: sql<string | null>`max(${extremistListEntries.listDate})`,
      importedAt: sql<string | null>`max(${extremistListEntries.importedAt})`,
    })
    .from(extremistListEntries);
  return { persons: row?.persons ?? 0, listDate: row?.listDate ?? null, importedAt: row?.importedAt ? new Date(row.importedAt) : null };
}
