import { databaseContext } from "#app/modules/request/context.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { describeAuditChange, type AuditLine } from "#app/modules/admin/audit-describe.ts";
import { auditActionLabel, auditEntityLabel, auditPersonLabel } from "#app/modules/admin/audit-labels.ts";
import { auditListHref, parseAuditFilters } from "#app/modules/audit/audit-filters.ts";
import { auditChoices, searchAudit } from "#app/modules/audit/audit.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { staffRoleLabels, type StaffRole } from "#app/modules/staff/roles.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminDateFields, AdminFilterField, AdminFilterSelect, AdminList } from "#app/ui/admin/AdminList.tsx";
import type { Route } from "./+types/audit";

export const meta = () => adminMeta("Журнал действий");

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { filters, errors } = parseAuditFilters(url.searchParams);
  const [found, choices] = await Promise.all([searchAudit(db, filters), auditChoices(db)]);
  // Described here, on the server: a content file is read with the YAML parser, which the page need not load.
  const result = { ...found, rows: found.rows.map((row) => ({ ...row, change: describeAuditChange(row) })) };
  return { filters, errors, result, choices };
}

const roleLabel = (role: string) => staffRoleLabels[role as StaffRole] ?? (role === "operator" ? "терминал" : role);

/** The row's before or after, one "Поле: значение" a line. */
function Values({ lines }: { lines: AuditLine[] }) {
  if (lines.length === 0) return <span className={css.muted}>—</span>;
  return (
    <>
      {lines.map((line, index) => (
        <div key={index}>
          <span className={css.muted}>{line.label}:</span> {line.value}
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
            <AdminFilterSelect
              label="Кто"
              name="who"
              value={filters.who}
              options={choices.people.map((person) => [person.phone, auditPersonLabel(person.phone, person.name)] as const)}
              all="все"
            />
            <AdminFilterSelect
              label="Действие"
              name="action"
              value={filters.action}
              options={choices.actions.map((action) => [action, auditActionLabel(action)] as const)}
              all="все"
            />
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
        stacked
        rows={result.rows.map((row) => {
          const { change } = row;
          return (
            <tr key={row.id}>
              <td data-label="Когда" className={css.number}>
                {formatDateTime(row.createdAt)}
              </td>
              <td data-label="Кто">
                {auditPersonLabel(row.phone, row.name)}
                <br />
                <span className={css.muted}>{roleLabel(row.role)}</span>
              </td>
              <td data-label="Действие">{auditActionLabel(row.action)}</td>
              <td data-label="Объект" title={row.entity}>
                {auditEntityLabel(row.entity)}
              </td>
              <td data-label="Было">
                <Values lines={change.before} />
              </td>
              <td data-label="Стало">
                <Values lines={change.after} />
              </td>
              <td data-label="Адрес" className={css.number}>
                {row.ip ?? "—"}
              </td>
            </tr>
          );
        })}
      />
    </>
  );
}
