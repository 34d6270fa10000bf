import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleOrderEditPost, loadOrderEditPage, type OrderEditPage } from "#app/modules/admin/order-edit-page.server.ts";
import { editHref } from "#app/modules/admin/order-edit-state.ts";
import { orderDelivery } from "#app/modules/delivery/order-delivery.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import * as own from "#app/ui/admin/staff-order.css.ts";
import { CourierAddressFields, Field, PointChoices } from "#app/ui/admin/StaffOrderFields.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/order-edit";

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Изменить заказ №${params.number}`);

export function loader({ params, url, context }: Route.LoaderArgs) {
  return loadOrderEditPage(context, params.number, url);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleOrderEditPost(request, context, params.number);
}

const money = (amount: number) => (amount === 0 ? "бесплатно" : formatMoney(amount));

function QuantityInput({ productId, name, value }: { productId: number; name: string; value: number }) {
  return (
    <input
      type="number"
      name={`qty:${productId}`}
      min={0}
      max={9999}
      defaultValue={value}
      aria-label={`Количество: ${name}`}
      className={`${css.control} ${own.quantity}`}
    />
  );
}

function EditForm({ page }: { page: OrderEditPage }) {
  const { order, state, lines, coins, coinQuery, groups, points } = page;
  const self = editHref(order.number, state, {}, "edit");
  return (
    <section className={css.section} id="edit" data-testid="order-edit-form">
      <Form method="get" action={`/admin/orders/${order.number}/edit#edit`} className={css.filters}>
        {[...new URL(self, "http://x").searchParams].map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <Field label="Добавить монету: название, артикул или Ид 1С">
          <input name="coin" type="search" defaultValue={coinQuery} className={css.control} maxLength={80} />
        </Field>
        <button type="submit" className={css.smallButton}>
          Найти
        </button>
      </Form>
      <Form method="post" action={self} className={css.actions} preventScrollReset>
        <input type="hidden" name="intent" value="preview" />
        <AdminTable
          cards
          testId="edit-lines"
          head={["Монета", "Кол-во (0 — убрать)"]}
          rows={[
            ...lines.map((line) => (
              <tr key={line.productId}>
                <td data-label="Монета">
                  {line.name} {line.kept ? null : <span className={css.muted}>(новая, по цене сейчас)</span>}
                </td>
                <td data-label="Кол-во">
                  <QuantityInput productId={line.productId} name={line.name} value={line.quantity} />
                </td>
              </tr>
            )),
            ...coins
              .filter((coin) => !lines.some((line) => line.productId === coin.id))
              .map((coin) => (
                <tr key={`found-${coin.id}`}>
                  <td data-label="Монета">
                    {coin.name}{" "}
                    <span className={css.muted}>
                      найдена: в наличии {coin.stock}, не больше {coin.limit} в заказе
                    </span>
                  </td>
                  <td data-label="Кол-во">
                    <QuantityInput productId={coin.id} name={coin.name} value={0} />
                  </td>
                </tr>
              )),
          ]}
        />
        <fieldset className={css.fieldGroup}>
          <legend>Доставка ({order.city.name})</legend>
          <label className={css.checkLine}>
            <input type="radio" name="deliveryId" value="" defaultChecked={state.delivery === null} />
            <span>Оставить как есть: {orderDelivery(order.delivery).name}</span>
          </label>
          {groups.flatMap((group) =>
            group.items.map((item) => (
              <label key={item.id} className={css.checkLine}>
                <input type="radio" name="deliveryId" value={item.id} defaultChecked={state.delivery === item.id} />
                <span>
                  {item.label} — {money(item.price)}
                </span>
              </label>
            )),
          )}
          {points ? (
            <div data-testid="edit-points">
              <p className={css.muted}>Пункт выдачи</p>
              <PointChoices points={points} />
            </div>
          ) : null}
          <CourierAddressFields address={state.address} />
        </fieldset>
        <fieldset className={css.fieldGroup}>
          <legend>Получатель</legend>
          <div className={css.formGrid}>
            <Field label="Фамилия">
              <input type="text" name="lastName" defaultValue={state.contact.lastName} className={css.wideControl} maxLength={60} />
            </Field>
            <Field label="Имя">
              <input type="text" name="name" defaultValue={state.contact.name} className={css.wideControl} maxLength={60} />
            </Field>
            <Field label="Отчество">
              <input type="text" name="secondName" defaultValue={state.contact.secondName} className={css.wideControl} maxLength={60} />
            </Field>
            <Field label="Телефон">
              <input type="tel" name="phone" defaultValue={state.contact.phone} className={css.wideControl} maxLength={40} />
            </Field>
            <Field label="E-mail">
              <input type="email" name="email" defaultValue={state.contact.email} className={css.wideControl} maxLength={254} />
            </Field>
          </div>
        </fieldset>
        <div>
          <button type="submit" className={button}>
            Рассчитать
          </button>
        </div>
      </Form>
    </section>
  );
}

function Preview({ page }: { page: OrderEditPage }) {
  const { plan, order, state } = page;
  if (!plan) return null;
  if (!plan.ok)
    return (
      <p className={css.warning} data-testid="edit-preview-problem">
        {plan.reason}
      </p>
    );
  return (
    <section className={css.section} id="preview" data-testid="edit-preview">
      <h2 className={css.sectionTitle}>Проверьте изменения</h2>
      <AdminTable
        cards
        testId="preview-lines"
        head={["Монета", "Было", "Станет", "Цена", "Сумма"]}
        rows={plan.lines.map((line) => (
          <tr key={line.productId}>
            <td data-label="Монета">{line.name}</td>
            <NumberCell label="Было">{line.was}</NumberCell>
            <NumberCell label="Станет">{line.quantity}</NumberCell>
            <NumberCell label="Цена">
              {formatMoney(line.price)} <span className={css.muted}>{line.locked ? "цена заказа" : "цена сейчас"}</span>
            </NumberCell>
            <NumberCell label="Сумма">{formatMoney(line.lineTotal)}</NumberCell>
          </tr>
        ))}
      />
      <dl className={css.facts}>
        <dt>Доставка</dt>
        <dd>{money(plan.deliveryTotal)}</dd>
        <dt>Итого было</dt>
        <dd>{formatMoney(order.total)}</dd>
        <dt>Итого станет</dt>
        <dd>
          <strong data-testid="preview-total">{formatMoney(plan.total)}</strong>
        </dd>
      </dl>
      {page.paysOnline ? (
        <p className={css.muted}>Прежняя ссылка на оплату перестанет действовать; покупателю придут SMS и письмо с новой суммой и ссылкой.</p>
      ) : null}
      <Form method="post" action={editHref(order.number, state, { step: "preview" })} className={css.inlineForm}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="seenTotal" value={plan.total} />
        <button type="submit" className={button}>
          Сохранить изменения
        </button>
        <Link to={editHref(order.number, state, {}, "edit")}>Изменить ещё</Link>
      </Form>
    </section>
  );
}

export default function AdminOrderEdit({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const { order } = page;
  return (
    <>
      <h1 className={css.title}>
        Изменить заказ №{order.number} <span className={css.status}>{orderStatusLabels[order.status]}</span>
      </h1>
      <p>
        <Link to={`/admin/orders/${order.number}`}>← К заказу</Link>
      </p>
      {page.refusal ? (
        <p className={css.warning} data-testid="edit-refusal">
          {page.refusal}
        </p>
      ) : (
        <>
          {page.stale ? <p className={css.warning}>Заказ изменился с тех пор, как вы начали: сохранить эти изменения не получится, начните заново.</p> : null}
          <Preview page={page} />
          <EditForm page={page} />
        </>
      )}
    </>
  );
}
