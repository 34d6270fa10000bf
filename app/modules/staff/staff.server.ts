import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { staff, staffRoles, type StaffRole } from "../db/schema.ts";
import { formatPhone, normalizePhone } from "../phone/phone.ts";
import { type StaffActor, writeAudit } from "../audit/audit.server.ts";
import { staffRoleLabels } from "./roles.ts";
import type { Outcome } from "../shared/failure.ts";

export type StaffMember = typeof staff.$inferSelect;

export function isStaffRole(value: string): value is StaffRole {
  return (staffRoles as readonly string[]).includes(value);
}

export const staffMessages = {
  badPhone: (input: string) => `Неверный номер телефона: «${input}». Нужен российский мобильный, например +7 999 123-45-67.`,
  badRole: (input: string) => `Неизвестная роль: «${input}». Роли: ${staffRoles.map((role) => `${role} (${staffRoleLabels[role]})`).join(", ")}.`,
  notFound: (phone: string) => `Сотрудник с телефоном ${formatPhone(phone)} не найден.`,
  lastOwner: "Нельзя удалить или понизить последнего владельца: добавьте другого владельца сначала.",
} as const;

export type StaffChange = Outcome<{ member: StaffMember; created: boolean }>;

const snapshot = (member: StaffMember) => ({ phone: member.phone, name: member.name, role: member.role });

/** Adds a member of staff, or changes the role and name of one already there; audited in the same transaction. The last owner is never demoted. */
export async function addStaff(db: Database, input: { phone: string; role: string; name?: string }, actor: StaffActor): Promise<StaffChange> {
  const phone = normalizePhone(input.phone);
  if (!phone) return { ok: false, reason: staffMessages.badPhone(input.phone) };
  if (!isStaffRole(input.role)) return { ok: false, reason: staffMessages.badRole(input.role) };
  const role = input.role;
  const name = input.name?.trim().slice(0, 120);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.phone, phone)).for("update");
    if (existing) {
      if (existing.role === "owner" && role !== "owner" && (await ownerCount(tx)) <= 1) return { ok: false, reason: staffMessages.lastOwner };
      const [member] = await tx
        .update(staff)
        .set({ role, ...(name ? { name } : {}) })
        .where(eq(staff.id, existing.id))
        .returning();
      await writeAudit(tx, actor, { action: "staff.update", entity: `staff:${phone}`, before: snapshot(existing), after: snapshot(member!) });
      return { ok: true, member: member!, created: false };
    }
    const [member] = await tx
      .insert(staff)
      .values({ phone, role, name: name ?? "" })
      .returning();
    await writeAudit(tx, actor, { action: "staff.add", entity: `staff:${phone}`, before: null, after: snapshot(member!) });
    return { ok: true, member: member!, created: true };
  });
}

async function ownerCount(db: Database): Promise<number> {
  return (await db.select({ id: staff.id }).from(staff).where(eq(staff.role, "owner")).for("update")).length;
}

/** Removes a member of staff: their back-office sessions end with them (cascade). The last owner stays, in /admin and at the terminal alike. */
export async function removeStaff(db: Database, inputPhone: string, actor: StaffActor): Promise<StaffChange> {
  const phone = normalizePhone(inputPhone);
  if (!phone) return { ok: false, reason: staffMessages.badPhone(inputPhone) };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.phone, phone)).for("update");
    if (!existing) return { ok: false, reason: staffMessages.notFound(phone) };
    if (existing.role === "owner" && (await ownerCount(tx)) <= 1) return { ok: false, reason: staffMessages.lastOwner };
    await tx.delete(staff).where(eq(staff.id, existing.id));
    await writeAudit(tx, actor, { action: "staff.remove", entity: `staff:${phone}`, before: snapshot(existing), after: null });
    return { ok: true, member: existing, created: false };
  });
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.id));
}

export async function findStaffByPhone(db: Database, phone: string): Promise<StaffMember | undefined> {
  const [member] = await db.select().from(staff).where(eq(staff.phone, phone)).limit(1);
  return member;
}

/** One line of `npm run staff -- list`. */
export function formatStaffRow(member: StaffMember): string {
  return [formatPhone(member.phone), member.role, staffRoleLabels[member.role], member.name].filter(Boolean).join("  ");
}
