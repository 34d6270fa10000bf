import { consentDocumentHref } from "#app/modules/shop/contacts.ts";
import { type ChangeEvent, type ReactNode, useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { COMPANY_BLOCK_FIELD, FIELDS, FIELD_LIMITS, type CheckoutDraft, type CheckoutErrors } from "#app/modules/checkout/draft.ts";
import type { CheckoutView, DeliveryChoice } from "#app/modules/checkout/view.ts";
import { PAYMENT_IDS, paymentMethodLabels, paymentTexts } from "#app/modules/payments/methods.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import { normalizePhone } from "#app/modules/phone/phone.ts";
import { useLoginModal } from "#app/ui/auth/LoginModal.tsx";
import { pluralRu } from "#app/ui/catalog/format-product.ts";
import { FieldErrors, TextAreaField, TextField } from "#app/ui/kit/Field.tsx";
import { DeferredPhoneField } from "#app/ui/kit/DeferredPhoneField.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import { DeliveryDiscountNote, DiscountNote, UnitPrice } from "#app/ui/pricing/DiscountNote.tsx";
import * as css from "./checkout.css.ts";
import * as formCss from "#app/ui/kit/form.css.ts";

/** The id of the separate GET form that filters pickup points (inputs join it with form="…"). */
export const POINT_FILTER_FORM = "pvz-filter";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset id={id} className={css.section}>
      <legend className={css.legend}>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A button that saves the form and comes back, without the browser asking for the order's required fields. */
export function SaveButton({
  children,
  name = "intent",
  value = "save",
  className = css.secondaryButton,
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  className?: string;
}) {
  return (
    <button type="submit" name={name} value={value} formNoValidate className={className}>
      {children}
    </button>
  );
}

/**
 * 'Войти и оформить': without JavaScript it posts the form (the draft is kept) and the
 * server sends the buyer to /login. With it, the form is saved in the background and the
 * sign-in modal opens over the page with the phone typed here.
 */
function LoginToOrderButton() {
  const loginModal = useLoginModal();
  const saver = useFetcher({ key: "checkout-save-before-login" });
  return (
    <button
      type="submit"
      name="intent"
      value="login"
      formNoValidate
      className={button}
      onClick={(event) => {
        const form = event.currentTarget.form;
        if (!loginModal || !form) return;
        event.preventDefault();
        const data = new FormData(form);
        data.set("intent", "save");
        void saver.submit(data, { method: "post", action: "/checkout" });
        loginModal.open("/checkout", { phone: normalizePhone(String(data.get(FIELDS.contact.phone) ?? "")) ?? "" });
      }}
    >
      Войти и оформить
    </button>
  );
}

export function deliveryDays(choice: Pick<DeliveryChoice, "minDays" | "maxDays">): string {
  const { minDays, maxDays } = choice;
  if (!maxDays) return "";
  const days = pluralRu(maxDays, ["день", "дня", "дней"]);
  return minDays && minDays !== maxDays ? `${minDays}–${maxDays} ${days}` : `${maxDays} ${days}`;
}

export function CartSection({ cart, errors = {} }: { cart: CheckoutView["cart"]; errors?: CheckoutErrors }) {
  return (
    <Section id="cart" title="Товары">
      <ul className={css.lines}>
        {cart.lines.map((line) => (
          <li key={line.product.id} className={css.line} data-testid="checkout-line">
            <span>
              <Link to={`/products/${line.product.slug}`} className={css.lineName}>
                {line.product.name}
              </Link>
              <br />
              <span className={css.muted}>
                {line.unitPrice !== null ? (
                  <UnitPrice price={line.unitPrice} basePrice={line.product.price} />
                ) : line.product.price !== null ? (
                  `${formatMoney(line.product.price)} за шт.`
                ) : (
                  "Цена уточняется"
                )}
              </span>
              {line.discount ? (
                <>
                  <br />
                  <DiscountNote discount={line.discount} quantity={Math.min(line.quantity, line.product.stock)} />
                </>
              ) : null}
              {line.problem ? (
                <>
                  <br />
                  <span className={css.problem}>{line.problem}</span>
                </>
              ) : null}
            </span>
            <label>
              <span className={css.muted}>Кол-во</span>
              <br />
              <input
                // The form is keyed by the draft; a quantity changed elsewhere (the cart as it was left) must show too.
                key={line.quantity}
                type="number"
                name={`qty:${line.product.id}`}
                defaultValue={line.quantity}
                min={0}
                inputMode="numeric"
                className={css.quantityInput}
                aria-label={`Количество: ${line.product.name}`}
                aria-invalid={errors[`qty:${line.product.id}`] ? true : undefined}
                aria-describedby={errors[`qty:${line.product.id}`] ? `qty-${line.product.id}-error` : undefined}
              />
            </label>
            {errors[`qty:${line.product.id}`] ? (
              <div className={css.lineError} data-testid="quantity-error">
                <FieldErrors id={`qty-${line.product.id}-error`} errors={errors[`qty:${line.product.id}`]} />
              </div>
            ) : null}
            <span className={css.optionPrice}>{line.lineTotal !== null ? formatMoney(line.lineTotal) : "—"}</span>
            <button
              type="submit"
              name="removeLine"
              value={line.product.id}
              formNoValidate
              className={css.linkButton}
              aria-label={`Удалить: ${line.product.name}`}
            >
              Удалить
            </button>
          </li>
        ))}
      </ul>
      <p className={css.muted}>Изменили количество? Нажмите «Пересчитать» — цены и доставка пересчитаются.</p>
      <SaveButton>Пересчитать</SaveButton>
    </Section>
  );
}

export function ContactSection({ draft, errors }: { draft: CheckoutDraft; errors: CheckoutErrors }) {
  const field = (key: keyof typeof FIELDS.contact, label: string, extra: { type?: string; autoComplete: string; required?: boolean; maxLength: number }) => {
    const name = FIELDS.contact[key];
    return (
      <TextField
        label={label}
        errors={errors[name]}
        inputProps={{
          id: `checkout-${name}`,
          name,
          defaultValue: draft.contact[key],
          type: extra.type ?? "text",
          autoComplete: extra.autoComplete,
          required: extra.required,
          maxLength: extra.maxLength,
        }}
      />
    );
  };
  return (
    <Section id="contacts" title="Получатель">
      <div className={css.twoColumns}>
        {field("lastName", "Фамилия", { autoComplete: "family-name", required: true, maxLength: FIELD_LIMITS.name })}
        {field("name", "Имя", { autoComplete: "given-name", required: true, maxLength: FIELD_LIMITS.name })}
        {field("secondName", "Отчество", { autoComplete: "additional-name", maxLength: FIELD_LIMITS.name })}
        <DeferredPhoneField
          label="Телефон"
          errors={errors[FIELDS.contact.phone]}
          inputProps={{ id: `checkout-${FIELDS.contact.phone}`, name: FIELDS.contact.phone, defaultValue: draft.contact.phone, required: true }}
        />
        {field("email", "E-mail", { type: "email", autoComplete: "email", required: true, maxLength: FIELD_LIMITS.email })}
      </div>
      <p className={css.muted}>Получатель предъявляет паспорт: имя и фамилия должны совпадать с документом.</p>
    </Section>
  );
}

export function CitySection({ draft, cityResults }: { draft: CheckoutDraft; cityResults: CheckoutView["cityResults"] }) {
  return (
    <Section id="city" title="Город">
      <p>
        Доставка в: <strong data-testid="checkout-city">{draft.city.fullName}</strong>
      </p>
      <div className={css.row}>
        <div className={css.grow}>
          <TextField
            label="Другой город"
            errors={undefined}
            inputProps={{
              id: "checkout-city-query",
              name: "cityQuery",
              defaultValue: cityResults?.query ?? "",
              type: "search",
              autoComplete: "address-level2",
              maxLength: 60,
              placeholder: "Начните вводить название",
            }}
          />
        </div>
        <SaveButton value="find-city">Найти город</SaveButton>
      </div>
      {cityResults ? (
        cityResults.cities.length === 0 ? (
          // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a paragraph: an <output> in its place would not be one
          <p role="status">Город «{cityResults.query}» не найден. Проверьте название или выберите ближайший крупный город.</p>
        ) : (
          <ul className={css.options} aria-label="Найденные города">
            {cityResults.cities.map((city) => (
              <li key={city.code}>
                <button type="submit" name="chooseCity" value={city.code} formNoValidate className={css.linkButton}>
                  {city.fullName}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Section>
  );
}

export function DeliverySection({ view, onChoose }: { view: CheckoutView; onChoose?: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const { groups, chosen, deliveryError, deliveryNotes } = view;
  return (
    <Section id="delivery" title="Доставка">
      {deliveryError ? <p className={css.alert}>{deliveryError}</p> : null}
      {!deliveryError && groups.length === 0 ? <p>В этот город мы пока не доставляем. Выберите ближайший крупный город.</p> : null}
      {!chosen && groups.length > 0 ? <p className={css.problem}>Выберите способ доставки.</p> : null}
      {groups.map((group) => (
        <div key={group.name}>
          <p className={css.groupName}>{group.name}</p>
          <ul className={css.options}>
            {group.items.map((item) => (
              <li key={item.id}>
                <label className={css.option}>
                  <input
                    type="radio"
                    name="deliveryId"
                    value={item.id}
                    defaultChecked={chosen?.id === item.id}
                    className={css.optionRadio}
                    onChange={onChoose}
                    data-testid={`delivery-${item.id}`}
                    aria-describedby={deliveryNotes[item.id] ? `delivery-note-${item.id}` : undefined}
                  />
                  <span className={css.optionText}>
                    <span>{item.label}</span>
                    {deliveryDays(item) ? <span className={css.muted}>{deliveryDays(item)}</span> : null}
                    <DeliveryDiscountNote promotion={item.promotion} />
                  </span>
                  <span className={css.optionPrice}>{item.price === 0 ? "Бесплатно" : formatMoney(item.price)}</span>
                </label>
                {/* What the shop's own ways of delivery mean: outside the label, so the radio's name stays short. */}
                {deliveryNotes[item.id] ? (
                  <p id={`delivery-note-${item.id}`} className={css.optionNote} data-testid={`delivery-note-${item.id}`}>
                    {deliveryNotes[item.id]}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {groups.length > 0 ? <SaveButton>Применить способ доставки</SaveButton> : null}
    </Section>
  );
}

export function AddressSection({ draft, errors }: { draft: CheckoutDraft; errors: CheckoutErrors }) {
  const field = (key: keyof typeof FIELDS.address, label: string, autoComplete: string, maxLength: number, required = false) => {
    const name = FIELDS.address[key];
    return (
      <TextField
        label={label}
        errors={errors[name]}
        inputProps={{ id: `checkout-${name}`, name, defaultValue: draft.address[key], autoComplete, maxLength, required }}
      />
    );
  };
  return (
    <Section id="address" title="Адрес доставки">
      <div className={css.twoColumns}>
        {/* Autofill's address-line2 is the flat or office; no token means a house number alone, so the house is typed. */}
        {field("street", "Улица", "address-line1", FIELD_LIMITS.street, true)}
        {field("house", "Дом, корпус", "off", FIELD_LIMITS.house, true)}
      </div>
      <div className={css.threeColumns}>
        {field("room", "Квартира, офис", "address-line2", FIELD_LIMITS.room)}
        {field("entrance", "Подъезд", "off", FIELD_LIMITS.entrance)}
        {field("floor", "Этаж", "off", FIELD_LIMITS.floor)}
      </div>
      <TextAreaField
        label="Сообщение курьеру"
        errors={errors[FIELDS.address.message]}
        textareaProps={{
          id: "checkout-address-message",
          name: FIELDS.address.message,
          defaultValue: draft.address.message,
          maxLength: FIELD_LIMITS.message,
          rows: 2,
        }}
      />
    </Section>
  );
}

export function PointsSection({
  draft,
  errors,
  points,
  kindWord,
  map,
}: {
  draft: CheckoutDraft;
  errors: CheckoutErrors;
  points: NonNullable<CheckoutView["points"]>;
  kindWord: string;
  map?: ReactNode;
}) {
  return (
    <Section id="points" title={kindWord === "locker" ? "Постамат" : "Пункт выдачи"}>
      {points.selected ? (
        <p data-testid="selected-point">
          Выбран: <strong>{points.selected.name}</strong>, {points.selected.address}
        </p>
      ) : null}
      {map}
      <div className={css.row}>
        <div className={css.grow}>
          <TextField
            label="Поиск по адресу"
            errors={undefined}
            inputProps={{
              id: "checkout-pvz-filter",
              name: "pvz",
              form: POINT_FILTER_FORM,
              defaultValue: points.filter,
              type: "search",
              maxLength: 60,
              placeholder: "Улица или метро",
            }}
          />
        </div>
        <button type="submit" form={POINT_FILTER_FORM} className={css.secondaryButton}>
          Найти
        </button>
      </div>
      <FieldErrors id="checkout-pointCode-error" errors={errors.pointCode} />
      {points.list.length === 0 ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a paragraph: an <output> in its place would not be one
        <p role="status">{points.filter ? "По этому адресу ничего не нашлось." : "В этом городе пока нет пунктов выдачи: выберите другой способ доставки."}</p>
      ) : (
        <ul className={css.pointList} aria-label="Пункты выдачи" data-testid="point-list">
          {points.list.map((point) => (
            <li key={point.code}>
              <label className={css.option}>
                <input type="radio" name="pointCode" value={point.code} defaultChecked={draft.pointCode === point.code} className={css.optionRadio} required />
                <span className={css.optionText}>
                  <span>{point.address}</span>
                  <span className={css.muted}>
                    {point.name}
                    {point.workTime ? ` · ${point.workTime}` : ""}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {points.total > points.list.length ? (
        <p className={css.muted}>
          Показаны {points.list.length} из {points.total}. Уточните адрес в поиске, чтобы найти свой пункт.
        </p>
      ) : null}
    </Section>
  );
}

/** «Когда заберёте заказ»: a day and a slot of the office's hours, one select grouped by day (works without JavaScript). */
export function PickupSlotSection({ pickup, errors }: { pickup: NonNullable<CheckoutView["pickup"]>; errors: CheckoutErrors }) {
  const invalid = errors.pickupSlot?.length ? { "aria-invalid": true as const, "aria-describedby": "checkout-pickupSlot-error" } : {};
  return (
    <Section id="pickup" title="Когда заберёте заказ">
      {pickup.days.length === 0 ? (
        <p className={css.problem}>Свободного времени для самовывоза сейчас нет. Позвоните нам или выберите другой способ доставки.</p>
      ) : (
        <div className={formCss.field}>
          <label htmlFor="checkout-pickupSlot" className={formCss.label}>
            День и время в офисе (МСК)
          </label>
          <select
            id="checkout-pickupSlot"
            name="pickupSlot"
            defaultValue={pickup.selected ?? ""}
            required
            className={formCss.input}
            data-testid="pickup-slot"
            {...invalid}
          >
            <option value="" disabled>
              Выберите день и время
            </option>
            {pickup.days.map((day) => (
              <optgroup key={day.day} label={day.label}>
                {day.slots.map((slot) => (
                  <option key={slot.key} value={slot.key} disabled={slot.free === 0}>
                    {`${day.label}, ${slot.label}${slot.free === 0 ? " — мест нет" : ""}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldErrors id="checkout-pickupSlot-error" errors={errors.pickupSlot} />
        </div>
      )}
      <p className={css.muted}>Время бронируется, когда вы оформляете заказ. Накануне пришлём напоминание. Возьмите паспорт.</p>
    </Section>
  );
}

/** `paymentWindow`: how long an order waits for its payment, as "в течение …" needs it ("30 минут"). */
/**
 * «Покупаю как организация или ИП»: a checkbox and the company's details. Without JavaScript the
 * details show while the box is ticked (CSS :has), and are always posted; the server reads them
 * only when it is ticked.
 */
export function CompanySection({ draft, errors }: { draft: CheckoutDraft; errors: CheckoutErrors }) {
  const names = FIELDS.company;
  const field = (key: Exclude<keyof typeof names, "asCompany">, label: string, extra: { maxLength: number; inputMode?: "numeric"; autoComplete: string }) => (
    <TextField
      label={label}
      errors={errors[names[key]]}
      inputProps={{
        id: `checkout-${names[key]}`,
        name: names[key],
        defaultValue: draft.company[key],
        maxLength: extra.maxLength,
        inputMode: extra.inputMode,
        autoComplete: extra.autoComplete,
      }}
    />
  );
  return (
    <Section id="company" title="Покупатель">
      <div className={css.companyBlock}>
        <input type="hidden" name={COMPANY_BLOCK_FIELD} value="1" />
        <label className={css.option}>
          <input type="checkbox" name={names.asCompany} value="1" defaultChecked={draft.company.asCompany} className={css.optionRadio} />
          <span className={css.optionText}>
            <span>Покупаю как организация или ИП</span>
            <span className={css.muted}>Счёт на оплату и УПД будут выписаны на ваши реквизиты.</span>
          </span>
        </label>
        <FieldErrors id="checkout-asCompany-error" errors={errors[names.asCompany]} />
        <div className={css.companyFields} data-testid="company-fields">
          <div className={css.twoColumns}>
            {field("inn", "ИНН", { maxLength: FIELD_LIMITS.inn, inputMode: "numeric", autoComplete: "off" })}
            {field("kpp", "КПП (для организации)", { maxLength: FIELD_LIMITS.kpp, inputMode: "numeric", autoComplete: "off" })}
          </div>
          <p className={css.companyHint}>ИНН организации — 10 цифр, ИП — 12 цифр. У ИП нет КПП.</p>
          {field("name", "Полное наименование", { maxLength: FIELD_LIMITS.companyName, autoComplete: "organization" })}
          {field("legalAddress", "Юридический адрес", { maxLength: FIELD_LIMITS.legalAddress, autoComplete: "off" })}
          {field("contactPerson", "Контактное лицо", { maxLength: FIELD_LIMITS.contactPerson, autoComplete: "name" })}
        </div>
      </div>
    </Section>
  );
}

export function PaymentSection({ draft, paymentWindow, payments }: { draft: CheckoutDraft; paymentWindow: string; payments: CheckoutView["payments"] }) {
  const notes = {
    [PAYMENT_IDS.online]: `Мир, Visa, Mastercard, СБП — на защищённой странице платёжного сервиса. Оплатите в течение ${paymentWindow} после оформления, иначе заказ будет отменён.`,
    [PAYMENT_IDS.onReceipt]: "Наличными или картой нашему сотруднику при вручении.",
    [PAYMENT_IDS.invoice]: `Для организаций и ИП. Счёт на оплату в PDF — на странице заказа и в письме. Оплатите его банковским переводом в течение ${payments.invoiceDays} ${pluralRu(payments.invoiceDays, ["банковского дня", "банковских дней", "банковских дней"])}, иначе заказ будет отменён.`,
  };
  const methods = payments.offered.map((id) => ({ id, label: paymentMethodLabels[id], note: notes[id] }));
  return (
    <Section id="payment" title="Оплата">
      {payments.offered.includes(PAYMENT_IDS.online) ? null : (
        <p className={css.paymentNote} data-testid="card-limit-note">
          {paymentTexts.overCardLimit(formatMoney(payments.cardLimit))}
        </p>
      )}
      <ul className={css.options}>
        {methods.map((method) => (
          <li key={method.id}>
            <label className={css.option}>
              <input type="radio" name="paymentId" value={method.id} defaultChecked={draft.delivery.paymentId === method.id} className={css.optionRadio} />
              <span className={css.optionText}>
                <span>{method.label}</span>
                <span className={css.muted}>{method.note}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function CommentSection({ draft, errors }: { draft: CheckoutDraft; errors: CheckoutErrors }) {
  return (
    <Section id="comment" title="Комментарий к заказу">
      <TextAreaField
        label="Комментарий"
        errors={errors.comment}
        textareaProps={{ id: "checkout-comment", name: "comment", defaultValue: draft.comment, maxLength: FIELD_LIMITS.comment, rows: 3 }}
      />
    </Section>
  );
}

export function TotalsBox({ view, shopOpen, signedIn }: { view: CheckoutView; shopOpen: boolean; signedIn: boolean }) {
  const { totals, cart } = view;
  const coins = cart.totalCoins;
  return (
    <aside className={css.summary} aria-label="Итого" id="checkout-summary">
      <p className={css.summaryRow}>
        <span>
          Товары ({coins} {pluralRu(coins, ["монета", "монеты", "монет"])})
        </span>
        <span data-testid="goods-total">{formatMoney(totals.goods)}</span>
      </p>
      <p className={css.summaryRow}>
        <span>Доставка</span>
        <span data-testid="delivery-total">{totals.delivery === null ? "—" : totals.delivery === 0 ? "Бесплатно" : formatMoney(totals.delivery)}</span>
      </p>
      {view.chosen?.promotion ? (
        <p className={css.summaryRow}>
          <DeliveryDiscountNote promotion={view.chosen.promotion} />
        </p>
      ) : null}
      <p className={css.summaryTotal}>
        <span>К оплате</span>
        <span data-testid="order-total">{formatMoney(totals.total)}</span>
      </p>
      <p className={css.muted}>Цены следуют за котировками металла и фиксируются в момент оформления заказа.</p>
      {!shopOpen ? (
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- a paragraph: an <output> in its place would not be one
        <p className={css.alert} role="status">
          Сейчас магазин не принимает заказы: котировки обновляются или продажи приостановлены. Корзина сохранится — попробуйте чуть позже.
        </p>
      ) : signedIn ? (
        <button type="submit" name="intent" value="place" className={button} disabled={cart.lines.length === 0} data-testid="place-order">
          Оформить заказ
        </button>
      ) : (
        <>
          <p>Чтобы оформить заказ, войдите по номеру телефона — так мы подтвердим ваш номер. Всё, что вы ввели, сохранится.</p>
          <LoginToOrderButton />
        </>
      )}
      <p className={css.muted}>
        Нажимая «Оформить заказ», вы соглашаетесь с <Link to="/return">условиями обмена и возврата</Link> и{" "}
        <a href="/docs/privacy.pdf">политикой обработки персональных данных</a>; данные заказа обрабатываются по{" "}
        <a href={consentDocumentHref}>согласию на обработку персональных данных</a>.
      </p>
    </aside>
  );
}

export function OrderErrorBox({ message }: { message: string }) {
  return (
    <div id="order-error" className={css.alert} role="alert" data-testid="order-error">
      <strong>Заказ не оформлен.</strong> {message}
    </div>
  );
}

/**
 * A notice that stopped the order is scrolled to when it appears: without
 * JavaScript the redirect's #anchor does it; with it, the form keeps the scroll position, and
 * the buyer pressed 'Оформить заказ' at the bottom of the page. Its scroll-margin keeps it clear
 * of the sticky header.
 */
function useScrolledTo() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "start" });
  }, []);
  return ref;
}

/** The form posted differs from what the page showed; nothing was placed, the buyer checks and confirms. */
export function OrderChangedBox({ notice }: { notice: NonNullable<CheckoutDraft["changeNotice"]> }) {
  const ref = useScrolledTo();
  return (
    <div id="order-changed" ref={ref} className={css.pricesBox} role="alert" data-testid="order-changed">
      <strong>Заказ не оформлен: он изменился.</strong> Проверьте заказ ниже — сумма к оплате пересчитана — и нажмите «Оформить заказ» ещё раз.
      <ul>
        {notice.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Spec 'updatePrices': the quotes moved since the page was shown; the buyer sees the new prices and confirms. */
export function UpdatePricesBox({ notice }: { notice: NonNullable<CheckoutDraft["priceNotice"]> }) {
  const ref = useScrolledTo();
  return (
    <div id="update-prices" ref={ref} className={css.pricesBox} role="alert" data-testid="update-prices">
      <strong>Цены изменились вслед за котировками металла.</strong> Проверьте новые цены и подтвердите заказ.
      <table className={css.table}>
        <thead>
          <tr>
            <th className={css.cell}>Монета</th>
            <th className={css.numberCell}>Было</th>
            <th className={css.numberCell}>Стало</th>
          </tr>
        </thead>
        <tbody>
          {notice.lines.map((line) => (
            <tr key={line.name}>
              <td className={css.cell}>
                {line.name} × {line.quantity}
              </td>
              <td className={css.numberCell}>{line.was === null ? "—" : formatMoney(line.was)}</td>
              <td className={css.numberCell}>{formatMoney(line.now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Товары на сумму: <strong>{formatMoney(notice.goodsTotal)}</strong>
      </p>
      <button type="submit" name="intent" value="place" className={button} data-testid="confirm-prices">
        Подтвердить новые цены и оформить
      </button>
    </div>
  );
}
