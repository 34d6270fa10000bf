import { Form, Link } from "react-router";
import { ipxUrl } from "#app/modules/images/image-url.ts";
import { formatDateTime, formatMoney } from "#app/modules/shared/format.ts";
import { productFieldLabels } from "#app/modules/admin/catalog-labels.ts";
import { handleProductEditor, loadProductEditor } from "#app/modules/admin/catalog-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminAuditSection, AdminEditField, AdminEditForm, AdminEditFrame, AdminSaveButton } from "#app/ui/admin/AdminEditFrame.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/catalog-coin";
import { AdminTable, NumberCell } from "#app/ui/admin/AdminList.tsx";
import { preorderStatusText, preorderTexts, STAFF_CANCEL_REASON_MAX } from "#app/modules/preorders/preorders.ts";
import { formatPhone } from "#app/modules/phone/phone.ts";

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
  { name: "buybackDiscountPercent" },
  { name: "stock" },
  { name: "maxPerOrder", hint: "пусто: общий предел" },
  { name: "lowStockThreshold", hint: "пусто: по умолчанию магазина" },
];

export default function AdminCatalogCoin({ loaderData, actionData }: Route.ComponentProps) {
  const { product, audit, uploadMaxKb, buyback, preorders } = loaderData;
  const typed = actionData?.values ?? {};
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const value = (name: keyof typeof product & string) => (typeof typed[name] === "string" ? (typed[name] as string) : String(product[name] ?? ""));
  const version = actionData?.version ?? product.version;
  return (
    <AdminEditFrame
      title={product.name}
      state={product.published ? "на сайте" : "скрыта"}
      links={
        <>
          Артикул {product.sku} · <Link to={`/products/${product.slug}`}>страница в магазине</Link> · <Link to="/admin/catalog">весь каталог</Link>
        </>
      }
      notice={
        actionData?.message ? (
          <p className={css.warning} role="alert" data-testid="edit-error">
            {actionData.message}
          </p>
        ) : null
      }
      aside={
        <>
          <section className={css.section} data-testid="coin-pictures">
            <h2 className={css.sectionTitle}>Картинки</h2>
            <ul className={css.pictures}>
              {product.images.map((image) => (
                <li key={image.src} className={css.picture}>
                  <img
                    src={ipxUrl(image.src, { width: 160 })}
                    alt={image.alt}
                    width={160}
                    height={Math.round((160 * image.height) / image.width)}
                    loading="lazy"
                  />
                  <AdminEditForm version={version}>
                    <input type="hidden" name="src" value={image.src} />
                    <button type="submit" name="intent" value="remove-picture" className={css.dangerButton}>
                      Убрать
                    </button>
                  </AdminEditForm>
                </li>
              ))}
            </ul>
            {/* Keyed by the coin's version: a picture added (a new version) empties the file field, so a second click adds no copy. */}
            <AdminEditForm key={version} version={version} encType="multipart/form-data" className={css.actionForm}>
              <AdminEditField label={`Файл JPEG, PNG или WebP, до ${uploadMaxKb} КБ`}>
                <input type="file" name="picture" accept="image/jpeg,image/png,image/webp" required className={css.wideControl} />
              </AdminEditField>
              <AdminEditField label="Подпись (alt)">
                <input type="text" name="alt" maxLength={300} defaultValue={product.name} className={css.wideControl} />
              </AdminEditField>
              <button type="submit" name="intent" value="picture" className={button}>
                Добавить картинку
              </button>
              {errors.picture ? (
                <span className={css.warning} id="picture-error">
                  {errors.picture}
                </span>
              ) : null}
            </AdminEditForm>
          </section>
          <LaunchSection sku={product.sku} launch={product.launch} />
          <PreordersSection sku={product.sku} preorders={preorders} />
          <AdminAuditSection
            rows={audit}
            testId="coin-audit"
            describe={(row) =>
              row.action === "preorder.cancel"
                ? preorderTexts.staffAudit(Number(row.after?.preorder), String(row.after?.reason ?? ""))
                : Object.entries(row.after ?? {})
                    .map(
                      ([field, after]) =>
                        `${productFieldLabels[field] ?? field}: ${shown((row.before as Record<string, unknown> | null)?.[field])} → ${shown(after)}`,
                    )
                    .join("; ")
            }
          />
        </>
      }
    >
      <AdminEditForm version={version} className={css.section} testId="coin-form">
        <div className={css.formGrid}>
          <AdminEditField label={productFieldLabels.name} name="name" error={errors.name}>
            <input
              type="text"
              name="name"
              required
              maxLength={300}
              defaultValue={value("name")}
              className={css.wideControl}
              aria-invalid={errors.name ? true : undefined}
            />
          </AdminEditField>
          <AdminEditField label={productFieldLabels.pricing} name="pricing" error={errors.pricing}>
            <select name="pricing" defaultValue={value("pricing")} className={css.wideControl}>
              <option value="metal">от цены металла</option>
              <option value="fixed">фиксированная</option>
            </select>
          </AdminEditField>
          {numberFields.map((field) => (
            <AdminEditField
              key={field.name}
              label={productFieldLabels[field.name]}
              hint={field.name === "buybackDiscountPercent" ? <BuybackHint buyback={buyback} /> : field.hint}
              name={field.name}
              error={errors[field.name]}
            >
              <input
                type="text"
                name={field.name}
                inputMode="decimal"
                maxLength={20}
                defaultValue={value(field.name)}
                className={css.wideControl}
                aria-invalid={errors[field.name] ? true : undefined}
              />
            </AdminEditField>
          ))}
          <AdminEditField label="НДС" hint={`сейчас: ${product.vatNow}`}>
            <select name="vat" defaultValue={value("vat")} className={css.wideControl}>
              <option value="auto">по правилу (ст. 149 НК)</option>
              <option value="exempt">не облагается</option>
              <option value="vat">облагается</option>
            </select>
          </AdminEditField>
          <label className={css.checkField}>
            <input type="checkbox" name="published" defaultChecked={typeof typed.published === "boolean" ? typed.published : product.published} />
            {productFieldLabels.status} (видна покупателям)
          </label>
        </div>
        <AdminEditField label={`${productFieldLabels.description} (Markdown)`} name="description" error={errors.description}>
          <textarea name="description" rows={8} maxLength={10_000} defaultValue={value("description")} className={css.textarea} />
        </AdminEditField>
        {actionData?.belowFloor ? (
          <label className={css.checkField} data-testid="confirm-below-floor">
            <input type="checkbox" name="confirmBelowFloor" required />
            Да, продавать так: {actionData.belowFloor.join("; ")}
          </label>
        ) : null}
        <p>
          <AdminSaveButton />
        </p>
      </AdminEditForm>
    </AdminEditFrame>
  );
}

/** The buy-back rule in the editor's words: it follows the metal, not the sale price, with today's figures. */
function BuybackHint({ buyback }: { buyback: { metal: number; price: number } | null }) {
  return (
    <span data-testid="buyback-hint">
      цена выкупа — стоимость металла по котировкам минус эта скидка; от цены продажи и наценки не зависит
      {buyback ? `. Сейчас: металл ${formatMoney(buyback.metal)}, выкуп ${formatMoney(buyback.price)}` : null}
    </span>
  );
}

/** A value of the audit row as staff read it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return `${value.length} шт.`;
  if (typeof value === "boolean") return value ? "да" : "нет";
  if (typeof value === "string") return value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return String(value).replace(".", ",");
}

/**
 * The coin's announcement: the moment its sales open (Moscow time), the issue date, the mintage,
 * the expected price and the cap for one buyer; all empty takes the announcement back.
 */
function LaunchSection({
  sku,
  launch,
}: {
  sku: string;
  launch: Record<"salesOpenAt" | "issueDate" | "mintage" | "expectedPrice" | "buyerCap", string> & { preordersAllowed: boolean };
}) {
  return (
    <section className={css.section} data-testid="coin-launch">
      <h2 className={css.sectionTitle}>Анонс и старт продаж</h2>
      <Form method="post" action={`/admin/catalog/${encodeURIComponent(sku)}/launch`} className={css.actionForm}>
        <AdminEditField label={`${productFieldLabels.salesOpenAt} (время московское)`} hint="до этого момента монету нельзя купить; пусто — не анонсирована">
          <input type="datetime-local" name="salesOpenAt" step={1} defaultValue={launch.salesOpenAt} className={css.wideControl} />
        </AdminEditField>
        <AdminEditField label={productFieldLabels.issueDate}>
          <input type="date" name="issueDate" defaultValue={launch.issueDate} className={css.wideControl} />
        </AdminEditField>
        <AdminEditField label={productFieldLabels.mintage}>
          <input type="text" name="mintage" inputMode="numeric" maxLength={12} defaultValue={launch.mintage} className={css.wideControl} />
        </AdminEditField>
        <AdminEditField label={productFieldLabels.expectedPrice} hint="как показать до старта: «около 6 500 ₽», «по цене металла + 12 %»">
          <input type="text" name="expectedPrice" maxLength={100} defaultValue={launch.expectedPrice} className={css.wideControl} />
        </AdminEditField>
        <AdminEditField label={productFieldLabels.buyerCap} hint="по всем заказам покупателя (аккаунт и телефон), кроме отменённых; пусто — без ограничения">
          <input type="text" name="buyerCap" inputMode="numeric" maxLength={12} defaultValue={launch.buyerCap} className={css.wideControl} />
        </AdminEditField>
        <label className={css.checkField}>
          <input type="checkbox" name="preordersAllowed" defaultChecked={launch.preordersAllowed} />
          Принимать предзаказ до старта (в порядке очереди, в пределах «в одни руки»)
        </label>
        <button type="submit" className={button}>
          Сохранить анонс
        </button>
      </Form>
    </section>
  );
}

/**
 * The coin's pre-orders (decision 062): the waiting line with places, then the served and cancelled
 * ones. A waiting one may be cancelled by staff with a reason the buyer reads.
 */
function PreordersSection({ sku, preorders }: { sku: string; preorders: Route.ComponentProps["loaderData"]["preorders"] }) {
  const waiting = preorders.filter((row) => row.status === "waiting");
  return (
    <section className={css.section} data-testid="coin-preorders">
      <h2 className={css.sectionTitle}>
        Предзаказы ({waiting.length} в очереди, {waiting.reduce((sum, row) => sum + row.quantity, 0)} шт.)
      </h2>
      {preorders.length === 0 ? (
        <p className={css.muted}>Предзаказов нет</p>
      ) : (
        <AdminTable
          cards
          head={["Место", "Покупатель", "Шт.", "Статус"]}
          rows={preorders.map((row) => (
            <tr key={row.id}>
              <NumberCell label="Место">{row.place ?? "—"}</NumberCell>
              <td data-label="Покупатель">
                {row.buyerName || "—"} <span className={css.number}>{formatPhone(row.buyerPhone)}</span>
              </td>
              <NumberCell label="Шт.">
                {row.orderPieces !== null && row.orderPieces !== row.quantity ? `${row.orderPieces} из ${row.quantity}` : row.quantity}
              </NumberCell>
              <td data-label="Статус">
                <span className={css.wrappingStatus}>{preorderStatusText(row.status, row.closedReason)}</span>
                {row.orderNumber ? (
                  <>
                    {" "}
                    <Link to={`/admin/orders/${row.orderNumber}`}>№{row.orderNumber}</Link>
                  </>
                ) : null}
                {/* The time decides the place: shown under the status, the column the narrow side panel has no room for. */}
                <br />
                <span className={css.muted}>{formatDateTime(row.createdAt)}</span>
                {row.cancelReason ? (
                  <>
                    <br />
                    <span className={css.muted}>Причина: {row.cancelReason}</span>
                  </>
                ) : null}
                {row.status === "waiting" ? (
                  // In the status cell, small: a form of its own width would push the table past the side panel.
                  <Form method="post" action={`/admin/catalog/${encodeURIComponent(sku)}/preorders`} className={css.cellForm} data-testid="preorder-cancel">
                    <input type="hidden" name="preorderId" value={row.id} />
                    <label className={css.formField}>
                      Причина отмены №{row.id}, её прочтёт покупатель
                      <input type="text" name="reason" required minLength={3} maxLength={STAFF_CANCEL_REASON_MAX} className={css.wideControl} />
                    </label>
                    <button type="submit" className={css.smallDangerButton}>
                      Отменить предзаказ
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        />
      )}
    </section>
  );
}
