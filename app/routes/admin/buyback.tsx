import { Form, Link } from "react-router";
import { buybackGradeLabels, buybackGrades, buybackStatusLabels, buybackStatuses } from "#app/modules/buyback/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { buybackListHref } from "#app/modules/staff/buyback-filters.ts";
import { handleGradesForm, loadBuybackQueue } from "#app/modules/staff/buyback-page.server.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
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
      <Form method="get" className={css.filters} role="search">
        <label className={css.filterField}>
          Статус
          <select name="status" defaultValue={filters.status ?? ""} className={css.control}>
            <option value="">все</option>
            {buybackStatuses.map((status) => (
              <option key={status} value={status}>
                {buybackStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label className={css.filterField}>
          Номер, телефон или имя
          <input type="search" name="q" defaultValue={filters.q ?? ""} className={css.control} maxLength={100} />
        </label>
        <button type="submit" className={button}>
          Найти
        </button>
      </Form>
      {errors.length > 0 ? (
        <p className={css.warning} role="alert">
          {errors.join(". ")}
        </p>
      ) : null}
      <p className={css.muted} data-testid="buyback-found">
        Найдено: {result.total}
      </p>
      {result.rows.length > 0 ? (
        <div className={css.tableWrap}>
          <table className={css.table} data-testid="buyback-table">
            <thead>
              <tr>
                <th>Заявка</th>
                <th>Создана</th>
                <th>Статус</th>
                <th>Продавец</th>
                <th>Монеты</th>
                <th>Цена</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={row.id}>
                  <td className={css.number}>
                    <Link to={`/admin/buyback/${row.id}`}>{row.quoteNumber}</Link>
                  </td>
                  <td className={css.number}>{formatDateTime(row.createdAt)}</td>
                  <td>
                    <span className={css.status}>{buybackStatusLabels[row.status]}</span>
                  </td>
                  <td>
                    {row.name}
                    <br />
                    <span className={css.muted}>{formatPhone(row.phone)}</span>
                  </td>
                  <td>
                    {row.coinName ? `${row.coinName} × ${row.quantity}` : row.items}
                    {row.grade ? <span className={css.muted}> ({buybackGradeLabels[row.grade]})</span> : null}
                  </td>
                  <td className={css.number}>{row.total === null ? "—" : formatMoney(row.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.pageCount > 1 ? <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => buybackListHref(filters, page)} /> : null}

      <section className={css.section} data-testid="buyback-grades">
        <h2 className={css.sectionTitle}>Цена по состоянию</h2>
        <p className={css.muted}>На сколько процентов цена выкупа по списку меняется для каждого состояния (−5 — на пять процентов меньше). Действует для новых заявок и пересчётов.</p>
        <Form method="post" className={css.filters}>
          {buybackGrades.map((grade) => (
            <label key={grade} className={css.filterField}>
              {buybackGradeLabels[grade]}, %
              <input name={grade} defaultValue={String(grades[grade])} inputMode="decimal" required className={css.control} size={6} />
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
