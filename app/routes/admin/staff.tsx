import { Form } from "react-router";
import { databaseContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { staffRoleLabels, staffRoles } from "#app/modules/staff/roles.ts";
import { handleStaffForm } from "#app/modules/admin/staff-page.server.ts";
import { listStaff } from "#app/modules/staff/staff.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/staff";

export const meta = () => adminMeta("Сотрудники");

/** The owner's list of staff: add, change a role, remove (the same functions as `npm run staff`). */
export async function loader({ context }: Route.LoaderArgs) {
  return { members: await listStaff(context.get(databaseContext).db) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleStaffForm(request, context);
}

function RoleSelect({ value, label }: { value?: string; label: string }) {
  return (
    <select name="role" defaultValue={value ?? ""} required className={css.control} aria-label={label}>
      {value ? null : (
        <option value="" disabled>
          роль…
        </option>
      )}
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {staffRoleLabels[role]}
        </option>
      ))}
    </select>
  );
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={css.title}>Сотрудники</h1>
      <div className={css.tableWrap}>
        <table className={css.table} data-testid="staff-table">
          <thead>
            <tr>
              <th>Телефон</th>
              <th>Имя</th>
              <th>Роль</th>
              <th>Добавлен</th>
              <th>Удалить</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.members.map((member) => (
              <tr key={member.id}>
                <td className={css.number}>{formatPhone(member.phone)}</td>
                <td>{member.name || "—"}</td>
                <td>
                  <Form method="post" className={css.inlineForm}>
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="phone" value={member.phone} />
                    <RoleSelect value={member.role} label={`Роль ${formatPhone(member.phone)}`} />
                    <button type="submit" className={css.smallButton}>
                      Сменить
                    </button>
                  </Form>
                </td>
                <td className={css.number}>{formatDateTime(member.createdAt)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="phone" value={member.phone} />
                    <button type="submit" className={css.smallDangerButton} aria-label={`Удалить ${formatPhone(member.phone)}`}>
                      Удалить
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className={css.section} data-testid="staff-add">
        <h2 className={css.sectionTitle}>Добавить сотрудника</h2>
        <Form method="post" className={css.filters}>
          <input type="hidden" name="intent" value="add" />
          <label className={css.filterField}>
            Телефон
            <input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              placeholder="+7 (999) 123-45-67"
              className={css.control}
              maxLength={30}
            />
          </label>
          <label className={css.filterField}>
            Имя
            <input type="text" name="name" maxLength={120} className={css.control} />
          </label>
          <label className={css.filterField}>
            Роль
            <RoleSelect label="Роль нового сотрудника" />
          </label>
          <button type="submit" className={button}>
            Добавить
          </button>
        </Form>
        <p className={css.muted}>
          Владелец может всё, менеджер — заказы, выкуп, покупателей и паузу продаж, контент-редактор — каталог и страницы, комплаенс — данные идентификации.
          Последнего владельца удалить или понизить нельзя. То же из терминала: npm run staff -- add ТЕЛЕФОН РОЛЬ [ИМЯ] | remove ТЕЛЕФОН.
        </p>
      </section>
    </>
  );
}
