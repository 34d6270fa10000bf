import { Link } from "react-router";
import { articleKindNames, isArticleKind } from "#app/modules/content/article-form.ts";
import { contentHref, contentKindLabels, contentKinds } from "#app/modules/content/staff-keys.ts";
import { formatDateTime } from "#app/modules/shared/format.ts";
import { loadContentList } from "#app/modules/admin/content-page.server.ts";
import { adminMeta } from "#app/modules/admin/meta.ts";
import * as css from "#app/ui/admin/admin.css.ts";
import { button } from "#app/ui/kit/kit.css.ts";
import type { Route } from "./+types/content";

export const meta = () => adminMeta("Тексты сайта");

export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await loadContentList(context)), kinds: contentKinds.map((kind) => ({ kind, label: contentKindLabels[kind] })) };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { items, kinds } = loaderData;
  return (
    <>
      <h1 className={css.title}>Тексты сайта</h1>
      <p className={css.muted}>
        Новости, кейсы и статьи обучения добавляются и правятся формой; остальные записи — как файл Markdown с блоком полей (формат npm run content), новые
        такие записи добавляет npm run content -- import. <Link to="/admin/catalog">Каталог монет</Link>
      </p>
      {kinds.map(({ kind, label }) => {
        const ofKind = items.filter((item) => item.kind === kind);
        return (
          <section key={kind} className={css.section} data-testid={`content-${kind}`}>
            <h2 className={css.sectionTitle}>
              {label} <span className={css.muted}>({ofKind.length})</span>
            </h2>
            {isArticleKind(kind) ? (
              <p>
                <Link to={`/admin/content/new/${kind}`} className={button}>
                  {articleKindNames[kind].link}
                </Link>
              </p>
            ) : null}
            {ofKind.length === 0 ? <p className={css.muted}>Нет</p> : null}
            <ul className={css.list}>
              {ofKind.map((item) => (
                <li key={item.key}>
                  <Link to={contentHref(kind, item.key)}>{item.title}</Link> <span className={css.muted}>{item.key.replaceAll("--", "/")}</span>
                  {item.published ? null : <span className={css.warning}> · скрыто</span>}
                  <span className={css.muted}> · {formatDateTime(item.updatedAt)}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
