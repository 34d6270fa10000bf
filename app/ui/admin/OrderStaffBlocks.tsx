import { Form } from "react-router";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import { button } from "../kit/kit.css.ts";
import * as css from "./admin.css.ts";

/**
 * The order page's staff blocks (issue 16 item 3), kept apart from the page's own sections:
 * the refund of a cancelled order's payment, the packing slip and the staff's notes.
 */

type Refundable = { paymentId: number; amount: number } | null;

export function OrderRefund({ refundable, version }: { refundable: Refundable; version: number }) {
  if (!refundable) return null;
  return (
    <section className={css.section} data-testid="order-refund">
      <h2 className={css.sectionTitle}>Возврат денег</h2>
      <Form method="post" className={css.actionForm}>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="amount" value={refundable.amount} />
        <input type="hidden" name="version" value={version} />
        <p className={css.muted}>Заказ отменён, а оплата пришла: вся сумма вернётся покупателю через платёжный сервис.</p>
        <button type="submit" className={css.dangerButton}>
          Вернуть деньги: {formatMoney(refundable.amount)}
        </button>
      </Form>
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
            {formatDateTime(note.createdAt)} — {formatPhone(note.phone)} ({staffRoleLabels[note.role as keyof typeof staffRoleLabels] ?? note.role}): {note.text}
          </li>
        ))}
      </ol>
      <Form method="post" className={css.actionForm}>
        <input type="hidden" name="intent" value="note" />
        <label className={css.filterField} style={{ flex: "1 1 14rem" }}>
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
