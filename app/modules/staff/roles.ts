import type { StaffRole } from "../db/schema.ts";

export { staffRoles, type StaffRole } from "../db/schema.ts";

export const staffRoleLabels: Record<StaffRole, string> = {
  owner: "владелец",
  manager: "менеджер",
  content: "контент-редактор",
  compliance: "комплаенс",
};

/**
 * Which roles may open a back-office page: declared by each admin route as
 * `handle = { roles: [...] }`; the owner may do everything, so is always allowed.
 * A route that declares nothing is open to every member of staff.
 */
export function roleAllows(allowed: readonly StaffRole[] | undefined, role: StaffRole): boolean {
  return role === "owner" || allowed === undefined || allowed.includes(role);
}

/** The roles the admin routes of this match allow: every level must allow the role. */
export function rolesOf(handles: unknown[]): Array<readonly StaffRole[]> {
  return handles
    .map((handle) => (handle as { roles?: readonly StaffRole[] } | undefined)?.roles)
    .filter((roles): roles is readonly StaffRole[] => Array.isArray(roles));
}
