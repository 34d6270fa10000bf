import { databaseContext } from "#app/modules/request/context.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { auditActionLabel, auditListHref, parseAuditFilters } from "#app/modules/staff/audit-filters.ts";
import { auditChoices, searchAudit } from "#app/modules/staff/audit.server.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import { staffRoleLabels, type StaffRole } from "#app/modules/staff/roles.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminDateFields, AdminFilterField, AdminFilterSelect, AdminList } from "#app/ui/admin/AdminList.tsx";
import type { Route } from "./+types/audit";

export const meta = () => adminMeta("Журнал действий");

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { filters, errors } = parseAuditFilters(url.searchParams);
  const [result, choices] = await Promise.all([searchAudit(db, filters), auditChoices(db)]);
  return { filters, errors, result, choices };
}

const roleLabel = (role: string) => staffRoleLabels[role as StaffRole] ?? (role === "operator" ? "терминал" : role);
const personLabel = (phone: string, name: string) => (phone === "cli" ? "Оператор (npm run …)" : [name, formatPhone(phone)].filter(Boolean).join(", "));

/** A value of the row's before or after, one "key: value" a line. */
function Values({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return <span className={css.muted}>—</span>;
  const entries = Object.entries(value);
  if (entries.length === 0) return <span className={css.muted}>—</span>;
  return (
    <>
      {entries.map(([key, item]) => (
        <div key={key}>
          <span className={css.muted}>{key}:</span> {typeof item === "string" ? item : JSON.stringify(item)}
        </div>
      ))}
    </>
  );
}

/** Every staff action, whatever its kind, with who, what, the values before and after, when and from where (owner only). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, errors, result, choices } = loaderData;
  return (
    <>
      <h1 className={css.title}>Журнал действий</h1>
      <AdminList
        testId="audit"
        filters={
          <>
            <AdminFilterSelect label="Кто" name="who" value={filters.who} options={choices.people.map((person) => [person.phone, personLabel(person.phone, person.name)] as const)} all="все" />
            <AdminFilterSelect label="Действие" name="action" value={filters.action} options={choices.actions.map((action) => [action, auditActionLabel(action)] as const)} all="все" />
            <AdminFilterField label="Объект (номер заказа, заявки, телефон)">
              <input type="search" name="object" defaultValue={filters.object ?? ""} className={css.control} maxLength={100} />
            </AdminFilterField>
            <AdminDateFields from={filters.from} to={filters.to} />
          </>
        }
        errors={errors}
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) => auditListHref(filters, page)}
        head={["Когда", "Кто", "Действие", "Объект", "Было", "Стало", "Адрес"]}
        rows={result.rows.map((row) => (
          <tr key={row.id}>
            <td className={css.number}>{formatDateTime(row.createdAt)}</td>
            <td>
              {personLabel(row.phone, row.name)}
              <br />
              <span className={css.muted}>{roleLabel(row.role)}</span>
            </td>
            <td>{auditActionLabel(row.action)}</td>
            <td className={css.number}>{row.entity}</td>
            <td>
              <Values value={row.before} />
            </td>
            <td>
              <Values value={row.after} />
            </td>
            <td className={css.number}>{row.ip ?? "—"}</td>
          </tr>
        ))}
      />
    </>
  );
}
