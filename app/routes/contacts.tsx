import { Fragment } from "react";
import { useOfficeHours } from "#app/ui/frame/office-hours.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { renderMarkdown } from "#app/modules/content/markdown.server.ts";
import { findPage } from "#app/modules/content/pages.server.ts";
import { databaseContext } from "#app/modules/request/context.ts";
import { contactPageJsonLd } from "#app/modules/seo/json-ld.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { shop } from "#app/modules/shop/contacts.ts";
import { registerQrDataUri } from "#app/modules/shop/register-qr.server.ts";
import { ContactsMap } from "#app/ui/content/ContactsMap.tsx";
import { Prose } from "#app/ui/content/Prose.tsx";
import * as css from "#app/ui/content/contacts.css.ts";
import { JsonLd } from "#app/ui/kit/JsonLd.tsx";
import { PageHeader } from "#app/ui/kit/PageHeader.tsx";
import type { Route } from "./+types/contacts";

/**
 * /contacts: the central office in Moscow, phones, hours and e-mail from the shop's
 * constants; the directions from the page's text; a map only with JavaScript and only
 * when YANDEX_MAPS_API_KEY is set.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const page = await findPage(db, "contacts");
  const { publicUrl, yandexMapsApiKey, seller } = getConfig();
  return {
    title: page?.title ?? "Контакты",
    description: page?.description ?? "",
    directionsHtml: renderMarkdown(page?.body ?? "", { publicUrl }),
    mapsApiKey: yandexMapsApiKey ?? null,
    jsonLd: contactPageJsonLd(publicUrl, seller),
    seller,
    registerQr: await registerQrDataUri(seller.assayRegisterUrl),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta({ title: loaderData.title, description: loaderData.description || undefined }) : [];
}

const fullAddress = `${shop.address.postalCode}, ${shop.address.addressLocality}, ${shop.address.streetAddress}`;
const yandexMapsLink = `https://yandex.ru/maps/?pt=${shop.geo.longitude},${shop.geo.latitude}&z=17&l=map`;

export default function Contacts({ loaderData }: Route.ComponentProps) {
  const officeHours = useOfficeHours();
  const { title, directionsHtml, mapsApiKey, jsonLd, seller, registerQr } = loaderData;
  const { main, tollFree } = shop.phones;
  return (
    <>
      <PageHeader title={title} crumbs={[{ name: title, href: "/contacts" }]} />
      <div className={css.layout}>
        <section aria-labelledby="office-heading">
          <h2 id="office-heading" className={css.heading}>
            Центральный офис в Москве
          </h2>
          <div className={css.cards}>
            <div className={css.contactCard}>
              <h3 className={css.cardTitle}>Адрес</h3>
              <address className={`${css.cardValue} ${css.address}`} data-testid="office-address">
                {fullAddress}
              </address>
            </div>
            <div className={css.contactCard}>
              <h3 className={css.cardTitle}>Телефон в Москве</h3>
              <p className={css.cardValue}>
                <a href={`tel:${main.tel}`}>{main.display}</a>
              </p>
            </div>
            <div className={css.contactCard}>
              <h3 className={css.cardTitle}>Бесплатно по России</h3>
              <p className={css.cardValue}>
                <a href={`tel:${tollFree.tel},${tollFree.supportExtension}`}>{tollFree.display}</a>
              </p>
              <p className={css.cardNote}>Служба поддержки — добавочный {tollFree.supportExtension}</p>
            </div>
            <div className={css.contactCard}>
              <h3 className={css.cardTitle}>Часы работы (московское время)</h3>
              <dl className={css.hours} data-testid="contacts-hours">
                {officeHours.rows.map((slot) => (
                  <Fragment key={slot.days}>
                    <dt>{slot.days}</dt>
                    <dd>
                      {slot.opens}–{slot.closes}
                    </dd>
                  </Fragment>
                ))}
                {officeHours.closed.length > 0 ? (
                  <>
                    <dt>{officeHours.closed.join(", ")}</dt>
                    <dd>{officeHours.closed.length === 1 ? "выходной" : "выходные"}</dd>
                  </>
                ) : null}
              </dl>
            </div>
            <div className={css.contactCard}>
              <h3 className={css.cardTitle}>Электронная почта</h3>
              <p className={css.cardValue}>
                <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </p>
            </div>
            <div className={css.contactCard}>
              <h3 className={css.cardTitle}>Мессенджеры</h3>
              <p className={css.cardValue}>
                {shop.messengers.map((messenger, index) => (
                  <span key={messenger.name}>
                    {index > 0 ? ", " : null}
                    <a href={messenger.href} target="_blank" rel="noopener">
                      {messenger.name}
                    </a>
                  </span>
                ))}
              </p>
            </div>
          </div>
        </section>
        <section aria-labelledby="directions-heading">
          <h2 id="directions-heading" className={css.heading}>
            Как добраться
          </h2>
          {mapsApiKey ? (
            <ContactsMap apiKey={mapsApiKey} coords={[shop.geo.latitude, shop.geo.longitude]} caption={`${shop.name}: ${shop.address.streetAddress}`} />
          ) : null}
          <p className={css.mapLink}>
            <a href={yandexMapsLink} target="_blank" rel="noopener">
              Открыть адрес на Яндекс Картах
            </a>
          </p>
          <Prose html={directionsHtml} />
        </section>
        <section aria-labelledby="seller-heading">
          <h2 id="seller-heading" className={css.heading}>
            Реквизиты продавца
          </h2>
          <dl className={css.hours} data-testid="seller-requisites">
            <dt>Продавец</dt>
            <dd>{seller.name}</dd>
            <dt>ИНН</dt>
            <dd>{seller.inn}</dd>
            <dt>{seller.ogrn.length === 15 ? "ОГРНИП" : "ОГРН"}</dt>
            <dd>{seller.ogrn}</dd>
            <dt>Юридический адрес</dt>
            <dd>{seller.address}</dd>
            <dt>Специальный учёт в Пробирной палате</dt>
            <dd>
              <a href={seller.assayRegisterUrl} data-testid="assay-register-link">
                {seller.assayRegistrationNumber}
              </a>
            </dd>
          </dl>
          <figure className={css.registerQr}>
            <img src={registerQr} width={144} height={144} alt="QR-код: запись продавца в реестре Пробирной палаты" data-testid="assay-register-qr" />
            <figcaption className={css.cardNote}>
              Наведите камеру телефона на код, чтобы проверить продавца в реестре Пробирной палаты, или откройте{" "}
              <a href={seller.assayRegisterUrl}>запись в реестре</a>.
            </figcaption>
          </figure>
          {seller.demo ? <p className={css.cardNote}>Это демонстрационные реквизиты: магазин ещё не настроен (SELLER_* в настройках).</p> : null}
        </section>
      </div>
      <JsonLd data={jsonLd} />
    </>
  );
}
