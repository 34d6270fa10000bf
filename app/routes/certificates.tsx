import { getConfig } from "#app/modules/config/config.server.ts";
import { ipxUrl } from "#app/modules/images/image-url.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { findPage } from "#app/modules/content/pages.server.ts";
import { listCertificates } from "#app/modules/content/partners.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { Prose } from "#app/ui/content/Prose.tsx";
import * as css from "#app/ui/content/showcase.css.ts";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/certificates";

/** /certificates: the shop's documents, each a picture (a larger one on click) with its caption. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { publicUrl } = getConfig();
  const [page, rows] = await Promise.all([findPage(db, "certificates"), listCertificates(db)]);
  return {
    title: page?.title ?? "Сертификаты",
    description: page?.description ?? "",
    introHtml: renderMarkdown(page?.body ?? "", { publicUrl }),
    certificates: rows.map((row) => ({
      slug: row.slug,
      title: row.title,
      image: row.image,
      fullHref: ipxUrl(row.image.src, { width: 1600, intrinsicWidth: row.image.width }),
      html: renderMarkdown(row.body, { publicUrl }),
    })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta({ title: loaderData.title, description: loaderData.description || undefined }) : [];
}

export default function Certificates({ loaderData }: Route.ComponentProps) {
  const { title, introHtml, certificates } = loaderData;
  return (
    <>
      <PageHeader title={title} crumbs={[{ name: title, href: "/certificates" }]} />
      <Prose html={introHtml} className={css.intro} />
      <ul className={css.certificateGrid}>
        {certificates.map((certificate, index) => (
          <li key={certificate.slug}>
            <figure className={css.certificate} data-testid="certificate">
              <a href={certificate.fullHref} className={css.certificateImage}>
                <CoinImage image={certificate.image} sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw" priority={index < 2} />
              </a>
              <figcaption className={css.certificateCaption}>
                <p className={css.certificateTitle}>{certificate.title}</p>
                <Prose html={certificate.html} />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </>
  );
}
