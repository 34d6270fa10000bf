/**
 * The shop's published contacts (spec section 9). Shown in the frame, on /contacts
 * and in the Store JSON-LD; kept here once.
 */
export const shop = {
  name: "Аурум",
  legalName: "ООО «Аурум Монеты»",
  tagline: "Инвестиционные и памятные монеты из золота и серебра",
  email: "info@aurum-coins.ru",
  city: "Москва",
  address: {
    streetAddress: "ул. Мясницкая, д. 24/7, стр. 1, офис 107",
    addressLocality: "Москва",
    postalCode: "101000",
    addressCountry: "RU",
  },
  /** The office on the map (WGS 84): for the contacts map and structured data. */
  geo: { latitude: 55.76395, longitude: 37.636 },
  phones: {
    /** The main Moscow number. */
    main: { display: "+7 (495) 269-69-99", tel: "+74952696999" },
    /** Free calls from anywhere in Russia; support is extension 107. */
    tollFree: { display: "+7 (800) 500-29-72", tel: "+78005002972", supportExtension: "107" },
  },
  // Office hours are a setting staff change (/admin/pickup, OFFICE_HOURS): pickup/office-hours.server.ts.
  foundingYear: 2000,
  messengers: [
    { name: "Telegram", href: "https://t.me/aurum_coins" },
    { name: "WhatsApp", href: "https://wa.me/74952696999" },
  ],
  /** The two third-party review ratings shown in the header (spec section 1). */
  ratings: [
    { site: "Авито", value: "5,0", href: "https://www.avito.ru/" },
    { site: "Яндекс", value: "4,9", href: "https://yandex.ru/maps/" },
  ],
} as const;

/** The consent to the processing of personal data (152-FZ): a content page, docs/decisions/004-content-as-markdown.md. */
export const CONSENT_DOCUMENT_PATH = "personal-data-consent";
export const consentDocumentHref = `/${CONSENT_DOCUMENT_PATH}`;

export const privacyPolicyHref = "/docs/privacy.pdf";
/** The policy as a page of the site (names Yandex Metrica and Yandex Maps; the PDF is its printable copy). */
export const privacyPolicyPagePath = "/privacy";
