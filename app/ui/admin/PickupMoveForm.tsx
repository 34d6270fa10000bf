import { Form } from "react-router";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "./admin.css.ts";

export type MoveTarget = { key: string; label: string };

/**
 * «Перенести на» / «Записать на» an office-pickup order's slot: posts to /admin/pickup's move (one
 * move for the schedule and the order's page), back to `from` (the order's page) when given.
 */
export function PickupMoveForm({
  orderId,
  day,
  booked,
  targets,
  from,
}: {
  orderId: number;
  day: string;
  booked: boolean;
  targets: readonly MoveTarget[];
  from?: string;
}) {
  if (targets.length === 0) return null;
  return (
    <Form method="post" action="/admin/pickup" className={css.actionForm}>
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="day" value={day} />
      {from ? <input type="hidden" name="from" value={from} /> : null}
      <label className={css.filterField}>
        {booked ? "Перенести на" : "Записать на"}
        <select name="slot" required className={css.control} defaultValue="">
          <option value="" disabled>
            Выберите время
          </option>
          {targets.map((target) => (
            <option key={target.key} value={target.key}>
              {target.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" name="intent" value="move" className={button}>
        {booked ? "Перенести" : "Записать"}
      </button>
    </Form>
  );
}
