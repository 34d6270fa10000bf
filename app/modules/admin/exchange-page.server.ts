import { redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { EXCHANGE_LOG_PAGE_SIZE, findExchangeLog } from "../exchange/log.server.ts";
import { listExchangeGroups, mappableSections, setExchangeGroupSections } from "../exchange/groups.server.ts";
import { countNewGoods } from "../exchange/new-goods.server.ts";
import { MAX_STATUS_ROWS } from "../exchange/status-table.ts";
import { orderStatusLabels } from "../orders/statuses.ts";
import { parseExchangeLogFilters } from "./exchange-filters.ts";
import { resendOrdersFrom } from "../exchange/sale-orders.server.ts";
import { EXCHANGE_PATH } from "../exchange/protocol.ts";
import {
  EXCHANGE_MAX_FILE_LIMIT,
  EXCHANGE_MAX_IMPORT_STEP_SECONDS,
  EXCHANGE_MIN_FILE_LIMIT,
  readExchangeSettings,
  setExchangeCredentials,
  setExchangeOptions,
  setExchangeStatusRows,
} from "../exchange/settings.server.ts";
import { getConfig } from "../config/config.server.ts";
import { flashHeader, type Flash } from "../flash/flash.server.ts";
import { readForm } from "../forms/read-form.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { staffActorContext } from "../staff/context.ts";

const PAGE = "/admin/exchange";

/** Empty rows under the status table, for new names (without JS the form cannot add one). */
const BLANK_STATUS_ROWS = 3;

/** «Обмен с 1С»: the settings (never the password or its hash), the status table, the groups, the log as filtered. */
export async function loadExchangePage(context: Readonly<RouterContextProvider>, url: URL) {
  const { db } = context.get(databaseContext);
  const { filters, errors } = parseExchangeLogFilters(url.searchParams);
  const [settings, log, groups, sections, newGoods] = await Promise.all([
    readExchangeSettings(db),
    findExchangeLog(db, { from: filters.from, to: filters.to, type: filters.type, withErrors: filters.errors === "1", page: filters.page }),
    listExchangeGroups(db),
    mappableSections(db),
    countNewGoods(db),
  ]);
  const { passwordHash, statusRows, ...shown } = settings;
  const blank = Math.max(0, Math.min(BLANK_STATUS_ROWS, MAX_STATUS_ROWS - statusRows.length));
  return {
    settings: { ...shown, passwordSet: passwordHash !== null },
    address: new URL(EXCHANGE_PATH, getConfig().publicUrl).href,
    statusRows: [...statusRows, ...Array.from({ length: blank }, () => ({ name: "", status: "" as const }))],
    statusOptions: Object.entries(orderStatusLabels) as Array<[string, string]>,
    groups,
    sections,
    newGoods,
    log: { ...log, filters, errors, page: filters.page, pageCount: Math.max(1, Math.ceil(log.total / EXCHANGE_LOG_PAGE_SIZE)) },
  };
}

const optionalId = z
  .string()
  .trim()
  .max(100, "Ид: не больше 100 символов")
  .optional()
  .transform((value) => value || null);

/** The page's forms: the login, the options, the resend, the status table, the groups' sections. */
export const exchangeFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("credentials"),
      login: z.string({ error: "Введите логин" }).trim().min(1, "Введите логин"),
      password: z.string({ error: "Введите пароль" }).min(1, "Введите пароль"),
    }),
    z.object({
      intent: z.literal("options"),
      zip: z.enum(["yes", "no"], { error: "Выберите, принимать ли zip" }),
      fileLimitKb: z.coerce
        .number({ error: "Размер части: число килобайт" })
        .int("Размер части: целое число килобайт")
        .min(EXCHANGE_MIN_FILE_LIMIT / 1024, `Размер части: не меньше ${EXCHANGE_MIN_FILE_LIMIT / 1024} КБ`)
        .max(EXCHANGE_MAX_FILE_LIMIT / 1024, `Размер части: не больше ${EXCHANGE_MAX_FILE_LIMIT / 1024} КБ`),
      encoding: z.enum(["utf-8", "windows-1251"], { error: "Выберите кодировку" }),
      importStepSeconds: z.coerce
        .number({ error: "Ожидание загрузки: число секунд" })
        .int("Ожидание загрузки: целое число секунд")
        .min(0, "Ожидание загрузки: не меньше 0 секунд")
        .max(EXCHANGE_MAX_IMPORT_STEP_SECONDS, `Ожидание загрузки: не больше ${EXCHANGE_MAX_IMPORT_STEP_SECONDS} секунд`),
      warehouseId: optionalId,
      priceTypeId: optionalId,
      ownsTexts: z.literal("on").optional(),
      ordersScope: z.enum(["all", "paid"], { error: "Выберите, какие заказы выгружать" }).default("all"),
      ordersFrom: z
        .string()
        .trim()
        .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Дата заказов: ГГГГ-ММ-ДД")
        .optional()
        .transform((value) => value || null),
    }),
    z.object({
      intent: z.literal("statuses"),
      rows: z
        .array(z.object({ name: z.string().max(200, "Название статуса в 1С: не длиннее 100 символов").default(""), status: z.string().max(40).default("") }))
        .max(MAX_STATUS_ROWS + BLANK_STATUS_ROWS, `Не больше ${MAX_STATUS_ROWS} строк в таблице статусов`)
        .default([]),
    }),
    z.object({
      intent: z.literal("groups"),
      groups: z
        .array(z.object({ id: z.string({ error: "Нет Ид группы" }).max(200), section: z.string().max(300).default("") }))
        .max(1000, "Слишком много групп")
        .default([]),
    }),
    z.object({
      intent: z.literal("resend"),
      from: z
        .string({ error: "Укажите дату" })
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Укажите дату: ГГГГ-ММ-ДД"),
    }),
  ],
  { error: "Неизвестное действие" },
);

/** POST /admin/exchange: the same functions as `npm run exchange`, audited as the owner who did it. */
export async function handleExchangeForm(request: Request, context: Readonly<RouterContextProvider>) {
  const parsed = readForm(await readFormBody(request), exchangeFormSchema);
  let notice: Flash;
  if (!parsed.ok) {
    notice = { kind: "error", message: parsed.reason };
  } else {
    const { db } = context.get(databaseContext);
    const actor = context.get(staffActorContext);
    const input = parsed.value;
    if (input.intent === "statuses") {
      const saved = await setExchangeStatusRows(db, input.rows, actor);
      notice = saved.ok ? { kind: "success", message: "Таблица статусов сохранена." } : { kind: "error", message: saved.reason };
    } else if (input.intent === "groups") {
      const saved = await setExchangeGroupSections(
        db,
        input.groups.map((group) => ({ id: group.id, sectionPath: group.section === "" ? null : group.section })),
        actor,
      );
      notice = saved.ok ? { kind: "success", message: "Разделы для групп из 1С сохранены." } : { kind: "error", message: saved.reason };
    } else if (input.intent === "resend") {
      const resent = await resendOrdersFrom(db, input.from, actor);
      notice = resent.ok
        ? {
            kind: "success",
            message: `Заказы с ${input.from.split("-").reverse().join(".")} уйдут в 1С при следующем обмене (уже отправленных: ${resent.count}).`,
          }
        : { kind: "error", message: resent.reason };
    } else {
      const change =
        input.intent === "credentials"
          ? await setExchangeCredentials(db, input.login, input.password, actor)
          : await setExchangeOptions(
              db,
              {
                zip: input.zip === "yes",
                fileLimit: input.fileLimitKb * 1024,
                encoding: input.encoding,
                importStepSeconds: input.importStepSeconds,
                warehouseId: input.warehouseId,
                priceTypeId: input.priceTypeId,
                ownsTexts: input.ownsTexts === "on",
                ordersScope: input.ordersScope,
                ordersFrom: input.ordersFrom,
              },
              actor,
            );
      notice = change.ok
        ? { kind: "success", message: input.intent === "credentials" ? "Логин и пароль обмена сохранены." : "Настройки обмена сохранены." }
        : { kind: "error", message: change.reason };
    }
  }
  return redirect(PAGE, { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}
