import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { staffRoles } from "../db/schema.ts";
import { flashHeader, type Flash } from "../flash/flash.server.ts";
import { formatPhone, normalizePhone } from "../phone/phone.ts";
import { databaseContext } from "../request/context.ts";
import { readForm } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext } from "../staff/context.ts";
import { staffRoleLabels } from "../staff/roles.ts";
import { addStaff, removeStaff } from "../staff/staff.server.ts";

const STAFF_PATH = "/admin/staff";

const phone = z
  .string({ error: "Введите номер телефона" })
  .trim()
  .min(1, "Введите номер телефона")
  .refine((value) => normalizePhone(value) !== null, "Нужен российский мобильный номер, например +7 999 123-45-67");
const role = z.enum(staffRoles, { error: "Выберите роль" });

/** The staff page's three forms (add, change role, remove): one schema, Russian messages. */
export const staffFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), phone, role, name: z.string().trim().max(120, "Имя: не больше 120 символов").optional() }),
    z.object({ intent: z.literal("role"), phone, role }),
    z.object({ intent: z.literal("remove"), phone }),
  ],
  { error: "Неизвестное действие" },
);

/** POST /admin/staff: the same functions as `npm run staff`, audited as the owner who did it; the last owner stays. */
export async function handleStaffForm(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = readForm(await readFormBody(request), staffFormSchema);
  let notice: Flash;
  let to = STAFF_PATH;
  if (!parsed.ok) {
    notice = { kind: "error", message: parsed.reason };
  } else {
    const { db } = context.get(databaseContext);
    const actor = context.get(staffActorContext);
    const input = parsed.value;
    const change =
      input.intent === "remove"
        ? await removeStaff(db, input.phone, actor)
        : await addStaff(db, { phone: input.phone, role: input.role, ...(input.intent === "add" && input.name ? { name: input.name } : {}) }, actor);
    if (!change.ok) {
      notice = { kind: "error", message: change.reason };
    } else {
      const who = `${formatPhone(change.member.phone)} (${staffRoleLabels[change.member.role]})`;
      notice = {
        kind: "success",
        message: input.intent === "remove" ? `Сотрудник ${who} удалён.` : change.created ? `Сотрудник ${who} добавлен.` : `Сотрудник ${who} обновлён.`,
      };
      // Whoever changed their own role or removed themselves may no longer open this page.
      if (change.member.id === actor.staffId) to = "/admin";
    }
  }
  return redirect(to, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
