import { DEFAULT_OFFICE_HOURS, type HoursRow, officeHoursRows } from "../config/office-hours.ts";
import { shop } from "../shop/contacts.ts";
import type { SellerDetails } from "../config/seller.ts";
import type { Crumb } from "../shared/crumb.ts";

/** The seller as an organisation: its legal name, ИНН and ОГРН. */
function sellerJsonLd(seller: SellerDetails | undefined) {
  if (!seller) return { legalName: shop.legalName };
  return {
    legalName: seller.name,
    taxID: seller.inn,
    identifier: [{ "@type": "PropertyValue", propertyID: seller.ogrn.length === 15 ? "ОГРНИП" : "ОГРН", value: seller.ogrn }],
  };
}

/** The Store (a LocalBusiness, so an Organization) with the contacts of spec section 9 and the seller's details, for the whole site. */
/** `hours`: the office's hours as staff set them; the spec's when not given. */
export function storeJsonLd(publicUrl: string, seller?: SellerDetails, hours: HoursRow[] = officeHoursRows(DEFAULT_OFFICE_HOURS)) {
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    "@id": `${publicUrl}/#store`,
    name: shop.name,
    ...sellerJsonLd(seller),
    description: shop.tagline,
    url: `${publicUrl}/`,
    logo: `${publicUrl}/logo.svg`,
    image: `${publicUrl}/logo.svg`,
    email: shop.email,
    telephone: shop.phones.main.tel,
    priceRange: "₽₽₽",
    currenciesAccepted: "RUB",
    paymentAccepted: "Мир, Visa, Mastercard, СБП",
    address: { "@type": "PostalAddress", ...shop.address },
    contactPoint: [
      { "@type": "ContactPoint", telephone: shop.phones.main.tel, contactType: "customer service", areaServed: "RU", availableLanguage: "Russian" },
      {
        "@type": "ContactPoint",
        telephone: `${shop.phones.tollFree.tel};ext=${shop.phones.tollFree.supportExtension}`,
        contactType: "customer support",
        contactOption: "TollFree",
        areaServed: "RU",
        availableLanguage: "Russian",
      },
    ],
    openingHoursSpecification: hours.map((slot) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: slot.schemaDays,
      opens: slot.opens,
      closes: slot.closes,
    })),
  };
}

export function breadcrumbsJsonLd(publicUrl: string, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${publicUrl}${crumb.href}`,
    })),
  };
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in values. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/**
 * /contacts: a ContactPage about the shop as a LocalBusiness (the same node as the Store of
 * every page, by its @id), with the office's position and both phones with extension 107.
 */
export function contactPageJsonLd(publicUrl: string, seller?: SellerDetails) {
  const store = storeJsonLd(publicUrl, seller);
  return {
    "@context": "https://schema.org",
    "@type": "ContactPage",
    url: `${publicUrl}/contacts`,
    name: "Контакты",
    inLanguage: "ru",
    mainEntity: {
      "@type": "LocalBusiness",
      "@id": store["@id"],
      name: store.name,
      ...sellerJsonLd(seller),
      url: store.url,
      image: store.image,
      email: store.email,
      telephone: store.telephone,
      priceRange: store.priceRange,
      address: store.address,
      geo: { "@type": "GeoCoordinates", latitude: shop.geo.latitude, longitude: shop.geo.longitude },
      hasMap: `https://yandex.ru/maps/?pt=${shop.geo.longitude},${shop.geo.latitude}&z=17&l=map`,
      contactPoint: store.contactPoint,
      openingHoursSpecification: store.openingHoursSpecification,
    },
  };
}
