import { Form } from "react-router";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { button } from "../kit/kit.css.ts";
import * as css from "./admin.css.ts";

export type SalesState = { paused: boolean; note: string | null; changedAt: string | null; open: boolean; noteMax: number };

/** Sales open or paused (and why), with the button that changes it; posts to /admin/shop/sales from either page. */
export function SalesForms({ sales, from }: { sales: SalesState; from: "/admin/shop" | "/admin/shop/sales" }) {
  return (
    <section className={css.section} data-testid="sales">
      <h2 className={css.sectionTitle}>Продажи</h2>
      <p className={sales.paused ? css.warning : undefined} data-testid="sales-state">
        {sales.paused ? "Приостановлены" : "Открыты"}
        {sales.changedAt ? <span className={css.muted}> · с {formatDateTime(sales.changedAt)}</span> : null}
      </p>
      {sales.paused ? (
        <>
          <p>Покупатели видят: «{sales.note ?? "без причины"}»</p>
          <Form method="post" action="/admin/shop/sales" className={css.actionForm}>
            <input type="hidden" name="from" value={from} />
            <button type="submit" name="intent" value="resume" className={button}>
              Возобновить продажи
            </button>
          </Form>
        </>
      ) : (
        <>
          {!sales.open ? <p className={css.warning}>Заказы не принимаются: котировки устарели.</p> : null}
          <Form method="post" action="/admin/shop/sales" className={css.actionForm}>
            <input type="hidden" name="from" value={from} />
            <label className={`${css.filterField} ${css.reasonField}`}>
              Причина (её увидят покупатели)
              <input
                type="text"
                name="reason"
                required
                minLength={3}
                maxLength={sales.noteMax}
                className={css.control}
                placeholder="Например: инвентаризация до 15:00"
              />
            </label>
            <button type="submit" name="intent" value="pause" className={css.dangerButton}>
              Приостановить продажи
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
