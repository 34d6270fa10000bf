import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import {
  articleEntryOf,
  articleFormDefaults,
  articleFormSchema,
  articleFormTexts,
  articleKindNames,
  isArticleKind,
  russianDay,
  slugFromTitle,
} from "../content/article-form.ts";
import { formatContentEntry, formatContentIssue, type ArticleEntry, type ArticleKind, type ContentIssue } from "../content/content-files.ts";
import { moscowToday } from "../content/dates.ts";
import { renderMarkdown } from "../content/markdown.server.ts";
import {
  createContentItemAsStaff,
  findContentItem,
  listContentItems,
  parseEditedItem,
  saveContentItemAsStaff,
  setContentPublishedAsStaff,
} from "../content/staff-edit.server.ts";
import { storeUploadedPicture } from "../images/picture-upload.server.ts";
import { contentHref, isContentKey, isContentKind, storefrontPath } from "../content/staff-keys.ts";
import type { ContentKind } from "../content/content-files.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { databaseContext } from "../request/context.ts";
import { readForm, readFormEnvelope } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { listAudit } from "../audit/audit.server.ts";
import { staffActorContext } from "../staff/context.ts";

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
    // News, cases and training articles are edited as fields (article-form.ts), the rest as their file.
    fields:
      item.entry.kind === "news" || item.entry.kind === "case" || item.entry.kind === "training"
        ? { defaults: articleFormDefaults(item.entry), cover: item.entry.cover }
        : null,
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
  // The field form of an article saves through handleArticleForm; publishing stays below.
  const { intent: pressed } = readFormEnvelope(form);
  if (isArticleKind(kind) && pressed !== "publish" && pressed !== "unpublish") return handleArticleForm(context, kind, form, key);
  const parsed = readForm(form, contentFormSchema);
  if (!parsed.ok) return data<ContentActionData>({ message: parsed.issues.map((issue) => issue.message).join("; "), issues: [] }, { status: 422 });
  const { intent, version } = parsed.value;
  const source = parsed.value.source ?? "";
  if (intent === "preview") {
    const checked = parseEditedItem(kind, key, source);
    if (!checked.ok)
      return data<ContentActionData>(
        { message: "Запись с ошибками: предпросмотр невозможен", issues: checked.issues.map(formatContentIssue), source },
        { status: 422 },
      );
    return data<ContentActionData>({ message: "", issues: [], source, preview: renderMarkdown(checked.entry.body, { publicUrl: getConfig().publicUrl }) });
  }
  const actor = context.get(staffActorContext);
  const result =
    intent === "save"
      ? await saveContentItemAsStaff(db, actor, kind, key, version, source)
      : await setContentPublishedAsStaff(db, actor, kind, key, version, intent === "publish");
  if (result.ok) {
    const message =
      intent === "save"
        ? "Сохранено."
        : intent === "publish"
          ? "Опубликовано: запись снова видна в магазине."
          : "Снято с публикации: в магазине записи больше нет.";
    return redirect(contentHref(kind, key), { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message }) } });
  }
  switch (result.kind) {
    case "missing":
      throw data("Запись не найдена", { status: 404 });
    case "conflict":
      return data<ContentActionData>(
        {
          message: "Запись только что изменил другой сотрудник. Ваш текст — в поле ниже; сверьте его с текущим и сохраните ещё раз.",
          issues: [],
          source,
          version: result.version,
        },
        { status: 409 },
      );
    case "invalid":
      return data<ContentActionData>({ message: "Не сохранено: исправьте ошибки", issues: result.issues.map(formatContentIssue), source }, { status: 422 });
  }
}

// ---------------------------------------------------------------------------------------
// News, cases and training articles as a form of fields

/** GET /admin/content/new/:kind: an empty form, today's date. */
export function loadArticleNew(params: { kind?: string }) {
  const kind = params.kind;
  if (!isArticleKind(kind)) throw data("Запись не найдена", { status: 404 });
  return { kind, defaults: { date: russianDay(moscowToday()) } };
}

export type ArticlePreview = { title: string; date: string; description: string; html: string; cover: ArticleEntry["cover"]; pictureNote: boolean };
export type ArticleActionData = { result: SubmissionResult<string[]>; preview?: ArticlePreview; version?: string };

/** Where each import field's message goes on the form ("cover.src" is the picture). */
function fieldErrorsOf(issues: ContentIssue[]): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const fields = new Set(["title", "slug", "date", "description", "video", "cover"]);
  for (const issue of issues) {
    const field = issue.field?.split(".")[0];
    if (field && fields.has(field)) (fieldErrors[field] ??= []).push(issue.message);
    else formErrors.push(issue.field ? formatContentIssue(issue) : issue.message);
  }
  return { fieldErrors, formErrors };
}

/**
 * POST of the article form, new (`key` undefined) or saved: preview renders it as the shop
 * would and saves nothing; save (or on a new item draft/publish) checks it by the import's
 * rules and saves it, the picture stored first and removed again if the save is refused.
 */
export async function handleArticleForm(context: Readonly<RouterContextProvider>, kind: ArticleKind, form: FormData, key?: string) {
  const { db } = context.get(databaseContext);
  // The file input goes to the picture store, not the schema (conform would keep it in its reply).
  const upload = form.get("cover");
  form.delete("cover");
  const submission = parseWithZod(form, { schema: articleFormSchema });
  if (submission.status !== "success") return data<ArticleActionData>({ result: submission.reply() }, { status: 422 });
  const values = submission.value;
  const refuse = (status: number, errors: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }, version?: string) =>
    data<ArticleActionData>({ result: submission.reply(errors), ...(version ? { version } : {}) }, { status });

  const saved = key ? await findContentItem(db, kind, key) : undefined;
  if (key && !saved) throw data("Запись не найдена", { status: 404 });
  const before = saved?.entry as ArticleEntry | undefined;
  const slug = before?.slug ?? values.slug ?? slugFromTitle(values.title);
  if (!slug) return refuse(422, { fieldErrors: { slug: ["В заголовке нет букв для адреса: впишите адрес латиницей"] } });

  let cover = values.removeCover ? null : before?.cover ? { ...before.cover, alt: values.coverAlt || before.cover.alt } : null;
  const file = upload instanceof File && upload.size > 0 ? upload : undefined;
  if (values.intent === "preview") {
    const entry = articleEntryOf(kind, values, cover, before?.legacyId ?? null, slug);
    const preview: ArticlePreview = {
      title: entry.title,
      date: entry.date,
      description: entry.description,
      html: renderMarkdown(entry.body, { publicUrl: getConfig().publicUrl }),
      cover,
      pictureNote: file !== undefined,
    };
    return data<ArticleActionData>({ result: submission.reply(), preview });
  }

  const { images } = getConfig();
  const stored = file
    ? await storeUploadedPicture(new Uint8Array(await file.arrayBuffer()), {
        imagesDir: images.dir,
        maxBytes: images.uploadMaxBytes,
        folder: "content/uploads",
        name: slug,
      })
    : undefined;
  if (stored && !stored.ok) return refuse(422, { fieldErrors: { cover: [stored.reason] } });
  if (stored) cover = { src: stored.src, alt: values.coverAlt || values.title, width: stored.width, height: stored.height };
  const entry = articleEntryOf(kind, values, cover, before?.legacyId ?? null, slug);
  const actor = context.get(staffActorContext);

  const outcome = await (async () => {
    if (key) return saveContentItemAsStaff(db, actor, kind, key, values.version ?? "", formatContentEntry(entry));
    return createContentItemAsStaff(db, actor, entry, values.intent === "publish");
  })().catch(async (error: unknown) => {
    if (stored?.ok) await stored.remove();
    throw error;
  });
  if (!outcome.ok && stored?.ok) await stored.remove();
  if (outcome.ok) {
    const message = key ? "Сохранено." : articleKindNames[kind][values.intent === "publish" ? "published" : "draft"];
    return redirect(contentHref(kind, slug), { status: 303, headers: { "Set-Cookie": await flashHeader({ kind: "success", message }) } });
  }
  switch (outcome.kind) {
    case "missing":
      throw data("Запись не найдена", { status: 404 });
    case "taken":
      return refuse(409, { fieldErrors: { slug: [articleFormTexts.slugTaken(slug)] } });
    case "conflict":
      return refuse(
        409,
        { formErrors: ["Запись только что изменил другой сотрудник. Ваши значения — в полях формы; сверьте их с текущими и сохраните ещё раз."] },
        outcome.version,
      );
    case "invalid":
      return refuse(422, fieldErrorsOf(outcome.issues));
  }
}
