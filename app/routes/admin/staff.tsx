import { databaseContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import { listStaff } from "#app/modules/staff/staff.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import type { Route } from "./+types/staff";

export const meta = () => adminMeta("Сотрудники");

/** The owner's list of staff (adding and removing here comes next; `npm run staff` does it now). */
export async function loader({ context }: Route.LoaderArgs) {
  return { members: await listStaff(context.get(databaseContext).db) };
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={css.title}>Сотрудники</h1>
      <p className={css.muted}>Добавить или удалить: npm run staff -- add ТЕЛЕФОН РОЛЬ [ИМЯ] | remove ТЕЛЕФОН</p>
      <div className={css.tableWrap}>
        <table className={css.table} data-testid="staff-table">
          <thead>
            <tr>
              <th>Телефон</th>
              <th>Имя</th>
              <th>Роль</th>
              <th>Добавлен</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.members.map((member) => (
              <tr key={member.id}>
                <td className={css.number}>{formatPhone(member.phone)}</td>
                <td>{member.name || "—"}</td>
                <td>{staffRoleLabels[member.role]}</td>
                <td className={css.number}>{formatDateTime(member.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
