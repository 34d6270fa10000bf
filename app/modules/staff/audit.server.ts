import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { auditLog } from "../db/schema.ts";

/** Who made a change: a member of staff in /admin, or the operator at the terminal. */
export type StaffActor = { staffId: number | null; phone: string; role: string; ip?: string | null };

/** The operator's commands (npm run staff …) write as this actor. */
export const cliActor: StaffActor = { staffId: null, phone: "cli", role: "operator", ip: null };

export type AuditEntry = {
  action: string;
  entity: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Writes one audit row; call it with the change's transaction so both stand or fall together. */
export async function writeAudit(db: Database, actor: StaffActor, entry: AuditEntry, now = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    phone: actor.phone,
    role: actor.role,
    action: entry.action,
    entity: entry.entity,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip ?? null,
    createdAt: now,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first; `entity` keeps one thing's rows ("order:2026-000123"). */
export async function listAudit(db: Database, options: { entity?: string; limit?: number } = {}): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(options.entity ? eq(auditLog.entity, options.entity) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit ?? 100);
}
