import { Form } from "react-router";
import { buybackGradeLabels, buybackStatusLabels } from "#app/modules/buyback/statuses.ts";
import { buybackGrades, buybackStatuses } from "#app/modules/db/column-values.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { buybackListHref } from "#app/modules/admin/buyback-filters.ts";
import { handleGradesForm, loadBuybackQueue } from "#app/modules/admin/buyback-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminFilterSelect, AdminList, AdminSearchField, PersonCell } from "#app/ui/admin/AdminList.tsx";
import { BuybackListRow, buybackColumns, buybackListHead } from "#app/ui/admin/AdminRows.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/buyback";

export const meta = () => adminMeta("Выкуп");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadBuybackQueue(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleGradesForm(request, context);
}

export default function AdminBuyback({ loaderData }: Route.ComponentProps) {
  const { filters, errors, result, grades } = loaderData;
  return (
    <>
      <h1 className={css.title}>Заявки на выкуп</h1>
      <AdminList
        testId="buyback"
        filters={
          <>
            <AdminFilterSelect
              label="Статус"
              name="status"
              value={filters.status}
              options={buybackStatuses.map((status) => [status, buybackStatusLabels[status]] as const)}
            />
            <AdminSearchField label="Номер, телефон или имя" value={filters.q} />
          </>
        }
        errors={errors}
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) => buybackListHref(filters, page)}
        head={buybackListHead(true)}
        cards
        rows={result.rows.map((row) => (
          <BuybackListRow key={row.id} row={row} seller={<PersonCell label={buybackColumns.seller} name={row.name} phone={formatPhone(row.phone)} />} />
        ))}
      />

      <section className={css.section} data-testid="buyback-grades">
        <h2 className={css.sectionTitle}>Цена по состоянию</h2>
        <p className={css.muted}>
          На сколько процентов цена выкупа по списку меняется для каждого состояния (−5 — на пять процентов меньше). Действует для новых заявок и пересчётов.
        </p>
        <Form method="post" className={css.filters}>
          {buybackGrades.map((grade) => (
            <label key={grade} className={css.filterField}>
              {buybackGradeLabels[grade]}, %
              <input type="text" name={grade} defaultValue={String(grades[grade])} inputMode="decimal" required className={css.control} size={6} />
            </label>
          ))}
          <button type="submit" className={button}>
            Сохранить
          </button>
        </Form>
      </section>
    </>
  );
}
