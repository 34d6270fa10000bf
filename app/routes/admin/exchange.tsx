import { Form } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleExchangeForm, loadExchangePage } from "#app/modules/admin/exchange-page.server.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/exchange";

export const meta = () => adminMeta("Обмен с 1С");

export function loader({ context }: Route.LoaderArgs) {
  return loadExchangePage(context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleExchangeForm(request, context);
}

const outcomes: Record<string, string> = { success: "успешно", progress: "идёт", failure: "ошибка", refused: "вход отклонён" };

/** The owner's page of the exchange with 1C and МойСклад (CommerceML): the login, the options and the log. */
export default function AdminExchange({ loaderData }: Route.ComponentProps) {
  const { settings, address, log } = loaderData;
  return (
    <>
      <h1 className={css.title}>Обмен с 1С</h1>
      <p>
        Адрес для 1С и МойСклад: <code data-testid="exchange-address">{address}</code>. Логин: {settings.login ? <b>{settings.login}</b> : "не задан"}; пароль{" "}
        {settings.passwordSet ? "задан" : "не задан"}.
      </p>
      <section className={css.section} data-testid="exchange-credentials">
        <h2 className={css.sectionTitle}>Логин и пароль обмена</h2>
        <Form method="post" className={css.filters}>
          <input type="hidden" name="intent" value="credentials" />
          <label className={css.filterField}>
            Логин
            <input name="login" type="text" autoComplete="off" required maxLength={64} defaultValue={settings.login ?? ""} className={css.control} />
          </label>
          <label className={css.filterField}>
            Новый пароль (от 12 знаков)
            <input name="password" type="password" autoComplete="new-password" required minLength={12} maxLength={200} className={css.control} />
          </label>
          <button type="submit" className={button}>
            Сохранить
          </button>
        </Form>
      </section>
      <section className={css.section} data-testid="exchange-options">
        <h2 className={css.sectionTitle}>Настройки</h2>
        <Form method="post" className={css.filters}>
          <input type="hidden" name="intent" value="options" />
          <label className={css.filterField}>
            Архивы zip
            <select name="zip" defaultValue={settings.zip ? "yes" : "no"} className={css.control}>
              <option value="yes">принимать</option>
              <option value="no">не принимать</option>
            </select>
          </label>
          <label className={css.filterField}>
            Размер части файла, КБ
            <input name="fileLimitKb" type="number" min={64} max={16384} required defaultValue={settings.fileLimit / 1024} className={css.control} />
          </label>
          <label className={css.filterField}>
            Кодировка заказов
            <select name="encoding" defaultValue={settings.encoding} className={css.control}>
              <option value="utf-8">UTF-8</option>
              <option value="windows-1251">windows-1251</option>
            </select>
          </label>
          <label className={css.filterField}>
            Склад (Ид в 1С; пусто — сумма по всем)
            <input name="warehouseId" type="text" maxLength={100} defaultValue={settings.warehouseId ?? ""} className={css.control} />
          </label>
          <label className={css.filterField}>
            Тип цены (Ид в 1С; пусто — первый в файле)
            <input name="priceTypeId" type="text" maxLength={100} defaultValue={settings.priceTypeId ?? ""} className={css.control} />
          </label>
          <label className={css.filterField}>
            Какие заказы выгружать в 1С
            <select name="ordersScope" defaultValue={settings.ordersScope} className={css.control}>
              <option value="all">все</option>
              <option value="paid">только оплаченные</option>
            </select>
          </label>
          <label className={css.filterField}>
            Заказы начиная с даты (пусто — все)
            <input name="ordersFrom" type="date" defaultValue={settings.ordersFrom ?? ""} className={css.control} />
          </label>
          <label className={css.filterField}>
            <span>
              <input name="ownsTexts" type="checkbox" defaultChecked={settings.ownsTexts} /> Названия и описания ведутся в 1С
            </span>
          </label>
          <button type="submit" className={button}>
            Сохранить
          </button>
        </Form>
        <p className={css.muted}>
          Цены из 1С применяются только к монетам с фиксированной ценой; цены монет, привязанных к металлу, следуют котировкам. То же из терминала: npm run
          exchange -- credentials ЛОГИН ПАРОЛЬ.
        </p>
      </section>
      <section className={css.section} data-testid="exchange-resend">
        <h2 className={css.sectionTitle}>Отправить заказы заново</h2>
        <Form method="post" className={css.filters}>
          <input type="hidden" name="intent" value="resend" />
          <label className={css.filterField}>
            Заказы, оформленные начиная с
            <input name="from" type="date" required className={css.control} />
          </label>
          <button type="submit" className={button}>
            Отправить заказы заново с даты
          </button>
        </Form>
        <p className={css.muted}>1С получит эти заказы при следующем обмене, даже если уже приняла их.</p>
      </section>
      <h2 className={css.sectionTitle}>Журнал обменов</h2>
      <div className={css.tableWrap}>
        <table className={css.table} data-testid="exchange-log">
          <thead>
            <tr>
              <th scope="col">Когда</th>
              <th scope="col">Откуда</th>
              <th scope="col">Логин</th>
              <th scope="col">Тип</th>
              <th scope="col">Итог</th>
              <th scope="col">Файлы</th>
              <th scope="col">Создано / обновлено / без изменений / отклонено</th>
              <th scope="col">Ошибки и замечания</th>
              <th scope="col">Длительность</th>
            </tr>
          </thead>
          <tbody>
            {log.length === 0 ? (
              <tr>
                <td colSpan={9}>Обменов ещё не было.</td>
              </tr>
            ) : (
              log.map((row) => (
                <tr key={row.id}>
                  <td className={css.number}>{formatDateTime(row.startedAt)}</td>
                  <td>{row.ip ?? "—"}</td>
                  <td>{row.login || "—"}</td>
                  <td>{row.type === "catalog" ? "каталог" : row.type === "sale" ? "заказы" : "—"}</td>
                  <td>{outcomes[row.outcome] ?? row.outcome}</td>
                  <td>{row.files.join(", ") || "—"}</td>
                  <td className={css.number}>
                    {row.created} / {row.updated} / {row.unchanged} / {row.refused}
                  </td>
                  <td className={css.exchangeErrors}>
                    {row.errors[0] ?? "—"}
                    {row.errors.length > 1 ? (
                      <details>
                        <summary>ещё {row.errors.length - 1}</summary>
                        <ul>
                          {row.errors.slice(1).map((error, index) => (
                            <li key={index}>{error}</li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </td>
                  <td className={css.number}>{Math.round((new Date(row.finishedAt).getTime() - new Date(row.startedAt).getTime()) / 1000)} с</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
