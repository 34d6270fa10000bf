import { Form, Link } from "react-router";
import { handlePublishNewGood, loadNewGood } from "#app/modules/admin/exchange-goods-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { formatMoney } from "#app/modules/shared/format.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminEditField } from "#app/ui/admin/AdminEditFrame.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/exchange-good";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `${loaderData.good.name} · новые из 1С` : "Новые из 1С");

export function loader({ params, context }: Route.LoaderArgs) {
  return loadNewGood(context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handlePublishNewGood(request, context, params.id);
}

const text = (value: unknown) => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value).replace(".", ","));

/** A good new from 1C: what 1C gave, and the form that makes it a coin on sale (the catalogue's rules check it). */
export default function AdminNewGood({ loaderData, actionData }: Route.ComponentProps) {
  const { good } = loaderData;
  const typed = actionData?.values ?? {};
  const value = (name: string, fallback: unknown) => (typeof typed[name] === "string" ? (typed[name] as string) : text(fallback));
  const field = (name: string, label: string, fallback: unknown, options: { hint?: string; max?: number; decimal?: boolean } = {}) => (
    <AdminEditField label={label} hint={options.hint} name={name}>
      <input
        type="text"
        name={name}
        required
        maxLength={options.max ?? 20}
        inputMode={options.decimal ? "decimal" : undefined}
        defaultValue={value(name, fallback)}
        className={css.wideControl}
      />
    </AdminEditField>
  );
  return (
    <>
      <h1 className={css.title}>
        {good.name} <span className={css.titleStatus}>не на сайте</span>
      </h1>
      <p className={css.muted}>
        Ид в 1С {good.exchangeId} · <Link to="/admin/exchange/goods">все новые из 1С</Link>
      </p>
      <p data-testid="new-good-from-1c">
        Из 1С: артикул {good.article || "—"}, остаток {good.stock ?? "—"}, цена {good.price === null ? "—" : formatMoney(good.price)}. Не хватает:{" "}
        {good.missing.join(", ")}.
      </p>
      {actionData ? (
        <div className={css.warning} role="alert" data-testid="edit-error">
          <p>{actionData.message}</p>
          {actionData.errors.length > 0 ? (
            <ul>
              {actionData.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Form method="post" className={css.section} data-testid="publish-form">
        <div className={css.formGrid}>
          {field("sku", "Артикул", good.article, { max: 40, hint: "латинские буквы, цифры, . _ -" })}
          {field("name", "Название", good.name, { max: 300 })}
          <AdminEditField label="Металл" name="metal">
            <select name="metal" required defaultValue={value("metal", good.fields.metal)} className={css.wideControl}>
              <option value="">—</option>
              <option value="gold">золото</option>
              <option value="silver">серебро</option>
            </select>
          </AdminEditField>
          <AdminEditField label="Вид монеты" name="kind">
            <select name="kind" required defaultValue={value("kind", good.fields.kind)} className={css.wideControl}>
              <option value="">—</option>
              <option value="investment">инвестиционная</option>
              <option value="commemorative">памятная</option>
            </select>
          </AdminEditField>
          {field("fineness", "Проба", good.fields.fineness, { decimal: true, hint: "999, 925, 916,7" })}
          {field("totalGrams", "Общий вес, г", good.fields.totalGrams, { decimal: true })}
          {field("pureGrams", "Чистый вес, г", good.fields.pureGrams, { decimal: true, hint: "металла в монете" })}
          {field("denomination", "Номинал", good.fields.denominationRub ? `${good.fields.denominationRub} рублей` : "", {
            max: 100,
            hint: "«50 рублей», «без номинала»",
          })}
          {field("country", "Страна", good.fields.country, { max: 100 })}
          {field("issuer", "Эмитент", "", { max: 200, hint: "«Банк России»" })}
          <AdminEditField label="Цена" name="pricing">
            <select name="pricing" required defaultValue={value("pricing", good.price === null ? "metal" : "fixed")} className={css.wideControl}>
              <option value="metal">от цены металла</option>
              <option value="fixed">фиксированная</option>
            </select>
          </AdminEditField>
          <AdminEditField label="Наценка, %" hint="при цене от металла" name="premiumPercent">
            <input
              type="text"
              name="premiumPercent"
              inputMode="decimal"
              maxLength={20}
              defaultValue={value("premiumPercent", "")}
              className={css.wideControl}
            />
          </AdminEditField>
          <AdminEditField label="Фиксированная цена, ₽" hint={good.price === null ? "при цене «фиксированная»" : "пусто: цена из 1С"} name="fixedPrice">
            <input type="text" name="fixedPrice" inputMode="decimal" maxLength={20} defaultValue={value("fixedPrice", "")} className={css.wideControl} />
          </AdminEditField>
        </div>
        <AdminEditField label="Описание (Markdown)" name="description">
          <textarea name="description" rows={6} maxLength={10_000} defaultValue={value("description", good.description)} className={css.textarea} />
        </AdminEditField>
        <p>
          <button type="submit" name="intent" value="publish" className={button}>
            Опубликовать на сайте
          </button>
        </p>
      </Form>
    </>
  );
}
