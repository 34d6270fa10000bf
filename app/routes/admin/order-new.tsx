import type { ReactNode } from "react";
import { pickupSlotText } from "#app/modules/delivery/pickup-slot-text.ts";
import { parseSlotKey } from "#app/modules/pickup/slots.ts";
import { Form, Link, useNavigation } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { channelLabels, STAFF_ORDER_LIMITS, type StaffOrderDraft, staffOrderHref, staffOrderSearch } from "#app/modules/admin/staff-order-draft.ts";
import { handleStaffOrderPost, loadStaffOrderPage, type StaffOrderPage } from "#app/modules/admin/staff-order.server.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { PAYMENT_IDS } from "#app/modules/payments/methods.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import * as own from "#app/ui/admin/staff-order.css.ts";
import { CourierAddressFields, Field, PointChoices } from "#app/ui/admin/StaffOrderFields.tsx";
import { AdminTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/order-new";

export const meta = () => adminMeta("Новый заказ");

export function loader({ url, context }: Route.LoaderArgs) {
  return loadStaffOrderPage(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleStaffOrderPost(request, context);
}

const money = (amount: number | null) => (amount === null ? "—" : amount === 0 ? "бесплатно" : formatMoney(amount));

/** The draft's fields as hidden inputs: a search (GET) form keeps what was entered and adds its own field. */
function DraftFields({ draft }: { draft: StaffOrderDraft }) {
  return (
    <>
      {[...new URLSearchParams(staffOrderSearch(draft))].map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A POST form of this page: it posts to the page's own address, which carries the draft. */
function StepForm({
  draft,
  intent,
  children,
  className,
  hash,
}: {
  draft: StaffOrderDraft;
  intent: string;
  children: ReactNode;
  className?: string;
  hash?: string;
}) {
  return (
    <Form method="post" action={staffOrderHref(draft, {}, hash)} className={className ?? css.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** A search of the page (GET): it keeps the draft and adds its own field. */
function SearchForm(props: { draft: StaffOrderDraft; hash: string; label: string; name: string; value: string; maxLength: number; button: string }) {
  return (
    <Form method="get" action={`/admin/orders/new#${props.hash}`} className={css.filters}>
      <DraftFields draft={props.draft} />
      <Field label={props.label}>
        <input name={props.name} type="search" defaultValue={props.value} className={css.control} maxLength={props.maxLength} />
      </Field>
      <button type="submit" className={css.smallButton}>
        {props.button}
      </button>
    </Form>
  );
}

function BuyerSection({ page }: { page: StaffOrderPage }) {
  const { draft, buyer, buyerSearch } = page;
  return (
    <section className={css.section} id="buyer" data-testid="staff-order-buyer">
      <h2 className={css.sectionTitle}>1. Покупатель</h2>
      {buyer ? (
        <dl className={css.facts} data-testid="chosen-buyer">
          <dt>Покупатель</dt>
          <dd>{[buyer.lastName, buyer.name, buyer.secondName].filter(Boolean).join(" ") || "без имени"}</dd>
          <dt>Телефон</dt>
          <dd>{formatPhone(buyer.phone)}</dd>
          <dt>E-mail</dt>
          <dd>{buyer.email || "—"}</dd>
        </dl>
      ) : (
        <p className={css.muted}>Найдите покупателя по телефону или создайте нового.</p>
      )}
      <Form method="get" action="/admin/orders/new#buyer" className={`${css.filters} ${own.afterFacts}`}>
        <DraftFields draft={draft} />
        <Field label={buyer ? "Другой покупатель: телефон" : "Телефон покупателя"}>
          <input name="phone" type="tel" defaultValue={buyerSearch?.query ?? ""} className={css.control} placeholder="8 (900) 123-45-67" maxLength={40} />
        </Field>
        <button type="submit" className={css.smallButton}>
          Найти
        </button>
      </Form>
      {buyerSearch?.message ? (
        <p className={css.warning} data-testid="buyer-search-message">
          {buyerSearch.message}
        </p>
      ) : null}
      {buyerSearch?.found ? (
        <StepForm draft={draft} intent="buyer" hash="coins">
          <input type="hidden" name="buyerId" value={buyerSearch.found.id} />
          <span data-testid="found-buyer">
            {[buyerSearch.found.lastName, buyerSearch.found.name].filter(Boolean).join(" ") || "без имени"}, {formatPhone(buyerSearch.found.phone)}
            {buyerSearch.found.email ? `, ${buyerSearch.found.email}` : ""}
          </span>
          <button type="submit" className={css.smallButton}>
            Выбрать
          </button>
        </StepForm>
      ) : null}
      {!buyer || buyerSearch ? (
        <details open={!!buyerSearch && !buyerSearch.found} className={css.fieldGroup}>
          <summary className={own.foldTitle}>Новый покупатель</summary>
          <StepForm draft={draft} intent="create-buyer" className={css.formGrid} hash="coins">
            <Field label="Фамилия">
              <input type="text" name="lastName" required maxLength={60} className={css.wideControl} autoComplete="off" />
            </Field>
            <Field label="Имя">
              <input type="text" name="name" required maxLength={60} className={css.wideControl} autoComplete="off" />
            </Field>
            <Field label="Отчество">
              <input type="text" name="secondName" maxLength={60} className={css.wideControl} autoComplete="off" />
            </Field>
            <Field label="Телефон">
              <input name="phone" type="tel" required maxLength={40} defaultValue={buyerSearch?.query ?? ""} className={css.wideControl} autoComplete="off" />
            </Field>
            <Field label="E-mail">
              <input name="email" type="email" required maxLength={254} className={css.wideControl} autoComplete="off" />
            </Field>
            <div className={own.fullRow}>
              <button type="submit" className={button}>
                Создать покупателя
              </button>
            </div>
          </StepForm>
        </details>
      ) : null}
    </section>
  );
}

function CoinsSection({ page }: { page: StaffOrderPage }) {
  const { draft, lines, coins, coinQuery } = page;
  return (
    <section className={css.section} id="coins" data-testid="staff-order-coins">
      <h2 className={css.sectionTitle}>2. Монеты</h2>
      {lines.length === 0 ? (
        <p className={css.muted}>В заказе пока нет монет.</p>
      ) : (
        <AdminTable
          cards
          testId="staff-order-lines"
          head={["Монета", "Кол-во", "Цена сейчас", "Сумма", ""]}
          rows={lines.map((line) => (
            <tr key={line.id}>
              <td data-label="Монета">
                {line.name} <span className={css.muted}>{line.sku}</span>
                {line.problem ? <span className={css.warning}> — {line.problem}</span> : null}
              </td>
              <td data-label="Кол-во">
                <StepForm draft={draft} intent="quantity" hash="coins">
                  <input type="hidden" name="productId" value={line.id} />
                  <input
                    name="quantity"
                    type="number"
                    min={0}
                    max={Math.max(0, Math.min(line.stock, line.limit))}
                    defaultValue={line.quantity}
                    aria-label={`Количество: ${line.name}`}
                    className={`${css.control} ${own.quantity}`}
                  />
                  <button type="submit" className={css.smallButton}>
                    Изменить
                  </button>
                </StepForm>
              </td>
              <NumberCell label="Цена сейчас">{money(line.unitPrice)}</NumberCell>
              <NumberCell label="Сумма">{money(line.lineTotal)}</NumberCell>
              <td>
                <StepForm draft={draft} intent="remove" hash="coins">
                  <input type="hidden" name="productId" value={line.id} />
                  <button type="submit" className={css.smallDangerButton}>
                    Убрать
                  </button>
                </StepForm>
              </td>
            </tr>
          ))}
        />
      )}
      <SearchForm draft={draft} hash="coins" label="Найти монету: название, артикул или Ид 1С" name="coin" value={coinQuery} maxLength={80} button="Найти" />
      {coinQuery && coins.length === 0 ? <p className={css.muted}>Ничего не найдено среди монет в продаже.</p> : null}
      {coins.length > 0 ? (
        <AdminTable
          cards
          testId="found-coins"
          head={["Монета", "В наличии", "Не больше в заказе", ""]}
          rows={coins.map((coin) => (
            <tr key={coin.id}>
              <td data-label="Монета">
                {coin.name} <span className={css.muted}>{coin.sku}</span>
              </td>
              <NumberCell label="В наличии">{coin.stock}</NumberCell>
              <NumberCell label="Не больше в заказе">{coin.limit}</NumberCell>
              <td>
                <StepForm draft={draft} intent="add" hash="coins">
                  <input type="hidden" name="productId" value={coin.id} />
                  <input
                    name="quantity"
                    type="number"
                    min={1}
                    max={Math.max(1, Math.min(coin.stock, coin.limit))}
                    defaultValue={1}
                    aria-label={`Сколько добавить: ${coin.name}`}
                    className={`${css.control} ${own.quantity}`}
                  />
                  <button type="submit" className={css.smallButton} disabled={coin.stock < 1}>
                    Добавить
                  </button>
                </StepForm>
              </td>
            </tr>
          ))}
        />
      ) : null}
    </section>
  );
}

function DeliverySection({ page }: { page: StaffOrderPage }) {
  const { draft, city, cities, cityQuery, groups, chosen, points, payments, deliveryError, pointFilter } = page;
  return (
    <section className={css.section} id="delivery" data-testid="staff-order-delivery">
      <h2 className={css.sectionTitle}>3. Доставка и оплата</h2>
      <p>
        Город: <strong data-testid="staff-order-city">{city?.fullName ?? "не выбран"}</strong>
      </p>
      <SearchForm draft={draft} hash="delivery" label="Другой город" name="cityq" value={cityQuery} maxLength={60} button="Найти город" />
      {cities ? (
        cities.length === 0 ? (
          <p className={css.muted}>Город не найден</p>
        ) : (
          <ul className={css.list} data-testid="found-cities">
            {cities.slice(0, 10).map((found) => (
              <li key={found.code}>
                <StepForm draft={draft} intent="city" hash="delivery">
                  <input type="hidden" name="city" value={found.code} />
                  <button type="submit" className={css.smallButton}>
                    {found.fullName}
                  </button>
                </StepForm>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {deliveryError ? <p className={css.warning}>{deliveryError}</p> : null}
      {points && points.total > POINTS_FILTER_FROM ? (
        <SearchForm
          draft={draft}
          hash="delivery"
          label="Найти пункт выдачи: улица или название"
          name="pvz"
          value={pointFilter}
          maxLength={60}
          button="Найти пункт"
        />
      ) : null}
      <StepForm draft={draft} intent="delivery" className={css.actions} hash="confirm">
        <fieldset className={css.fieldGroup}>
          <legend>Способ доставки</legend>
          {groups.map((group) => (
            <div key={group.name}>
              <p className={css.muted}>{group.name}</p>
              {group.items.map((item) => (
                <label key={item.id} className={css.checkLine}>
                  <input type="radio" name="deliveryId" value={item.id} defaultChecked={chosen?.id === item.id} required />
                  <span>
                    {item.label} — {money(item.price)}
                    {item.maxDays > 0 ? `, ${item.minDays === item.maxDays ? item.minDays : `${item.minDays}–${item.maxDays}`} дн.` : ""}
                  </span>
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        {points ? (
          <fieldset className={css.fieldGroup} data-testid="staff-order-points">
            <legend>Пункт выдачи</legend>
            <PointChoices points={points} />
            {points.total > points.list.length ? (
              <p className={css.muted}>
                Показаны {points.list.length} из {points.total}: уточните поиск выше.
              </p>
            ) : null}
          </fieldset>
        ) : chosen ? null : (
          <p className={css.muted}>Пункт выдачи можно будет выбрать после выбора способа доставки.</p>
        )}
        {page.pickupDays ? (
          <fieldset className={css.fieldGroup} data-testid="staff-order-pickup">
            <legend>Когда заберёт в офисе (МСК)</legend>
            <select name="pickupSlot" defaultValue={draft.slot ?? ""} className={css.control} aria-label="День и время в офисе">
              <option value="">Без времени — договоримся позже</option>
              {page.pickupDays.map((day) => (
                <optgroup key={day.day} label={day.label}>
                  {day.slots.map((slot) => (
                    <option key={slot.key} value={slot.key} disabled={slot.free === 0 && slot.key !== draft.slot}>
                      {`${day.label}, ${slot.label}${slot.free === 0 ? " — мест нет" : ""}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </fieldset>
        ) : null}
        <fieldset className={css.fieldGroup}>
          <legend>Адрес для курьера</legend>
          <CourierAddressFields address={draft} />
        </fieldset>
        <fieldset className={css.fieldGroup}>
          <legend>Оплата</legend>
          {payments.map((way) => (
            <label key={way.id} className={css.checkLine}>
              <input type="radio" name="paymentId" value={way.id} defaultChecked={draft.payment === way.id} required />
              <span>
                {way.label} <span className={css.muted}>{way.note}</span>
              </span>
            </label>
          ))}
          {payments.some((way) => way.id === PAYMENT_IDS.onReceipt) ? null : (
            <p className={css.muted}>Оплата при получении — со специальной доставкой (Москва и Санкт-Петербург).</p>
          )}
        </fieldset>
        <fieldset className={css.fieldGroup} data-testid="staff-order-company">
          <legend>Реквизиты для оплаты по счёту</legend>
          <p className={css.muted}>Только для оплаты по счёту. ИНН организации — 10 цифр (и КПП), ИП — 12 цифр, без КПП.</p>
          <div className={css.formGrid}>
            {companyFields.map(({ name, label, key, maxLength, numeric }) => (
              <Field key={name} label={label}>
                <input
                  type="text"
                  name={name}
                  inputMode={numeric ? "numeric" : undefined}
                  defaultValue={draft.company[key]}
                  maxLength={maxLength}
                  className={css.wideControl}
                />
              </Field>
            ))}
          </div>
        </fieldset>
        <div className={css.formGrid}>
          <Field label="Откуда заказ">
            <select name="channel" defaultValue={draft.channel} className={css.wideControl}>
              {page.channels.map((channel) => (
                <option key={channel} value={channel}>
                  {channelLabels[channel]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Комментарий к заказу">
            <input type="text" name="comment" defaultValue={draft.comment} maxLength={STAFF_ORDER_LIMITS.comment} className={css.wideControl} />
          </Field>
        </div>
        <div>
          <button type="submit" className={button}>
            Рассчитать заказ
          </button>
        </div>
      </StepForm>
    </section>
  );
}

/** With more points than this, a search field over the list. */
const POINTS_FILTER_FROM = 10;

function IdentificationForm({ draft }: { draft: StaffOrderDraft }) {
  const text = (name: string, label: string, placeholder = "") => (
    <Field label={label}>
      <input type="text" name={name} className={css.wideControl} placeholder={placeholder} autoComplete="off" />
    </Field>
  );
  return (
    <StepForm draft={{ ...draft }} intent="identify" className={css.actions} hash="identification">
      <div className={css.formGrid}>
        {text("fullName", "Фамилия, имя и отчество — как в паспорте")}
        {text("birthDate", "Дата рождения (ДД.ММ.ГГГГ)", "14.03.1980")}
        {text("citizenship", "Гражданство", "Россия")}
        {text("passportSeries", "Серия паспорта (для паспорта РФ)", "4510")}
        {text("passportNumber", "Номер паспорта или документа", "123456")}
        {text("issueDate", "Дата выдачи (ДД.ММ.ГГГГ)", "01.04.2020")}
        {text("issuerCode", "Код подразделения", "770-001")}
        {text("issuer", "Кем выдан")}
        {text("registrationAddress", "Адрес регистрации")}
      </div>
      <label className={css.checkLine}>
        <input type="checkbox" name="consent" value="on" required />
        <span>Покупатель согласен на обработку его персональных данных для идентификации (115-ФЗ) — согласие получено при разговоре</span>
      </label>
      <div>
        <button type="submit" className={button}>
          Сохранить данные документа
        </button>
      </div>
    </StepForm>
  );
}

/** The company's fields for payment by invoice, as the staff form posts them. */
const companyFields = [
  { name: "companyInn", label: "ИНН", key: "inn", maxLength: STAFF_ORDER_LIMITS.inn, numeric: true },
  { name: "companyKpp", label: "КПП", key: "kpp", maxLength: STAFF_ORDER_LIMITS.kpp, numeric: true },
  { name: "companyName", label: "Полное наименование", key: "name", maxLength: STAFF_ORDER_LIMITS.companyName, numeric: false },
  { name: "companyLegalAddress", label: "Юридический адрес", key: "legalAddress", maxLength: STAFF_ORDER_LIMITS.legalAddress, numeric: false },
  { name: "companyContactPerson", label: "Контактное лицо", key: "contactPerson", maxLength: STAFF_ORDER_LIMITS.contactPerson, numeric: false },
] as const;

function ConfirmSection({ page }: { page: StaffOrderPage }) {
  const { draft, lines, chosen, points, totals, quotedAt, identification, buyer } = page;
  const waits = identification.needed && !identification.given;
  return (
    <section className={css.section} id="confirm" data-testid="staff-order-confirm">
      <h2 className={css.sectionTitle}>4. Проверьте заказ с покупателем</h2>
      <p data-testid="quote-time">Цены на {quotedAt ? formatDateTime(quotedAt) : "—"} (МСК). Если они изменятся до подтверждения, заказ покажет новые.</p>
      <AdminTable
        cards
        testId="confirm-lines"
        head={["Монета", "Кол-во", "Цена", "Сумма"]}
        rows={lines.map((line) => (
          <tr key={line.id}>
            <td data-label="Монета">{line.name}</td>
            <NumberCell label="Кол-во">{line.quantity}</NumberCell>
            <NumberCell label="Цена">{money(line.unitPrice)}</NumberCell>
            <NumberCell label="Сумма">{money(line.lineTotal)}</NumberCell>
          </tr>
        ))}
      />
      <dl className={css.facts}>
        <dt>Покупатель</dt>
        <dd>{buyer ? `${[buyer.lastName, buyer.name].join(" ")}, ${formatPhone(buyer.phone)}` : "—"}</dd>
        <dt>Доставка</dt>
        <dd>
          {chosen?.label}
          {points?.selected ? `: ${points.selected.name}, ${points.selected.address}` : ""}
          {draft.street ? `: ${draft.street}, ${draft.house}${draft.room ? `, кв./оф. ${draft.room}` : ""}` : ""}
        </dd>
        {page.pickupDays ? (
          <>
            <dt>Когда заберёт</dt>
            <dd data-testid="confirm-pickup-slot">
              {draft.slot ? pickupSlotText(parseSlotKey(draft.slot)!.startsAt, page.pickupMinutes) : "без времени, договоримся позже"}
            </dd>
          </>
        ) : null}
        <dt>Оплата</dt>
        <dd>{page.payments.find((way) => way.id === draft.payment)?.label}</dd>
        {draft.payment === PAYMENT_IDS.invoice ? (
          <>
            <dt>Счёт на</dt>
            <dd data-testid="confirm-company">
              {draft.company.name}, ИНН {draft.company.inn}
              {draft.company.kpp ? `, КПП ${draft.company.kpp}` : ""}, {draft.company.legalAddress}; контактное лицо: {draft.company.contactPerson}
            </dd>
          </>
        ) : null}
        <dt>Откуда</dt>
        <dd>{channelLabels[draft.channel]}</dd>
        <dt>Товары</dt>
        <dd>{money(totals.goods)}</dd>
        <dt>Доставка</dt>
        <dd>{money(totals.delivery)}</dd>
        <dt>Итого</dt>
        <dd>
          <strong data-testid="confirm-total">{formatMoney(totals.total)}</strong>
        </dd>
      </dl>
      {identification.needed ? (
        <div id="identification" className={css.fieldGroup} data-testid="staff-order-identification">
          <h3 className={css.cardTitle}>Идентификация покупателя (115-ФЗ)</h3>
          {identification.given ? (
            <p>Данные внесены: {identification.given.masked}</p>
          ) : (
            <>
              <p className={css.warning}>Заказ ждёт идентификации: внесите данные документа, которые продиктует покупатель, с его согласия.</p>
              <IdentificationForm draft={draft} />
            </>
          )}
        </div>
      ) : null}
      <StepForm draft={draft} intent="place" className={`${css.inlineForm} ${own.confirmForm}`}>
        <input type="hidden" name="seenGoods" value={totals.goods} />
        <input type="hidden" name="seenDelivery" value={totals.delivery ?? 0} />
        <button type="submit" className={button} disabled={waits}>
          Подтвердить заказ
        </button>
        <Link to={staffOrderHref(draft, {}, "delivery")}>Изменить</Link>
      </StepForm>
    </section>
  );
}

export default function AdminOrderNew({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <h1 className={css.title}>Новый заказ</h1>
      {navigation.state !== "idle" ? <output className={css.muted}>Сохраняем…</output> : null}
      {page.step === "confirm" ? (
        <ConfirmSection page={page} />
      ) : (
        <>
          <BuyerSection page={page} />
          <CoinsSection page={page} />
          <DeliverySection page={page} />
          {page.problems.length > 0 && (page.buyer || page.lines.length > 0) ? (
            <div className={css.section} data-testid="staff-order-problems">
              <p className={css.muted}>До подтверждения осталось:</p>
              <ul className={css.list}>
                {page.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
