import { Form } from "react-router";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import { button } from "../kit/kit.css.ts";
import * as css from "./admin.css.ts";
import { noteField, refundCount } from "./order-staff-blocks.css.ts";

/**
 * The order page's staff blocks, kept apart from the page's own sections:
 * refunds (all or by lines), the packing slip and the staff's notes.
 */

type Refundable = {
  paidAmount: number;
  refundedTotal: number;
  left: number;
  lines: Array<{ id: number; sku: string; name: string; price: number; quantity: number; left: number }>;
  delivery: { price: number; left: boolean };
  canRestock: boolean;
} | null;

type RefundRow = {
  id: number;
  amount: number;
  status: "pending" | "succeeded" | "canceled";
  lastError: string | null;
  createdAt: Date | string;
  lines: Array<{ name: string; quantity: number }> | null;
};

const refundStatusLabels: Record<RefundRow["status"], string> = { pending: "отправлен", succeeded: "выполнен", canceled: "отклонён" };

/**
 * Money back to the buyer (decision 024): all that is left, or pieces per line and the delivery;
 * the amount is the server's, from the order's own prices. Refunds made so far are listed.
 */
export function OrderRefund({ refundable, refunds, version }: { refundable: Refundable; refunds: RefundRow[]; version: number }) {
  if (!refundable && refunds.length === 0) return null;
  return (
    <section className={css.section} data-testid="order-refund">
      <h2 className={css.sectionTitle}>Возврат денег</h2>
      {refunds.length > 0 ? (
        <ol className={css.list} data-testid="order-refunds">
          {refunds.map((refund) => (
            <li key={refund.id}>
              {formatDateTime(refund.createdAt)} — {formatMoney(refund.amount)}, {refundStatusLabels[refund.status]}
              {refund.lastError && refund.status === "pending" ? ` (не принят: ${refund.lastError})` : ""}
              {refund.lines ? `: ${refund.lines.map((line) => `${line.name} × ${line.quantity}`).join(", ")}` : ": вся оплата"}
            </li>
          ))}
        </ol>
      ) : null}
      {refundable ? (
        <Form method="post" className={css.refundForm}>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="version" value={version} />
          <p className={css.muted}>
            Оплачено {formatMoney(refundable.paidAmount)}, возвращено {formatMoney(refundable.refundedTotal)}, можно вернуть {formatMoney(refundable.left)}.
            Сумма считается по ценам заказа.
          </p>
          <div className={css.tableWrap}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th>Монета</th>
                  <th>Цена</th>
                  <th>Вернуть, шт.</th>
                </tr>
              </thead>
              <tbody>
                {refundable.lines.map((line) => (
                  <tr key={line.id}>
                    <td>{line.name}</td>
                    <td className={css.number}>{formatMoney(line.price)}</td>
                    <td>
                      {line.left > 0 ? (
                        <label className={css.refundQuantity}>
                          <input
                            type="number"
                            name={`qty-${line.id}`}
                            min={0}
                            max={line.left}
                            step={1}
                            defaultValue={0}
                            inputMode="numeric"
                            className={refundCount}
                            aria-label={`${line.name}: вернуть штук`}
                          />
                          <span className={css.muted}>из {line.left}</span>
                        </label>
                      ) : (
                        <span className={css.muted}>возвращено</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {refundable.delivery.left ? (
            <label className={css.checkLine}>
              <input type="checkbox" name="delivery" value="1" /> Вернуть доставку ({formatMoney(refundable.delivery.price)})
            </label>
          ) : null}
          {refundable.canRestock ? (
            <label className={css.checkLine}>
              <input type="checkbox" name="restock" value="1" /> Монеты вернулись в магазин: вернуть их в продажу
            </label>
          ) : (
            <p className={css.muted}>Монеты отменённого заказа уже возвращены в продажу.</p>
          )}
          <div className={css.refundButtons}>
            <button type="submit" className={css.dangerButton}>
              Вернуть выбранное
            </button>
            <button type="submit" name="all" value="1" className={css.dangerButton}>
              Вернуть всё: {formatMoney(refundable.left)}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

export function OrderSlipLink({ number }: { number: string }) {
  const href = `/admin/orders/${encodeURIComponent(number)}/slip`;
  return (
    <section className={css.section} data-testid="order-slip">
      <h2 className={css.sectionTitle}>Упаковочный лист</h2>
      <p>
        <a href={href}>С ценами</a> · <a href={`${href}?prices=0`}>Без цен</a>
      </p>
    </section>
  );
}

type Note = { id: number; phone: string; role: string; text: string; createdAt: Date | string };

export function OrderNotes({ notes }: { notes: Note[] }) {
  return (
    <section className={css.section}>
      <h2 className={css.sectionTitle}>Заметки сотрудников</h2>
      {notes.length === 0 ? <p className={css.muted}>Нет</p> : null}
      <ol className={css.list} data-testid="order-notes">
        {notes.map((note) => (
          <li key={note.id}>
            {formatDateTime(note.createdAt)} — {formatPhone(note.phone)} ({staffRoleLabels[note.role as keyof typeof staffRoleLabels] ?? note.role}):{" "}
            {note.text}
          </li>
        ))}
      </ol>
      <Form method="post" className={css.actionForm}>
        <input type="hidden" name="intent" value="note" />
        <label className={noteField}>
          Заметка (видят только сотрудники)
          <textarea name="text" required maxLength={2000} rows={2} className={css.control} />
        </label>
        <button type="submit" className={button}>
          Добавить
        </button>
      </Form>
    </section>
  );
}
