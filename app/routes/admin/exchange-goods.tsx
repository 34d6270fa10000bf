import { Link } from "react-router";
import { loadNewGoodsList } from "#app/modules/admin/exchange-goods-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { AdminTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import { Pagination } from "#app/ui/kit/Pagination.tsx";
import type { Route } from "./+types/exchange-goods";

export const meta = () => adminMeta("Новые из 1С");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadNewGoodsList(context, url);
}

/** «Новые из 1С»: goods 1C sent that no coin is tied to; none is on the storefront until staff publish it. */
export default function AdminNewGoods({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <>
      <h1 className={css.title}>Новые из 1С</h1>
      <p className={css.muted}>
        Товары, которые 1С прислала, а на сайте их ещё нет. Покупатели их не видят. Дополните монету и опубликуйте её; остаток и цена из 1С сохраняются и
        перейдут к монете. <Link to="/admin/catalog">Каталог</Link>
      </p>
      <p className={css.muted} data-testid="new-goods-found">
        Новых товаров: {total}
      </p>
      {rows.length > 0 ? (
        <AdminTable
          testId="new-goods-table"
          cards
          head={["Артикул", "Товар в 1С", "Остаток", "Цена 1С", "Не хватает", "Пришёл"]}
          rows={rows.map((row) => (
            <tr key={row.id}>
              <NumberCell label="Артикул">{row.article || "—"}</NumberCell>
              <td data-label="Товар в 1С">
                <Link to={`/admin/exchange/goods/${row.id}`}>{row.name}</Link>
              </td>
              <NumberCell label="Остаток">{row.stock ?? "—"}</NumberCell>
              <NumberCell label="Цена 1С">{row.price === null ? "—" : formatMoney(row.price)}</NumberCell>
              <td data-label="Не хватает">{row.missing.join(", ")}</td>
              <NumberCell label="Пришёл">{formatDateTime(row.firstSeenAt)}</NumberCell>
            </tr>
          ))}
        />
      ) : (
        <p>Новых товаров из 1С нет.</p>
      )}
      {pageCount > 1 ? (
        <Pagination page={page} pageCount={pageCount} hrefFor={(n) => (n > 1 ? `/admin/exchange/goods?page=${n}` : "/admin/exchange/goods")} />
      ) : null}
    </>
  );
}
