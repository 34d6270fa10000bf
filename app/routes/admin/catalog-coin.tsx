import { Form, Link } from "react-router";
import { ipxUrl } from "#app/modules/images/image-url.ts";
import { productFieldLabels } from "#app/modules/staff/catalog-labels.ts";
import { handleProductEditor, loadProductEditor } from "#app/modules/staff/catalog-page.server.ts";
import { adminMeta } from "#app/modules/staff/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { auditWho } from "#app/ui/admin/auditWho.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/catalog-coin";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `${loaderData.product.sku} · каталог` : "Каталог");

export function loader({ params, context }: Route.LoaderArgs) {
  return loadProductEditor(context, params.sku);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleProductEditor(request, context, params.sku);
}

type Field = "premiumPercent" | "fixedPremium" | "fixedPrice" | "buybackDiscountPercent" | "stock" | "maxPerOrder" | "lowStockThreshold";

const numberFields: Array<{ name: Field; hint?: string }> = [
  { name: "premiumPercent", hint: "к цене металла по котировкам" },
  { name: "fixedPremium", hint: "добавляется к цене металла" },
  { name: "fixedPrice", hint: "при цене «фиксированная»" },
  { name: "buybackDiscountPercent", hint: "ниже цены продажи при выкупе" },
  { name: "stock" },
  { name: "maxPerOrder", hint: "пусто: общий предел" },
  { name: "lowStockThreshold", hint: "пусто: по умолчанию магазина" },
];

export default function AdminCatalogCoin({ loaderData, actionData }: Route.ComponentProps) {
  const { product, audit, uploadMaxKb } = loaderData;
  const typed = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const value = (name: keyof typeof product & string) => (typeof typed[name] === "string" ? (typed[name] as string) : String(product[name] ?? ""));
  const version = actionData?.version ?? product.version;
  const errorOf = (name: string) =>
    errors[name] ? (
      <span className={css.warning} id={`${name}-error`}>
        {errors[name]}
      </span>
    ) : null;
  return (
    <>
      <h1 className={css.title}>
        {product.name} <span className={css.titleStatus}>{product.published ? "на сайте" : "скрыта"}</span>
      </h1>
      <p className={css.muted}>
        Артикул {product.sku} · <Link to={`/products/${product.slug}`}>страница в магазине</Link> · <Link to="/admin/catalog">весь каталог</Link>
      </p>
      {actionData?.message ? (
        <p className={css.warning} role="alert" data-testid="edit-error">
          {actionData.message}
        </p>
      ) : null}
      <div className={css.columns}>
        <Form method="post" className={css.section} data-testid="coin-form">
          <input type="hidden" name="version" value={version} />
          <div className={css.formGrid}>
            <label className={css.formField}>
              {productFieldLabels.name}
              <input name="name" required maxLength={300} defaultValue={value("name")} className={css.wideControl} aria-invalid={errors.name ? true : undefined} />
              {errorOf("name")}
            </label>
            <label className={css.formField}>
              {productFieldLabels.pricing}
              <select name="pricing" defaultValue={value("pricing")} className={css.wideControl}>
                <option value="metal">от цены металла</option>
                <option value="fixed">фиксированная</option>
              </select>
              {errorOf("pricing")}
            </label>
            {numberFields.map((field) => (
              <label key={field.name} className={css.formField}>
                {productFieldLabels[field.name]}
                <input name={field.name} inputMode="decimal" maxLength={20} defaultValue={value(field.name)} className={css.wideControl} aria-invalid={errors[field.name] ? true : undefined} />
                {field.hint ? <span className={css.muted}>{field.hint}</span> : null}
                {errorOf(field.name)}
              </label>
            ))}
            <label className={css.formField}>
              НДС
              <select name="vat" defaultValue={value("vat")} className={css.wideControl}>
                <option value="auto">по правилу (ст. 149 НК)</option>
                <option value="exempt">не облагается</option>
                <option value="vat">облагается</option>
              </select>
              <span className={css.muted}>сейчас: {product.vatNow}</span>
            </label>
            <label className={css.checkField}>
              <input type="checkbox" name="published" defaultChecked={typeof typed.published === "boolean" ? typed.published : product.published} />
              {productFieldLabels.status} (видна покупателям)
            </label>
          </div>
          <label className={css.formField}>
            {productFieldLabels.description} (Markdown)
            <textarea name="description" rows={8} maxLength={10_000} defaultValue={value("description")} className={css.textarea} />
            {errorOf("description")}
          </label>
          <p>
            <button type="submit" name="intent" value="save" className={button}>
              Сохранить
            </button>
          </p>
        </Form>
        <div>
          <section className={css.section} data-testid="coin-pictures">
            <h2 className={css.sectionTitle}>Картинки</h2>
            <ul className={css.pictures}>
              {product.images.map((image) => (
                <li key={image.src} className={css.picture}>
                  <img src={ipxUrl(image.src, { width: 160 })} alt={image.alt} width={160} height={Math.round((160 * image.height) / image.width)} loading="lazy" />
                  <Form method="post">
                    <input type="hidden" name="version" value={version} />
                    <input type="hidden" name="src" value={image.src} />
                    <button type="submit" name="intent" value="remove-picture" className={css.dangerButton}>
                      Убрать
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" encType="multipart/form-data" className={css.actionForm}>
              <input type="hidden" name="version" value={version} />
              <label className={css.formField}>
                Файл JPEG, PNG или WebP, до {uploadMaxKb} КБ
                <input type="file" name="picture" accept="image/jpeg,image/png,image/webp" required className={css.wideControl} />
              </label>
              <label className={css.formField}>
                Подпись (alt)
                <input name="alt" maxLength={300} defaultValue={product.name} className={css.wideControl} />
              </label>
              <button type="submit" name="intent" value="picture" className={button}>
                Добавить картинку
              </button>
              {errorOf("picture")}
            </Form>
          </section>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Изменения</h2>
            {audit.length === 0 ? <p className={css.muted}>Нет</p> : null}
            <ol className={css.list} data-testid="coin-audit">
              {audit.map((row) => (
                <li key={row.id}>
                  {auditWho(row)}:{" "}
                  {Object.entries(row.after ?? {})
                    .map(([field, after]) => `${productFieldLabels[field] ?? field}: ${shown((row.before as Record<string, unknown> | null)?.[field])} → ${shown(after)}`)
                    .join("; ")}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}

/** A value of the audit row as staff read it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return `${value.length} шт.`;
  if (typeof value === "string") return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return String(value).replace(".", ",");
}
