import { Link } from "react-router";
import { articleKindNames } from "#app/modules/content/article-form.ts";
import { handleArticleForm, loadArticleNew } from "#app/modules/admin/content-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import { readFormBody } from "#app/modules/shared/form-body.server.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { ArticleForm } from "#app/ui/admin/ArticleForm.tsx";
import type { Route } from "./+types/content-new";

export const meta = ({ loaderData }: Route.MetaArgs) => adminMeta(loaderData ? articleKindNames[loaderData.kind].add : "Тексты сайта");

export function loader({ params }: Route.LoaderArgs) {
  return loadArticleNew(params);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { kind } = loadArticleNew(params);
  return handleArticleForm(context, kind, await readFormBody(request));
}

/** A new news item, case or training article: the fields, a preview, saved as a draft or published. */
export default function AdminContentNew({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, defaults } = loaderData;
  return (
    <>
      <h1 className={css.title}>{articleKindNames[kind].add}</h1>
      <p className={css.muted}>
        <Link to="/admin/content">все тексты</Link>
      </p>
      <ArticleForm defaults={defaults} cover={null} lastResult={actionData?.result} preview={actionData?.preview} />
    </>
  );
}
