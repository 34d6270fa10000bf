import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handlePickupForm, loadPickupPage } from "#app/modules/admin/pickup-page.server.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import type { ScheduleBooking } from "#app/modules/pickup/pickup.server.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import type { Route } from "./+types/pickup";

export const meta = () => adminMeta("Самовывоз");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPickupPage(context, new URL(request.url));
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePickupForm(request, context);
}

type MoveTarget = { key: string; label: string };

/** One booking with its order, the flag when it was not collected in time, and the form that moves it. */
function Booking({ booking, day, targets }: { booking: ScheduleBooking; day: string; targets: readonly MoveTarget[] }) {
  return (
    <li data-testid={`booking-${booking.number}`}>
      <Link to={`/admin/orders/${booking.number}`}>№{booking.number}</Link> · {booking.buyer}, {formatPhone(booking.phone)} ·{" "}
      {orderStatusLabels[booking.status]}
      {booking.uncollected ? (
        <strong className={css.warning} data-testid="uncollected">
          {" "}
          · не забран в срок
        </strong>
      ) : null}
      {targets.length > 0 ? (
        <Form method="post" className={css.actionForm}>
          <input type="hidden" name="orderId" value={booking.orderId} />
          <input type="hidden" name="day" value={day} />
          <label className={css.filterField}>
            {booking.slotKey ? "Перенести на" : "Записать на"}
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
            {booking.slotKey ? "Перенести" : "Записать"}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** The office pickup schedule: a day's slots with their bookings, orders not collected in time, and the holidays. */
export default function AdminPickup({ loaderData }: Route.ComponentProps) {
  const { schedule, holidays, previousDay, nextDay } = loaderData;
  const targets = schedule.moveTargets;
  return (
    <>
      <h1 className={css.title}>Самовывоз из офиса</h1>
      <nav className={css.filters} aria-label="День">
        <Link to={`?day=${previousDay}`}>← Предыдущий</Link>
        <strong data-testid="schedule-day">{schedule.label}</strong>
        <Link to={`?day=${nextDay}`}>Следующий →</Link>
      </nav>
      <form method="get" className={css.filters}>
        <label className={css.filterField}>
          День
          <input type="date" name="day" defaultValue={schedule.day} className={css.control} />
        </label>
        <button type="submit" className={button}>
          Показать
        </button>
      </form>

      {schedule.uncollected.length > 0 ? (
        <section className={css.section} data-testid="uncollected-list">
          <h2 className={css.sectionTitle}>Не забраны в срок</h2>
          <ul className={css.list}>
            {schedule.uncollected.map((booking) => (
              <Booking key={booking.orderId} booking={booking} day={schedule.day} targets={targets} />
            ))}
          </ul>
        </section>
      ) : null}

      {schedule.unbooked.length > 0 ? (
        <section className={css.section} data-testid="unbooked-list">
          <h2 className={css.sectionTitle}>Без времени</h2>
          <p className={css.muted}>Заказы на самовывоз, принятые без времени: запишите, когда договоритесь с покупателем.</p>
          <ul className={css.list}>
            {schedule.unbooked.map((booking) => (
              <Booking key={booking.orderId} booking={booking} day={schedule.day} targets={targets} />
            ))}
          </ul>
        </section>
      ) : null}

      <section className={css.section} data-testid="schedule">
        <h2 className={css.sectionTitle}>Расписание</h2>
        {schedule.holiday ? <p className={css.warning}>Праздник: офис закрыт, на этот день не записываем.</p> : null}
        {schedule.slots.length === 0 && !schedule.holiday ? <p className={css.muted}>Выходной день.</p> : null}
        {schedule.stray.length > 0 ? (
          <>
            <p className={css.warning}>Записи вне часов работы этого дня: перенесите их.</p>
            <ul className={css.list}>
              {schedule.stray.map((booking) => (
                <Booking key={booking.orderId} booking={booking} day={schedule.day} targets={targets} />
              ))}
            </ul>
          </>
        ) : null}
        {schedule.slots.map((slot) => (
          <div key={slot.key} data-testid={`slot-${slot.key}`}>
            <h3>
              {slot.label} <span className={css.muted}>· свободно {slot.free}</span>
            </h3>
            {slot.bookings.length > 0 ? (
              <ul className={css.list}>
                {slot.bookings.map((booking) => (
                  <Booking key={booking.orderId} booking={booking} day={schedule.day} targets={targets} />
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </section>

      <section className={css.section} data-testid="holidays">
        <h2 className={css.sectionTitle}>Праздники</h2>
        <p className={css.muted}>В эти дни офис закрыт и записи на самовывоз нет. Часы работы: Пн–Чт 10:00–18:00, Пт 10:00–17:00 (МСК).</p>
        <ul className={css.list}>
          {holidays.map((holiday) => (
            <li key={holiday.day} data-testid={`holiday-${holiday.day}`}>
              {holiday.day}
              {holiday.note ? ` — ${holiday.note}` : ""}
              <Form method="post" className={css.actionForm}>
                <input type="hidden" name="holiday" value={holiday.day} />
                <button type="submit" name="intent" value="remove-holiday" className={css.dangerButton}>
                  Убрать
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className={css.actionForm}>
          <label className={css.filterField}>
            Дата
            <input type="date" name="holiday" required className={css.control} />
          </label>
          <label className={css.filterField}>
            Название
            <input type="text" name="note" maxLength={100} className={css.control} placeholder="Например: День народного единства" />
          </label>
          <button type="submit" name="intent" value="add-holiday" className={button}>
            Добавить праздник
          </button>
        </Form>
      </section>
    </>
  );
}
