import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleSalesForm, loadSales } from "#app/modules/admin/shop-page.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { SalesForms } from "#app/ui/admin/SalesForms.tsx";
import type { Route } from "./+types/shop-sales";

export const meta = () => adminMeta("Продажи");

export async function loader({ context }: Route.LoaderArgs) {
  return { sales: await loadSales(context) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleSalesForm(request, context);
}

/** A manager's page: pause or resume sales (the owner does it on /admin/shop with the rest). */
export default function AdminShopSales({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className={css.title}>Продажи</h1>
      <SalesForms sales={loaderData.sales} from="/admin/shop/sales" />
    </>
  );
}
