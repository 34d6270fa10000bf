import { Link } from "react-router";
import { contentKindLabels } from "#app/modules/content/staff-keys.ts";
import { handleContentEditor, loadContentEditor } from "#app/modules/admin/content-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { AdminAuditSection, AdminEditField, AdminEditForm, AdminEditFrame, AdminSaveButton } from "#app/ui/admin/AdminEditFrame.tsx";
import { ArticleForm } from "#app/ui/admin/ArticleForm.tsx";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/content-item";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? `${loaderData.key.replaceAll("--", "/")} · тексты` : "Тексты сайта");

export function loader({ params, context }: Route.LoaderArgs) {
  return loadContentEditor(context, params);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return handleContentEditor(request, context, params);
}

const auditLabels: Record<string, string> = {
  "content.create": "добавлено",
  "content.edit": "текст изменён",
  "content.publish": "опубликовано",
  "content.unpublish": "снято с публикации",
};

export default function AdminContentItem({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, key, source, published, version, storefront, audit, fields } = loaderData;
  // The article form answers with conform's result; the file editor with its message and issues.
  const articleData = actionData && "result" in actionData ? actionData : undefined;
  const fileData = actionData && !("result" in actionData) ? actionData : undefined;
  const currentVersion = actionData?.version ?? version;
  return (
    <AdminEditFrame
      title={`${contentKindLabels[kind]}: ${key.replaceAll("--", "/")}`}
      state={published ? "опубликовано" : "скрыто"}
      stateTestId="content-state"
      links={
        <>
          {published ? <Link to={storefront}>в магазине</Link> : "в магазине не видно"} · <Link to="/admin/content">все тексты</Link>
        </>
      }
      notice={
        <>
          {fileData?.message ? (
            <div role="alert" data-testid="content-errors">
              <p className={css.warning}>{fileData.message}</p>
              {fileData.issues.length > 0 ? (
                <ul className={css.list}>
                  {fileData.issues.map((issue, index) => (
                    <li key={index}>{issue}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {fileData?.preview !== undefined ? (
            <section className={css.preview} data-testid="content-preview">
              <h2 className={css.sectionTitle}>Предпросмотр (не сохранено)</h2>
              <div dangerouslySetInnerHTML={{ __html: fileData.preview }} />
            </section>
          ) : null}
        </>
      }
      aside={
        <>
          <section className={css.section}>
            <h2 className={css.sectionTitle}>Публикация</h2>
            <AdminEditForm version={currentVersion} className={css.actionForm}>
              {published ? (
                <button type="submit" name="intent" value="unpublish" className={css.dangerButton}>
                  Снять с публикации
                </button>
              ) : (
                <button type="submit" name="intent" value="publish" className={button}>
                  Опубликовать
                </button>
              )}
            </AdminEditForm>
          </section>
          <AdminAuditSection rows={audit} testId="content-audit" describe={(row) => auditLabels[row.action] ?? row.action} />
        </>
      }
    >
      {fields ? (
        <div>
          <ArticleForm
            defaults={fields.defaults}
            cover={fields.cover}
            version={currentVersion}
            lastResult={articleData?.result}
            preview={articleData?.preview}
          />
        </div>
      ) : (
        <AdminEditForm version={currentVersion} className={css.section}>
          <AdminEditField label="Файл записи: поля между строками «---», ниже текст в Markdown">
            <textarea name="source" rows={24} defaultValue={fileData?.source ?? source} key={fileData?.source ?? source} className={css.textarea} spellCheck />
          </AdminEditField>
          <p className={css.filters}>
            <button type="submit" name="intent" value="preview" className={button}>
              Предпросмотр
            </button>
            <AdminSaveButton />
          </p>
        </AdminEditForm>
      )}
    </AdminEditFrame>
  );
}
