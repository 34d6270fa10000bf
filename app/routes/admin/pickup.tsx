import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handlePickupForm, loadPickupPage } from "#app/modules/admin/pickup-page.server.ts";
import { orderStatusLabels } from "#app/modules/orders/statuses.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";
import type { ScheduleBooking } from "#app/modules/pickup/pickup.server.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { type MoveTarget, PickupMoveForm } from "#app/ui/admin/PickupMoveForm.tsx";
import type { Route } from "./+types/pickup";

export const meta = () => adminMeta("Самовывоз");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPickupPage(context, new URL(request.url));
}

export function action({ request, context }: Route.ActionArgs) {
  return handlePickupForm(request, context);
}

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
      <PickupMoveForm orderId={booking.orderId} day={day} booked={Boolean(booking.slotKey)} targets={targets} />
    </li>
  );
}

/** The office pickup schedule: a day's slots with their bookings, orders not collected in time, and the holidays. */
export default function AdminPickup({ loaderData }: Route.ComponentProps) {
  const { schedule, holidays, previousDay, nextDay, hours, hoursText, slotMinutes } = loaderData;
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

      <section className={css.section} data-testid="office-hours">
        <h2 className={css.sectionTitle}>Часы работы офиса</h2>
        <p className={css.muted}>
          Сейчас: {hoursText} (МСК). По этим часам идёт запись на самовывоз (по {slotMinutes} мин), их видят покупатели на странице «Контакты», в подвале сайта
          и в заказе. Пустые «с» и «до» — выходной. Уже сделанные записи вне новых часов остаются и отмечаются «вне часов работы».
        </p>
        <Form method="post">
          <div className={css.tableWrap}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th>День</th>
                  <th>С</th>
                  <th>До</th>
                </tr>
              </thead>
              <tbody>
                {hours.map((day, index) => (
                  <tr key={day.name}>
                    <td>{day.name}</td>
                    <HoursCell name={`opens-${index + 1}`} value={day.opens} slotMinutes={slotMinutes} label={`${day.name}: открытие`} />
                    <HoursCell name={`closes-${index + 1}`} value={day.closes} slotMinutes={slotMinutes} label={`${day.name}: закрытие`} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="submit" name="intent" value="hours" className={button}>
            Сохранить часы работы
          </button>
        </Form>
      </section>

      <section className={css.section} data-testid="holidays">
        <h2 className={css.sectionTitle}>Праздники</h2>
        <p className={css.muted}>В эти дни офис закрыт и записи на самовывоз нет. Часы работы: {hoursText} (МСК).</p>
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

/** One «с» or «до» of the office hours form: a time on the slot's step, empty for a day off. */
function HoursCell({ name, value, slotMinutes, label }: { name: string; value: string; slotMinutes: number; label: string }) {
  return (
    <td>
      <input type="time" name={name} defaultValue={value} step={slotMinutes * 60} aria-label={label} className={css.timeControl} />
    </td>
  );
}
