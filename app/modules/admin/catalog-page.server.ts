import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { preordersOfCoin } from "../preorders/preorders.server.ts";
import { exportProducts, formatIssue, type ImportIssue } from "../catalog/import.server.ts";
import {
  addPictureAsStaff,
  editProductAsStaff,
  findProductBySku,
  importCatalogAsStaff,
  removePictureAsStaff,
  searchProducts,
  vatChoiceOf,
  versionOf,
  type PictureResult,
  type Product,
} from "../catalog/staff-edit.server.ts";
import { coinBuybackPrice } from "../buyback/price.ts";
import { getConfig } from "../config/config.server.ts";
import { metalValue } from "../pricing/pricing.ts";
import { getQuotesService } from "../quotes/quotes.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { databaseContext } from "../request/context.ts";
import { readForm } from "../forms/read-form.ts";
import { listPageField } from "../forms/fields.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { vatNotice, vatTreatment } from "../tax/vat.ts";
import { listAudit } from "../audit/audit.server.ts";
import { productFieldLabels } from "./catalog-labels.ts";
import { staffActorContext } from "../staff/context.ts";
import { countNewGoods } from "../exchange/new-goods.server.ts";
import { moscowDateTimeText } from "../launches/launch.ts";

const listSchema = z.object({
  q: z.string().trim().max(100, "Поиск: не больше 100 символов").default(""),
  page: listPageField,
});

/** GET /admin/catalog: coins by name or SKU, 50 a page. */
export async function loadCatalogList(context: Readonly<RouterContextProvider>, url: URL) {
  const parsed = listSchema.safeParse(Object.fromEntries([...url.searchParams].filter(([, value]) => value.trim() !== "")));
  const filters = parsed.success ? parsed.data : { q: "", page: 1 };
  const { db } = context.get(databaseContext);
  const result = await searchProducts(db, filters.q, filters.page);
  const imports = (await listAudit(db, { entity: "catalog", limit: 5 })).map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    phone: row.phone,
    role: row.role,
    after: row.after as { file?: string; created?: number; updated?: number } | null,
  }));
  // A coin without its own threshold is low at the shop's (as on the dashboard).
  const lowStockDefault = getConfig().orders.lowStockThreshold;
  // Goods 1C sent that are not coins yet (decision 053): staff complete them from here.
  const newFromOneC = await countNewGoods(db);
  return { filters, errors: parsed.success ? [] : parsed.error.issues.map((issue) => issue.message), result, imports, lowStockDefault, newFromOneC };
}

/** The catalogue file form: one file, its name decides JSON or CSV. */
const importSchema = z.object({
  intent: z.literal("import", { error: "Неизвестное действие" }),
  file: z.instanceof(File, { message: "Выберите файл каталога (JSON или CSV)" }).refine((file) => file.size > 0, "Выберите файл каталога (JSON или CSV)"),
  confirmBelowFloor: z.literal("on").optional(),
});

export type ImportPageData = { importErrors: string[]; fileName: string; belowFloor?: string[] };

/** POST /admin/catalog: the whole catalogue file; on a bad row nothing is imported and every row's error is listed. */
export async function handleCatalogImport(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await readFormBody(request);
  const parsed = readForm(form, importSchema);
  if (!parsed.ok) return data<ImportPageData>({ importErrors: parsed.issues.map((issue) => issue.message), fileName: "" }, { status: 422 });
  const file = parsed.value.file;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(await file.arrayBuffer());
  if (text.includes("\u0000"))
    return data<ImportPageData>({ importErrors: ["Файл не текстовый: нужен JSON или CSV в UTF-8"], fileName: file.name }, { status: 422 });
  const floor = { rates: (await getQuotesService()).rates(), confirmed: parsed.value.confirmBelowFloor === "on" };
  const result = await importCatalogAsStaff(context.get(databaseContext).db, context.get(staffActorContext), text, file.name, floor);
  if (!result.ok && "kind" in result) {
    const shown = result.warnings.slice(0, 200).concat(result.warnings.length > 200 ? [`…и ещё ${result.warnings.length - 200}`] : []);
    return data<ImportPageData>({ importErrors: [], fileName: file.name, belowFloor: shown }, { status: 422 });
  }
  if (!result.ok) {
    return data<ImportPageData>(
      {
        importErrors: result.errors
          .slice(0, 200)
          .map(formatIssue)
          .concat(result.errors.length > 200 ? [`…и ещё ${result.errors.length - 200}`] : []),
        fileName: file.name,
      },
      { status: 422 },
    );
  }
  const notice = {
    kind: "success" as const,
    message: `Каталог загружен: монет ${result.created + result.updated} (новых ${result.created}, обновлено ${result.updated}).`,
  };
  return redirect("/admin/catalog", { status: 303, headers: { "Set-Cookie": await flashHeader(notice) } });
}

/** GET /admin/catalog/export: the whole catalogue as the CLI's JSON file. */
export async function exportCatalogResponse(context: Readonly<RouterContextProvider>) {
  const json = `${JSON.stringify(await exportProducts(context.get(databaseContext).db), null, 2)}\n`;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalog-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

// ---------------------------------------------------------------------------------------
// One coin

const skuPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

function skuOf(param: string | undefined): string {
  if (!param || !skuPattern.test(param)) throw data("Монета не найдена", { status: 404 });
  return param;
}

/** What the coin page shows: the coin, its VAT as the storefront says it, its audit trail. */
export async function loadProductEditor(context: Readonly<RouterContextProvider>, param: string | undefined) {
  const { db } = context.get(databaseContext);
  const sku = skuOf(param);
  const product = await findProductBySku(db, sku);
  if (!product) throw data("Монета не найдена", { status: 404 });
  const rates = (await getQuotesService()).rates();
  return {
    product: editorView(product),
    // The buy-back rule (buyback/price.ts) as it stands today: the metal less the coin's discount.
    buyback: rates ? { metal: Math.floor(metalValue(product, rates)), price: coinBuybackPrice(product, rates) } : null,
    audit: await listAudit(db, { entity: `product:${sku}`, limit: 30 }),
    uploadMaxKb: Math.floor(getConfig().images.uploadMaxBytes / 1024),
    // The coin's pre-orders in line order (decision 062), listed under its announcement.
    preorders: await preordersOfCoin(db, product.id),
  };
}

const decimalText = (max: number) => z.string().trim().max(max, "Слишком длинное значение").default("");

/** The coin form (intent save): texts as typed; numbers checked by the import's rules, which say what is wrong. */
const productFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("save"),
      version: z.string({ error: "Обновите страницу: форма устарела" }).min(1, "Обновите страницу: форма устарела").max(40),
      name: z.string({ error: "Укажите название" }).trim().min(1, "Укажите название").max(300, "Название: не длиннее 300 символов"),
      description: z.string().max(10_000, "Описание: не длиннее 10 000 символов").default(""),
      pricing: z.enum(["metal", "fixed"], { error: "Цена: от металла или фиксированная" }),
      premiumPercent: decimalText(20),
      fixedPremium: decimalText(20),
      fixedPrice: decimalText(20),
      buybackDiscountPercent: decimalText(20),
      stock: decimalText(20),
      maxPerOrder: decimalText(20),
      lowStockThreshold: decimalText(20),
      published: z.literal("on").optional(),
      /** Staff's explicit yes to a price under the metal or the buy-back price (the second post of the warning). */
      confirmBelowFloor: z.literal("on").optional(),
      vat: z.enum(["auto", "exempt", "vat"], { error: "НДС: по правилу, не облагается или облагается" }),
    }),
    z.object({
      intent: z.literal("picture"),
      version: z.string().min(1, "Обновите страницу: форма устарела").max(40),
      picture: z.instanceof(File, { message: "Выберите файл картинки" }),
      alt: z.string().trim().default(""),
    }),
    z.object({ intent: z.literal("remove-picture"), version: z.string().min(1, "Обновите страницу: форма устарела").max(40), src: z.string().min(1).max(500) }),
  ],
  { error: "Неизвестное действие" },
);

export type EditorView = ReturnType<typeof editorView>;

/** The coin as the form shows it (strings as typed, the version to send back). */
function editorView(product: Product) {
  const number = (value: number | null) => (value === null ? "" : String(value).replace(".", ","));
  return {
    sku: product.sku,
    slug: product.slug,
    name: product.name,
    description: product.description,
    metal: product.metal,
    pricing: product.pricing,
    premiumPercent: number(product.premiumPercent),
    fixedPremium: number(product.fixedPremium),
    fixedPrice: number(product.fixedPrice),
    buybackDiscountPercent: number(product.buybackDiscountPercent),
    stock: String(product.stock),
    maxPerOrder: number(product.maxPerOrder),
    lowStockThreshold: number(product.lowStockThreshold),
    published: product.status === "active",
    vat: vatChoiceOf(product),
    vatNow: vatNotice(vatTreatment(product)),
    images: product.images,
    version: versionOf(product),
    updatedAt: product.updatedAt,
    // The announcement's form (launch-page.server.ts), the opening moment in Moscow time.
    launch: {
      salesOpenAt: product.salesOpenAt ? moscowDateTimeText(product.salesOpenAt) : "",
      issueDate: product.issueDate ?? "",
      mintage: product.mintage === null ? "" : String(product.mintage),
      expectedPrice: product.expectedPrice ?? "",
      buyerCap: product.buyerCap === null ? "" : String(product.buyerCap),
      preordersAllowed: product.preordersAllowed,
    },
  };
}

export type EditorActionData = {
  message: string;
  /** Messages by form field. */
  fieldErrors: Record<string, string>;
  /** What was typed, shown again (the version is the coin's current one after a conflict). */
  values?: Partial<Record<string, string | boolean>>;
  version?: string;
  /** The price is under the metal or the buy-back price: the form asks for staff's confirmation. */
  belowFloor?: string[];
};

function fieldErrorsOf(errors: ImportIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of errors) {
    for (const field of (issue.field ?? "").split(", ")) if (field && !fields[field]) fields[field] = issue.message;
  }
  return fields;
}

function describe(errors: ImportIssue[]): string {
  return errors
    .map((issue) =>
      issue.field
        ? `${issue.field
            .split(", ")
            .map((field) => productFieldLabels[field] ?? field)
            .join(", ")}: ${issue.message}`
        : issue.message,
    )
    .join("; ");
}

async function backToCoin(sku: string, message: string) {
  return redirect(`/admin/catalog/${encodeURIComponent(sku)}`, { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message }) } });
}

/** POST /admin/catalog/:sku: save the form, add or remove a picture. Refusals come back on the page (422/409) with what was typed. */
export async function handleProductEditor(request: Request, context: Readonly<RouterContextProvider>, param: string | undefined) {
  const sku = skuOf(param);
  const { db } = context.get(databaseContext);
  const actor = context.get(staffActorContext);
  const form = await readFormBody(request);
  // The form's texts are read as typed (decimal commas; an empty field is no value).
  const parsed = readForm(form, productFormSchema, { coerce: false });
  if (!parsed.ok) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.issues) fieldErrors[issue.name] ??= issue.message;
    return data<EditorActionData>({ message: parsed.issues.map((issue) => issue.message).join("; "), fieldErrors }, { status: 422 });
  }
  const input = parsed.value;
  let result: PictureResult;
  let typed: EditorActionData["values"];
  switch (input.intent) {
    case "save": {
      const { intent: _intent, version, vat, published, confirmBelowFloor, ...fields } = input;
      typed = { ...fields, vat, published: published === "on" };
      const floor = { rates: (await getQuotesService()).rates(), confirmed: confirmBelowFloor === "on" };
      result = await editProductAsStaff(db, actor, sku, version, { ...fields, status: published === "on" ? "active" : "archived" }, vat, floor);
      break;
    }
    case "picture": {
      const { images } = getConfig();
      result = await addPictureAsStaff(db, actor, {
        sku,
        version: input.version,
        bytes: new Uint8Array(await input.picture.arrayBuffer()),
        imagesDir: images.dir,
        maxBytes: images.uploadMaxBytes,
        alt: input.alt || (await findProductBySku(db, sku))?.name || sku,
      });
      break;
    }
    case "remove-picture":
      result = await removePictureAsStaff(db, actor, sku, input.version, input.src);
      break;
  }
  if (result.ok) {
    const what =
      input.intent === "picture"
        ? "картинка добавлена"
        : input.intent === "remove-picture"
          ? "картинка убрана"
          : result.changed.length === 0
            ? "изменений нет"
            : `изменено: ${result.changed.map((field) => productFieldLabels[field] ?? field).join(", ")}`;
    return backToCoin(result.product.sku, `${result.product.sku}: ${what}.`);
  }
  switch (result.kind) {
    case "missing":
      throw data("Монета не найдена", { status: 404 });
    case "conflict":
      return data<EditorActionData>(
        {
          message:
            "Монету только что изменил другой сотрудник: на странице теперь его значения, а ваши — в полях формы. Сверьте и сохраните ещё раз, если они верны.",
          fieldErrors: {},
          values: typed,
          version: versionOf(result.product),
        },
        { status: 409 },
      );
    case "invalid":
      return data<EditorActionData>({ message: describe(result.errors), fieldErrors: fieldErrorsOf(result.errors), values: typed }, { status: 422 });
    case "picture":
      return data<EditorActionData>({ message: result.message, fieldErrors: { picture: result.message } }, { status: 422 });
    case "below-floor":
      return data<EditorActionData>(
        {
          message: `Не сохранено: ${result.warnings.join("; ")}. Если так и задумано, отметьте подтверждение под формой и сохраните ещё раз.`,
          fieldErrors: {},
          values: typed,
          belowFloor: result.warnings,
        },
        { status: 422 },
      );
  }
}
