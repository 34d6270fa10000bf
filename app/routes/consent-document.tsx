import { getConfig } from "#app/modules/config/config.server.ts";
import { consentDocument } from "#app/modules/consents/consents.server.ts";
import { consentDocumentHref } from "#app/modules/shop/contacts.ts";
import { formatDay } from "#app/modules/content/dates.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { Prose } from "#app/ui/content/Prose.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import { checksum } from "./consent-document.css.ts";
import type { Route } from "./+types/consent-document";

/**
 * The consent to the processing of personal data: a document of its own (152-FZ from 1 September
 * 2025), a content page the operator edits like any other, shown with its edition and the
 * checksum every consent given on the site refers to.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const document = await consentDocument(context.get(databaseContext).db);
  return { title: document.title, version: document.version, hash: document.hash, html: renderMarkdown(document.body, { publicUrl: getConfig().publicUrl }) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => (loaderData ? pageMeta({ title: loaderData.title }) : []);

export default function ConsentDocumentPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.title} crumbs={[{ name: loaderData.title, href: consentDocumentHref }]}>
        <p data-testid="consent-edition">
          Редакция от {formatDay(loaderData.version)} · контрольная сумма SHA-256: <code className={checksum}>{loaderData.hash}</code>
        </p>
      </PageHeader>
      <Prose html={loaderData.html} />
    </>
  );
}
