import { Form, Link } from "react-router";
import { PAYMENT_IDS } from "#app/modules/payments/methods.ts";
import { officeAddressText } from "#app/modules/delivery/notes.ts";
import { goesToTheDoor, orderDelivery } from "#app/modules/delivery/order-delivery.ts";
import { orderStatusLabels, shippingNeedsTracking, statusButtonLabel } from "#app/modules/orders/statuses.ts";
import { receiptStatusLabels, receiptTypeLabels, receiptVatLabels } from "#app/modules/receipts/labels.ts";
import { returnStatusLabels } from "#app/modules/returns/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { auditActionLabel } from "#app/modules/admin/audit-labels.ts";
import { channelLabels } from "#app/modules/admin/staff-order-draft.ts";
import { handleAdminOrderAction, loadAdminOrder } from "#app/modules/admin/order-page.server.ts";
import { staffRoleLabels } from "#app/modules/staff/roles.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import { OrderNotes, OrderRefund, OrderSlipLink } from "#app/ui/admin/OrderStaffBlocks.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import { PickupMoveForm } from "#app/ui/admin/PickupMoveForm.tsx";
import type { Route } from "./+types/order";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Заказ №${params.number}`);

export function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminOrder(context, params.number);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleAdminOrderAction(request, context, params.number);
}

const paymentStatusLabels: Record<string, string> = { pending: "создан", waiting_for_capture: "ждёт подтверждения", succeeded: "оплачен", canceled: "отменён" };

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, next, audit, notes, refundable, refunded, editable, returns, pickup } = loaderData;
  const delivery = orderDelivery(order.delivery);
  const buyer = [order.contact.lastName, order.contact.name, order.contact.secondName].filter(Boolean).join(" ");
  return (
    <>
      <h1 className={css.title}>
        Заказ №{order.number}{" "}
        <span className={css.status} data-testid="order-status">
          {orderStatusLabels[order.status]}
        </span>
      </h1>
      <div className={css.columns}>
        <div>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Монеты</h2>
            <AdminTable
              cards
              head={["Артикул", "Монета", "Кол-во", "Цена", "Сумма"]}
              rows={order.lines.map((line) => (
                <tr key={line.id}>
                  <td data-label="Артикул">{line.sku}</td>
                  <td data-label="Монета">{line.name}</td>
                  <NumberCell label="Кол-во">{line.quantity}</NumberCell>
                  <NumberCell label="Цена">{formatMoney(line.price)}</NumberCell>
                  <NumberCell label="Сумма">{formatMoney(line.lineTotal)}</NumberCell>
                </tr>
              ))}
            />
            <dl className={css.facts}>
              <dt>Товары</dt>
              <dd>{formatMoney(order.goodsTotal)}</dd>
              <dt>Доставка</dt>
              <dd>{formatMoney(order.deliveryTotal)}</dd>
              <dt>Итого</dt>
              <dd>
                <strong data-testid="order-total">{formatMoney(order.total)}</strong>
              </dd>
              {refunded > 0 ? (
                <>
                  <dt>Возвращено</dt>
                  <dd>−{formatMoney(refunded)}</dd>
                  <dt>С учётом возврата</dt>
                  <dd>
                    <strong data-testid="order-net-total">{formatMoney(order.total - refunded)}</strong>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Покупатель и доставка</h2>
            <dl className={css.facts}>
              <dt>Покупатель</dt>
              <dd>{buyer || "—"}</dd>
              <dt>Телефон</dt>
              <dd>{formatPhone(order.contact.phone)}</dd>
              <dt>E-mail</dt>
              <dd>{order.contact.email || "—"}</dd>
              <dt>Город</dt>
              <dd>{order.city.name}</dd>
              <dt>Доставка</dt>
              <dd data-testid="order-delivery">{delivery.name}</dd>
              <dt>{goesToTheDoor(delivery.kind) ? "Адрес" : "Куда"}</dt>
              <dd data-testid="order-delivery-place">{delivery.kind === "office" ? officeAddressText : (delivery.place ?? "—")}</dd>
              {delivery.kind === "office" ? (
                <>
                  <dt>Когда заберёт</dt>
                  <dd data-testid="order-pickup-slot">
                    {pickup?.slot ?? delivery.pickupSlot ?? "время не записано"}
                    {pickup?.outsideHours ? <strong className={css.warning}> · вне часов работы: перенесите</strong> : null}
                    {pickup ? (
                      <PickupMoveForm
                        orderId={order.id}
                        day={(pickup.slotKey || pickup.targets[0]?.key || "").slice(0, 10)}
                        booked={pickup.slot !== null}
                        targets={pickup.targets}
                        from={`/admin/orders/${order.number}`}
                      />
                    ) : null}
                  </dd>
                </>
              ) : null}
              {delivery.courierNote ? (
                <>
                  <dt>Курьеру</dt>
                  <dd data-testid="order-courier-note">{delivery.courierNote}</dd>
                </>
              ) : null}
              <dt>Создан</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
              <dt>Принят</dt>
              <dd data-testid="order-taken-by">{order.channel ? `${order.takenByName ?? "сотрудником"}, ${channelLabels[order.channel]}` : "на сайте"}</dd>
              {order.paymentDueAt && order.status === "awaiting_payment" ? (
                <>
                  <dt>Оплатить до</dt>
                  <dd>{formatDateTime(order.paymentDueAt)}</dd>
                </>
              ) : null}
              {order.paymentDueAt && order.status === "new" ? (
                <>
                  <dt>Подтвердить до</dt>
                  <dd data-testid="confirm-deadline">{formatDateTime(order.paymentDueAt)} — иначе заказ отменится, монеты вернутся в продажу</dd>
                </>
              ) : null}
              {order.trackingNumber ? (
                <>
                  <dt>Трек-номер</dt>
                  <dd data-testid="tracking-number">{order.trackingNumber}</dd>
                </>
              ) : null}
              {order.cancelReason ? (
                <>
                  <dt>Причина отмены</dt>
                  <dd>{order.cancelReason}</dd>
                </>
              ) : null}
              {order.comment ? (
                <>
                  <dt>Комментарий</dt>
                  <dd>{order.comment}</dd>
                </>
              ) : null}
            </dl>
          </section>
          {order.company ? (
            <section className={css.section} data-testid="order-company">
              <h2 className={css.sectionTitle}>{order.company.kind === "organisation" ? "Организация" : "ИП"}</h2>
              <dl className={css.facts}>
                <dt>Наименование</dt>
                <dd>{order.company.name}</dd>
                <dt>ИНН{order.company.kpp ? "/КПП" : ""}</dt>
                <dd>{[order.company.inn, order.company.kpp].filter(Boolean).join("/")}</dd>
                <dt>Юр. адрес</dt>
                <dd>{order.company.legalAddress}</dd>
                <dt>Контакт</dt>
                <dd>{order.company.contactPerson}</dd>
              </dl>
              <p className={css.inlineForm}>
                {order.paymentId === PAYMENT_IDS.invoice ? (
                  <a href={`/admin/orders/${encodeURIComponent(order.number)}/invoice`} download>
                    Счёт на оплату (PDF)
                  </a>
                ) : null}
                <a href={`/admin/orders/${encodeURIComponent(order.number)}/upd`}>УПД для печати</a>
              </p>
              {order.paymentId === PAYMENT_IDS.invoice && order.status === "awaiting_payment" ? (
                <Form method="post" action="/admin/invoices" className={css.inlineForm}>
                  <input type="hidden" name="number" value={order.number} />
                  <input type="hidden" name="version" value={order.version} />
                  <input type="hidden" name="from" value="order" />
                  <button type="submit" name="intent" value="paid" className={css.smallButton}>
                    Счёт оплачен
                  </button>
                </Form>
              ) : null}
            </section>
          ) : null}
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Оплата</h2>
            {order.payments.length === 0 ? (
              <p className={css.muted}>Попыток оплаты нет</p>
            ) : (
              <AdminTable
                cards
                head={["Когда", "Сервис", "Статус", "Сумма"]}
                rows={order.payments.map((payment) => (
                  <tr key={payment.id}>
                    <NumberCell label="Когда">{formatDateTime(payment.createdAt)}</NumberCell>
                    <td data-label="Сервис">
                      {payment.provider} {payment.providerPaymentId ?? ""}
                    </td>
                    <td data-label="Статус">
                      {paymentStatusLabels[payment.status] ?? payment.status}
                      {payment.failureReason ? ` — ${payment.failureReason}` : ""}
                    </td>
                    <NumberCell label="Сумма">{formatMoney(payment.amount)}</NumberCell>
                  </tr>
                ))}
              />
            )}
          </section>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Чеки</h2>
            {order.receipts.length === 0 ? (
              <p className={css.muted}>Чеков нет</p>
            ) : (
              <AdminTable
                cards
                testId="order-receipts"
                head={["Когда", "Чек", "Статус", "Касса", "Сумма"]}
                rows={order.receipts.map((receipt) => (
                  <tr key={receipt.id}>
                    <NumberCell label="Когда">{formatDateTime(receipt.createdAt)}</NumberCell>
                    <td data-label="Чек">
                      {receiptTypeLabels[receipt.type]}
                      <br />
                      <span className={css.muted}>
                        {receipt.items.map((item) => `${item.name} × ${item.quantity}, ${receiptVatLabels[item.vat]}`).join("; ")}
                      </span>
                    </td>
                    <td data-label="Статус">
                      {receiptStatusLabels[receipt.status]}
                      {receipt.lastError && receipt.status !== "succeeded" ? ` — ${receipt.lastError}` : ""}
                    </td>
                    <td data-label="Касса">
                      {receipt.provider} {receipt.providerReceiptId ?? receipt.providerPaymentId ?? ""}
                    </td>
                    <NumberCell label="Сумма">{formatMoney(receipt.total)}</NumberCell>
                  </tr>
                ))}
              />
            )}
          </section>
        </div>
        <div>
          <section className={css.section} data-testid="next-statuses">
            <h2 className={css.sectionTitle}>Дальше</h2>
            {editable ? (
              <p>
                <Link to={`/admin/orders/${order.number}/edit`} className={button} data-testid="edit-order">
                  Изменить заказ
                </Link>
              </p>
            ) : null}
            {next.length === 0 ? <p className={css.muted}>Статус окончательный</p> : null}
            <div className={css.actions}>
              {next.map((to) => (
                <Form method="post" key={to} className={css.actionForm}>
                  <input type="hidden" name="to" value={to} />
                  <input type="hidden" name="version" value={order.version} />
                  {to === "shipped" && shippingNeedsTracking(delivery.kind) ? (
                    <label className={css.filterField}>
                      Трек-номер СДЭК
                      {/* No pattern: a pasted number with spaces is fine, the server drops them and says in Russian what it refuses. */}
                      <input
                        type="text"
                        name="trackingNumber"
                        required
                        maxLength={80}
                        autoComplete="off"
                        defaultValue={order.trackingNumber ?? ""}
                        className={css.control}
                      />
                    </label>
                  ) : null}
                  {to === "cancelled" ? (
                    <label className={css.filterField}>
                      Причина (увидит покупатель)
                      <input type="text" name="reason" maxLength={300} className={css.control} />
                    </label>
                  ) : null}
                  <button type="submit" className={to === "cancelled" ? css.dangerButton : button}>
                    {statusButtonLabel(order.status, to, delivery.kind)}
                  </button>
                </Form>
              ))}
            </div>
          </section>
          {returns.length > 0 ? (
            <section className={css.section} data-testid="order-returns">
              <h2 className={css.sectionTitle}>Заявки покупателя на возврат</h2>
              <ul className={css.list}>
                {returns.map((request) => (
                  <li key={request.id}>
                    <Link to={`/admin/returns/${request.id}`}>Возврат №{request.id}</Link>: {returnStatusLabels[request.status]}, {formatMoney(request.amount)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <OrderRefund refundable={refundable} refunds={order.refunds} version={order.version} />
          <OrderSlipLink number={order.number} />
          <section className={css.section}>
            <h2 className={css.sectionTitle}>История</h2>
            <ol className={css.list} data-testid="order-history">
              {order.history.map((step, index) => (
                <li key={index}>
                  {formatDateTime(step.createdAt)} — {orderStatusLabels[step.status]}
                  {step.note ? `: ${step.note}` : ""}
                </li>
              ))}
            </ol>
          </section>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Действия сотрудников</h2>
            {audit.length === 0 ? <p className={css.muted}>Нет</p> : null}
            <ol className={css.list} data-testid="order-audit">
              {audit.map((row) => (
                <li key={row.id}>
                  {formatDateTime(row.createdAt)} — {formatPhone(row.phone)} ({staffRoleLabels[row.role as keyof typeof staffRoleLabels] ?? row.role}):{" "}
                  {row.action === "order.note"
                    ? "заметка"
                    : row.action === "order.refund"
                      ? `возврат ${formatMoney(Number((row.after as { refunded?: number } | null)?.refunded ?? 0))}`
                      : row.action !== "order.status"
                        ? auditActionLabel(row.action)
                        : `${orderStatusLabels[(row.before as { status?: keyof typeof orderStatusLabels } | null)?.status ?? "new"]} → ${orderStatusLabels[(row.after as { status?: keyof typeof orderStatusLabels } | null)?.status ?? "new"]}`}
                </li>
              ))}
            </ol>
          </section>
          <OrderNotes notes={notes} />
        </div>
      </div>
    </>
  );
}
