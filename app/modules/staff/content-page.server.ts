import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import { formatContentIssue } from "../content/content-files.ts";
import { renderMarkdown } from "../content/markdown.server.ts";
import { findContentItem, listContentItems, parseEditedItem, saveContentItemAsStaff, setContentPublishedAsStaff } from "../content/staff-edit.server.ts";
import { contentHref, isContentKey, isContentKind, storefrontPath } from "../content/staff-keys.ts";
import type { ContentKind } from "../content/content-files.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { databaseContext } from "../request/context.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { listAudit } from "./audit.server.ts";
import { staffActorContext } from "./context.ts";

/** GET /admin/content: every item of every kind. */
export async function loadContentList(context: Readonly<RouterContextProvider>) {
  return { items: await listContentItems(context.get(databaseContext).db) };
}

function itemOf(params: { kind?: string; key?: string }): { kind: ContentKind; key: string } {
  const { kind, key } = params;
  if (!isContentKind(kind) || !key || !isContentKey(kind, key)) throw data("Запись не найдена", { status: 404 });
  return { kind, key };
}

/** GET /admin/content/:kind/:key: the item as its Markdown file. */
export async function loadContentEditor(context: Readonly<RouterContextProvider>, params: { kind?: string; key?: string }) {
  const { kind, key } = itemOf(params);
  const { db } = context.get(databaseContext);
  const item = await findContentItem(db, kind, key);
  if (!item) throw data("Запись не найдена", { status: 404 });
  return {
    kind,
    key,
    source: item.source,
    published: item.published,
    version: item.version,
    storefront: storefrontPath(item.entry),
    audit: await listAudit(db, { entity: `content:${kind}:${key}`, limit: 30 }),
  };
}

/** The editor's one form: preview (renders, saves nothing), save, publish, unpublish. */
const contentFormSchema = z.object({
  intent: z.enum(["preview", "save", "publish", "unpublish"], { error: "Неизвестное действие" }),
  version: z.string({ error: "Обновите страницу: форма устарела" }).min(1, "Обновите страницу: форма устарела").max(40),
  source: z.string().max(210_000, "Текст не длиннее 200 000 символов").optional(),
});

export type ContentActionData = { message: string; issues: string[]; source?: string; preview?: string; version?: string };

/** POST /admin/content/:kind/:key. */
export async function handleContentEditor(request: Request, context: Readonly<RouterContextProvider>, params: { kind?: string; key?: string }) {
  const { kind, key } = itemOf(params);
  const { db } = context.get(databaseContext);
  const form = await readFormBody(request);
  const parsed = contentFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data<ContentActionData>({ message: parsed.error.issues.map((issue) => issue.message).join("; "), issues: [] }, { status: 422 });
  const { intent, version } = parsed.data;
  const source = parsed.data.source ?? "";
  if (intent === "preview") {
    const checked = parseEditedItem(kind, key, source);
    if (!checked.ok) return data<ContentActionData>({ message: "Запись с ошибками: предпросмотр невозможен", issues: checked.issues.map(formatContentIssue), source }, { status: 422 });
    return data<ContentActionData>({ message: "", issues: [], source, preview: renderMarkdown(checked.entry.body, { publicUrl: getConfig().publicUrl }) });
  }
  const actor = context.get(staffActorContext);
  const result =
    intent === "save" ? await saveContentItemAsStaff(db, actor, kind, key, version, source) : await setContentPublishedAsStaff(db, actor, kind, key, version, intent === "publish");
  if (result.ok) {
    const message = intent === "save" ? "Сохранено." : intent === "publish" ? "Опубликовано: запись снова видна в магазине." : "Снято с публикации: в магазине записи больше нет.";
    return redirect(contentHref(kind, key), { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message }) } });
  }
  switch (result.kind) {
    case "missing":
      throw data("Запись не найдена", { status: 404 });
    case "conflict":
      return data<ContentActionData>(
        { message: "Запись только что изменил другой сотрудник. Ваш текст — в поле ниже; сверьте его с текущим и сохраните ещё раз.", issues: [], source, version: result.version },
        { status: 409 },
      );
    case "invalid":
      return data<ContentActionData>({ message: "Не сохранено: исправьте ошибки", issues: result.issues.map(formatContentIssue), source }, { status: 422 });
  }
}
