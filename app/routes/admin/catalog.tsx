import { Form, Link } from "react-router";
import { formatMoney } from "#app/modules/shared/format.ts";
import { handleCatalogImport, loadCatalogList } from "#app/modules/admin/catalog-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { AdminList, AdminSearchField, NumberCell } from "#app/ui/admin/AdminList.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import { auditWho } from "#app/ui/admin/auditWho.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/catalog";

export const meta = () => adminMeta("Каталог");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadCatalogList(context, url);
}

/** The whole catalogue file (the CLI's import): nothing is imported when one row is bad. */
export function action({ request, context }: Route.ActionArgs) {
  return handleCatalogImport(request, context);
}

const listHref = (q: string, page: number) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/catalog?${query}` : "/admin/catalog";
};

export default function AdminCatalog({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, errors, result, imports, lowStockDefault, newFromOneC } = loaderData;
  return (
    <>
      <h1 className={css.title}>Каталог</h1>
      <p className={css.muted}>
        <Link to="/admin/content">Тексты сайта</Link>: страницы, новости, кейсы, обучение, акции, отзывы, партнёры, сертификаты
      </p>
      {newFromOneC > 0 ? (
        <p className={css.warning} data-testid="catalog-new-from-1c">
          <Link to="/admin/exchange/goods">Новые из 1С: {newFromOneC}</Link> — товары из 1С ждут, пока их дополнят и опубликуют
        </p>
      ) : null}
      <AdminList
        filters={<AdminSearchField label="Название или артикул" value={filters.q} />}
        errors={errors}
        testId="catalog"
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        hrefFor={(page) => listHref(filters.q, page)}
        head={["Артикул", "Монета", "Цена", "Остаток", "На сайте"]}
        cards
        rows={result.rows.map((row) => (
          <tr key={row.sku}>
            <NumberCell label="Артикул">
              <Link to={`/admin/catalog/${encodeURIComponent(row.sku)}`}>{row.sku}</Link>
            </NumberCell>
            <td data-label="Монета">{row.name}</td>
            <NumberCell label="Цена">
              {row.pricing === "fixed" && row.fixedPrice !== null ? formatMoney(row.fixedPrice) : `металл + ${String(row.premiumPercent).replace(".", ",")} %`}
            </NumberCell>
            <NumberCell label="Остаток">
              {row.stock <= (row.lowStockThreshold ?? lowStockDefault) ? <span className={css.warning}>{row.stock}</span> : row.stock}
            </NumberCell>
            <td data-label="На сайте">{row.status === "active" ? "да" : "скрыта"}</td>
          </tr>
        ))}
      />

      <section className={css.section}>
        <h2 className={css.sectionTitle}>Файл каталога</h2>
        <p className={css.muted}>
          Тот же формат, что у npm run catalog: JSON (массив монет) или CSV с заголовком из названий полей. Монеты создаются или обновляются по артикулу; если
          хоть одна строка с ошибкой, не загружается ничего.
        </p>
        <p>
          <a href="/admin/catalog/export" download>
            Выгрузить каталог (JSON)
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className={css.actionForm}>
          <label className={css.filterField}>
            Файл JSON или CSV
            <input type="file" name="file" accept=".json,.csv,.txt,application/json,text/csv" required className={css.control} />
          </label>
          {actionData?.belowFloor ? (
            <div role="alert" data-testid="import-below-floor">
              <p className={css.warning}>
                Файл {actionData.fileName} не загружен: эти монеты продавались бы дешевле металла или цены выкупа. Проверьте цены; если так и задумано, выберите
                файл ещё раз и подтвердите.
              </p>
              <ul className={css.list}>
                {actionData.belowFloor.map((message, index) => (
                  <li key={index}>{message}</li>
                ))}
              </ul>
              <label className={css.checkField}>
                <input type="checkbox" name="confirmBelowFloor" required />
                Да, продавать эти монеты по таким ценам
              </label>
            </div>
          ) : null}
          <button type="submit" name="intent" value="import" className={button}>
            Загрузить
          </button>
        </Form>
        {imports.length > 0 ? (
          <>
            <h3 className={css.cardTitle}>Последние загрузки</h3>
            <ol className={css.list} data-testid="catalog-imports">
              {imports.map((row) => (
                <li key={row.id}>
                  {auditWho(row)}: {row.after?.file}, новых {row.after?.created ?? 0}, обновлено {row.after?.updated ?? 0}
                </li>
              ))}
            </ol>
          </>
        ) : null}
        {actionData?.importErrors?.length ? (
          <div role="alert" data-testid="import-errors">
            <p className={css.warning}>
              {actionData.fileName ? `Файл ${actionData.fileName} не загружен, в каталоге ничего не изменилось.` : "Файл не загружен."} Ошибки (
              {actionData.importErrors.length}):
            </p>
            <ul className={css.list}>
              {actionData.importErrors.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </>
  );
}
