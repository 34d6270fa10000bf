import { getConfig } from "#app/modules/config/config.server.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { findPage } from "#app/modules/content/pages.server.ts";
import { groupPartners, listPartners } from "#app/modules/content/partners.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { Prose } from "#app/ui/content/Prose.tsx";
import * as css from "#app/ui/content/showcase.css.ts";
import { CoinImage } from "#app/ui/kit/CoinImage.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { FrameHandle } from "#app/modules/shop/frame-options.ts";
import type { Route } from "./+types/partners";

/** /partners (the named route 'partners': the frame hides the free-delivery banner here). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const { publicUrl } = getConfig();
  const [page, rows] = await Promise.all([findPage(db, "partners"), listPartners(db)]);
  const partners = rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    category: row.category,
    url: row.url,
    logo: row.logo,
    html: renderMarkdown(row.body, { publicUrl }),
  }));
  return {
    title: page?.title ?? "Партнёры",
    description: page?.description ?? "",
    introHtml: renderMarkdown(page?.body ?? "", { publicUrl }),
    groups: groupPartners(partners),
  };
}

/** Spec section 2: no free-delivery banner on the partners page. */
export const handle = { frame: { hideDeliveryBanner: true } } satisfies FrameHandle;

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta({ title: loaderData.title, description: loaderData.description || undefined }) : [];
}

/** "СДЭК", "ММД" from "Московский монетный двор (ММД)", "ЮK" from "ЮKassa". */
function monogram(name: string): string {
  const short = /\(([^)\s]{2,5})\)/.exec(name)?.[1];
  if (short) return short;
  const first = name.split(/\s+/)[0] ?? name;
  return first.length <= 4 ? first : first.slice(0, 2);
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { title, introHtml, groups } = loaderData;
  return (
    <>
      <PageHeader title={title} crumbs={[{ name: title, href: "/partners" }]} />
      <Prose html={introHtml} />
      {groups.map((group) => (
        <section key={group.category} aria-label={group.category}>
          <h2 className={css.groupHeading}>{group.category}</h2>
          <ul className={css.partnerGrid}>
            {group.partners.map((partner) => (
              <li key={partner.slug} className={css.partner} data-testid="partner">
                {partner.logo ? (
                  <CoinImage image={partner.logo} alt="" width={56} className={css.logo} />
                ) : (
                  <span className={css.monogram} aria-hidden="true">
                    {monogram(partner.name)}
                  </span>
                )}
                <div>
                  <h3 className={css.partnerName}>{partner.name}</h3>
                  <Prose html={partner.html} />
                  {partner.url ? (
                    <p className={css.partnerLink}>
                      <a href={partner.url} target="_blank" rel="noopener">
                        {new URL(partner.url).hostname.replace(/^www\./, "")}
                      </a>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
