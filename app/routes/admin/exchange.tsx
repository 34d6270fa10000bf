import { Form, Link } from "react-router";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { handleExchangeForm, loadExchangePage } from "#app/modules/admin/exchange-page.server.ts";
import { exchangeLogHref } from "#app/modules/admin/exchange-filters.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { AdminDateFields, AdminFilterField, AdminFilterSelect, AdminList, AdminTable } from "#app/ui/admin/AdminList.tsx";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/exchange";

export const meta = () => adminMeta("Обмен с 1С");

export function loader({ context, url }: Route.LoaderArgs) {
  return loadExchangePage(context, url);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleExchangeForm(request, context);
}

const logKinds = [
  ["catalog", "каталог"],
  ["sale", "заказы"],
  ["refused", "отклонённые входы"],
] as const;

const outcomes: Record<string, string> = { success: "успешно", progress: "идёт", failure: "ошибка", refused: "вход отклонён" };

/** The owner's page of the exchange with 1C and МойСклад (CommerceML): the login, the options and the log. */
export default function AdminExchange({ loaderData }: Route.ComponentProps) {
  const { settings, address, log, statusRows, statusOptions, groups, sections, newGoods } = loaderData;
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
            Ждать загрузку, с
            <input name="importStepSeconds" type="number" min={0} max={120} required defaultValue={settings.importStepSeconds} className={css.control} />
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
          Цены из 1С применяются только к монетам с фиксированной ценой; цены монет, привязанных к металлу, следуют котировкам. Загрузка каталога, которая
          длится дольше «Ждать загрузку», продолжается на сайте, а 1С получает ответ «progress» и спрашивает снова (1С ждёт ответа обычно до 30 секунд). То же
          из терминала: npm run exchange -- credentials ЛОГИН ПАРОЛЬ.
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
      <section className={css.section} data-testid="exchange-statuses">
        <h2 className={css.sectionTitle}>Статусы заказов из 1С</h2>
        <p className={css.muted}>
          Как статус называется в 1С или МойСклад («Статус заказа» документа или его код «Статуса заказа ИД») и в какой статус сайта он переводит заказ.
          Названия статусов сайта («Собирается», «Отправлен»…) узнаются всегда. Незнакомый статус заказ не меняет: он попадает в журнал. Чтобы удалить строку,
          сотрите название.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="statuses" />
          <AdminTable
            head={["Как называется в 1С", "Статус сайта"]}
            rows={statusRows.map((row, index) => (
              <tr key={index}>
                <td>
                  <input
                    name={`rows[${index}].name`}
                    type="text"
                    maxLength={100}
                    defaultValue={row.name}
                    aria-label={`Название в 1С, строка ${index + 1}`}
                    className={css.wideControl}
                  />
                </td>
                <td>
                  <select name={`rows[${index}].status`} defaultValue={row.status} aria-label={`Статус сайта, строка ${index + 1}`} className={css.wideControl}>
                    <option value="">—</option>
                    {statusOptions.map(([status, label]) => (
                      <option key={status} value={status}>
                        {label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          />
          <button type="submit" className={button}>
            Сохранить статусы
          </button>
        </Form>
      </section>
      <section className={css.section} data-testid="exchange-groups">
        <h2 className={css.sectionTitle}>Группы 1С и разделы каталога</h2>
        <p className={css.muted}>
          Новый товар из группы, связанной с разделом, со следующего обмена получает значения раздела (металл, вид, серию, страну) и после публикации
          показывается в нём. Монеты, уже продающиеся на сайте, не меняются.{" "}
          <Link to="/admin/exchange/goods" data-testid="exchange-new-goods-link">
            Новые из 1С: {newGoods}
          </Link>
        </p>
        {groups.length === 0 ? (
          <p>Групп ещё нет: они появятся после первой загрузки import.xml.</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="groups" />
            <AdminTable
              head={["Группа в 1С", "Раздел каталога"]}
              rows={groups.map((group, index) => (
                <tr key={group.id}>
                  <td>
                    {group.name || "без названия"}
                    <br />
                    <span className={css.muted}>{group.id}</span>
                    <input type="hidden" name={`groups[${index}].id`} value={group.id} />
                  </td>
                  <td>
                    <select
                      name={`groups[${index}].section`}
                      defaultValue={group.sectionPath ?? ""}
                      aria-label={`Раздел для группы «${group.name}»`}
                      className={css.wideControl}
                    >
                      <option value="">не связывать</option>
                      {sections.map((section) => (
                        <option key={section.path} value={section.path}>
                          {section.title}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            />
            <button type="submit" className={button}>
              Сохранить разделы
            </button>
          </Form>
        )}
      </section>
      <h2 className={css.sectionTitle} id="exchange-log">
        Журнал обменов
      </h2>
      <AdminList
        filters={
          <>
            <AdminDateFields from={log.filters.from} to={log.filters.to} />
            <AdminFilterSelect label="Вид" name="type" value={log.filters.type} options={logKinds} />
            <AdminFilterField label="Итог">
              <select name="errors" defaultValue={log.filters.errors ?? ""} className={css.control}>
                <option value="">все</option>
                <option value="1">с ошибками и замечаниями</option>
              </select>
            </AdminFilterField>
          </>
        }
        errors={log.errors}
        testId="exchange-log"
        total={log.total}
        page={log.page}
        pageCount={log.pageCount}
        hrefFor={(page) => exchangeLogHref(log.filters, page)}
        head={["Когда", "Откуда", "Логин", "Тип", "Итог", "Файлы", "Создано / обновлено / без изменений / отклонено", "Ошибки и замечания", "Длительность"]}
        cards
        rows={log.rows.map((row) => (
          <tr key={row.id}>
            <td className={css.number} data-label="Когда">
              {formatDateTime(row.startedAt)}
            </td>
            <td data-label="Откуда">{row.ip ?? "—"}</td>
            <td data-label="Логин">{row.login || "—"}</td>
            <td data-label="Тип">{row.type === "catalog" ? "каталог" : row.type === "sale" ? "заказы" : "—"}</td>
            <td data-label="Итог">{outcomes[row.outcome] ?? row.outcome}</td>
            <td data-label="Файлы">{row.files.join(", ") || "—"}</td>
            <td className={css.number} data-label="Создано / обновлено / без изменений / отклонено">
              {row.created} / {row.updated} / {row.unchanged} / {row.refused}
            </td>
            <td className={css.exchangeErrors} data-label="Ошибки и замечания">
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
            <td className={css.number} data-label="Длительность">
              {Math.round((new Date(row.finishedAt).getTime() - new Date(row.startedAt).getTime()) / 1000)} с
            </td>
          </tr>
        ))}
      />
      {log.total === 0 && !(log.filters.from || log.filters.to || log.filters.type || log.filters.errors) ? (
        <p data-testid="exchange-log-empty">Обменов ещё не было.</p>
      ) : null}
    </>
  );
}
