import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";

/** "23.11.2026, 14:20 — +7 (999) 555-12-34 (контент-редактор)": when and who of an audit row ("терминал" for the CLI). */
export function auditWho(row: { createdAt: Date | string; phone: string; role: string }): string {
  const who = row.phone === "cli" ? "терминал" : formatPhone(row.phone);
  return `${formatDateTime(row.createdAt)} — ${who} (${staffRoleLabels[row.role as keyof typeof staffRoleLabels] ?? row.role})`;
}
