import { getConfig } from "#app/modules/config/config.server.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { findPage } from "#app/modules/content/pages.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { pageNotFound } from "#app/modules/shared/not-found.ts";
import { returnTermsParagraphs } from "#app/modules/shop/return-terms.ts";
import { Prose } from "#app/ui/content/Prose.tsx";
import { prose, proseLead } from "#app/ui/content/content.css.ts";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/page";

/** The shop's info pages (/about, /delivery…) and the generic /{route} pages, from the database. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  // `url`, not `request.url`: React Router 8 passes data requests raw (/about.data).
  const { pathname } = url;
  const page = await findPage(db, pathname.replace(/^\/+|\/+$/g, ""));
  if (!page) pageNotFound(pathname);
  const config = getConfig();
  return {
    title: page.title,
    description: page.description,
    path: pathname,
    html: renderMarkdown(page.body, { publicUrl: config.publicUrl }),
    // /return states the terms from the settings (period, address, whether returns are taken), whatever its text says.
    returnTerms: page.path === "return" ? returnTermsParagraphs(config.returns) : null,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta({ title: loaderData.title, description: loaderData.description || undefined }) : [];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.title} crumbs={[{ name: loaderData.title, href: loaderData.path }]} />
      {loaderData.returnTerms ? (
        <section data-testid="return-terms" aria-labelledby="return-terms-title" className={`${prose} ${proseLead}`}>
          <h2 id="return-terms-title">Возврат монет, купленных на сайте</h2>
          {loaderData.returnTerms.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ) : null}
      <Prose html={loaderData.html} />
    </>
  );
}
