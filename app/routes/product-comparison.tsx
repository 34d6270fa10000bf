import { Link, useFetchers } from "react-router";
import { toDetails } from "#app/modules/catalog/products.server.ts";
import { comparisonRows } from "#app/modules/lists/comparison.ts";
import { handleListForm } from "#app/modules/storefront/list-form-actions.server.ts";
import { listProductsOf } from "#app/modules/lists/summary.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext, listOwnerContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { ListForm, listFetcherKey } from "#app/ui/catalog/ListForm.tsx";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./lists.css.ts";
import { columnsOf } from "./product-comparison.css.ts";
import type { Route } from "./+types/product-comparison";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const rates = (await getQuotesService()).rates();
  const rows = await listProductsOf(db, "compare", context.get(listOwnerContext));
  const products = rows.map((row) => toDetails(row, rates));
  return {
    products: products.map(({ id, slug, name, images, inStock }) => ({ id, slug, name, inStock, image: images[0] ?? null })),
    rows: comparisonRows(products),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleListForm(request, context, "compare");
}

export const meta = () => [...pageMeta({ title: "Сравнение товаров" }), { name: "robots", content: "noindex" }];

/** The pictures' width in CSS pixels: drawn at this width, never stretched to the column. */
const pictureWidth = 120;

export default function ProductComparison({ loaderData }: Route.ComponentProps) {
  const { products, rows } = loaderData;
  const updating = useFetchers().some((fetcher) => fetcher.key.startsWith("list:compare:") && fetcher.state !== "idle");
  return (
    <>
      <PageHeader title="Сравнение товаров" crumbs={[{ name: "Сравнение", href: "/product-comparison" }]} />
      {products.length === 0 ? (
        <div className={css.empty}>
          <p>Добавьте монеты к сравнению кнопкой со столбиками в каталоге — здесь появится таблица их характеристик.</p>
          <Link to="/catalog" className={button}>
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <div data-updating={updating || undefined} aria-busy={updating}>
          <div className={css.tableWrap}>
            <table className={`${css.table} ${columnsOf[Math.min(products.length, columnsOf.length) - 1]}`} data-testid="comparison">
              {/* A fixed layout with one width for every coin: the columns do not follow the length of their texts. */}
              <colgroup>
                <col className={css.labelColumn} />
                {products.map((product) => (
                  <col key={product.id} />
                ))}
              </colgroup>
              <thead>
                <tr>
                  <td />
                  {products.map((product) => (
                    <th key={product.id} scope="col">
                      <div className={css.productHead}>
                        {product.image ? <CoinImage image={product.image} width={pictureWidth} className={css.picture} /> : null}
                        <Link to={`/products/${product.slug}`}>{product.name}</Link>
                        <ListForm action="/product-comparison" fetcherKey={listFetcherKey("compare", `remove-${product.id}`)}>
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="productId" value={product.id} />
                          <button type="submit" className={css.remove}>
                            Убрать
                          </button>
                        </ListForm>
                        <ListForm action="/cart" fetcherKey={listFetcherKey("cart", `compare-${product.id}`)}>
                          <input type="hidden" name="intent" value="add" />
                          <input type="hidden" name="productId" value={product.id} />
                          <input type="hidden" name="quantity" value="1" />
                          <input type="hidden" name="redirectTo" value="/product-comparison" />
                          <button type="submit" className={button} disabled={!product.inStock}>
                            {product.inStock ? "В корзину" : "Нет в наличии"}
                          </button>
                        </ListForm>
                      </div>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.name} className={row.differs ? css.differs : undefined} data-differs={row.differs || undefined}>
                    <th scope="row">
                      {row.name}
                      {row.differs ? <span className={css.differsMark}>различается</span> : null}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={products[index]!.id}>{value}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListForm action="/product-comparison" fetcherKey={listFetcherKey("compare", "clear")}>
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className={css.remove}>
              Очистить сравнение
            </button>
          </ListForm>
        </div>
      )}
    </>
  );
}
