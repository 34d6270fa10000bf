import { Link, useFetchers } from "react-router";
import { toCard } from "#app/modules/catalog/products.server.ts";
import { handleListForm } from "#app/modules/storefront/list-form-actions.server.ts";
import { listProductsOf } from "#app/modules/lists/summary.server.ts";
import { getQuotesService } from "#app/modules/quotes/quotes.server.ts";
import { databaseContext, listOwnerContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { ListForm, listFetcherKey } from "#app/ui/catalog/ListForm.tsx";
import { ProductCard } from "#app/ui/catalog/ProductCard.tsx";
import { grid } from "#app/ui/catalog/catalog.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./lists.css.ts";
import type { Route } from "./+types/wishlist";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const rates = (await getQuotesService()).rates();
  const rows = await listProductsOf(db, "wishlist", context.get(listOwnerContext));
  return { items: rows.map((row) => toCard(row, rates)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleListForm(request, context, "wishlist");
}

export const meta = () => [...pageMeta({ title: "Избранное" }), { name: "robots", content: "noindex" }];

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const updating = useFetchers().some((fetcher) => fetcher.key.startsWith("list:wishlist:") && fetcher.state !== "idle");
  return (
    <>
      <PageHeader title="Избранное" crumbs={[{ name: "Избранное", href: "/wishlist" }]} />
      {items.length === 0 ? (
        <div className={css.empty}>
          <p>В избранном пока ничего нет. Отмечайте монеты сердечком в каталоге, чтобы вернуться к ним позже.</p>
          <Link to="/catalog" className={button}>
            Перейти в каталог
          </Link>
        </div>
      ) : (
        <div data-updating={updating || undefined} aria-busy={updating}>
          <ul className={grid}>
            {items.map((product) => (
              <li key={product.id} className={css.item}>
                <ProductCard product={product} returnTo="/wishlist" />
                <ListForm action="/wishlist" fetcherKey={listFetcherKey("wishlist", `remove-${product.id}`)}>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="productId" value={product.id} />
                  <button type="submit" className={css.remove}>
                    Убрать из избранного
                  </button>
                </ListForm>
              </li>
            ))}
          </ul>
          <ListForm action="/wishlist" fetcherKey={listFetcherKey("wishlist", "clear")} className={css.clear}>
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className={css.remove}>
              Очистить избранное
            </button>
          </ListForm>
        </div>
      )}
    </>
  );
}
