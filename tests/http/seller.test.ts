// The seller's legal details as a buyer without JavaScript and a crawler see them: the footer of
// every page, /contacts and the Organization (Store) JSON-LD carry the configured name, ИНН, ОГРН, address and
// Assay Chamber registration; the built-in demo values say they are demo.
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attribute, attributeOf, findByTestId, jsonLdBlocks, select, textByTestId, textOf } from "#tests/support/html.ts";
import { ShopClient } from "#tests/support/http-client.ts";
import { type Shop, startShop } from "#tests/support/server.ts";

const seller = {
  SELLER_NAME: "ООО «Золотой Телец»",
  SELLER_INN: "7736207543",
  SELLER_OGRN: "1027700229193",
  SELLER_ADDRESS: "119021, г. Москва, ул. Льва Толстого, д. 16",
  // An organisation's КПП, which its invoices print (required for a 10-digit ИНН).
  SELLER_KPP: "770401001",
  ASSAY_REGISTRATION_NUMBER: "77-0012345",
  ASSAY_REGISTER_URL: "https://dmdk.assay.gov.ru/registry/7736207543",
};

/** What a phone's camera reads from the QR code on /contacts. */
async function readQr(dataUri: string): Promise<string | undefined> {
  const svg = decodeURIComponent(dataUri.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));
  const { data, info } = await sharp(Buffer.from(svg)).resize(400, 400).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe("configured seller details", () => {
  let shop: Shop;
  let client: ShopClient;
  beforeAll(async () => {
    shop = await startShop({ env: seller });
    client = new ShopClient(shop.url);
  });
  afterAll(() => shop?.stop());

  it("prints them in the footer of every page, not labelled as demo", async () => {
    for (const page of ["/", "/catalog", "/contacts"]) {
      const footer = textByTestId(await client.html(page), "seller-details") ?? "";
      expect(footer, page).toBe(
        "ООО «Золотой Телец», ИНН 7736207543, ОГРН 1027700229193, 119021, г. Москва, ул. Льва Толстого, д. 16. Спецучёт в Пробирной палате: 77-0012345",
      );
    }
  });

  it("link the registration number to the shop's entry in the Assay Chamber's register, in the footer and on /contacts, whose QR code reads the same", async () => {
    const html = await client.html("/contacts");
    const footerLink = select(html, '[data-testid="seller-details"] a');
    expect(attributeOf(footerLink, "href")).toBe(seller.ASSAY_REGISTER_URL);
    expect(textOf(footerLink)).toBe("77-0012345");
    const [link] = findByTestId(html, "assay-register-link");
    expect(attribute(link!, "href")).toBe(seller.ASSAY_REGISTER_URL);
    const [qr] = findByTestId(html, "assay-register-qr");
    expect(attribute(qr!, "alt")).toBe("QR-код: запись продавца в реестре Пробирной палаты");
    expect(await readQr(attribute(qr!, "src")!)).toBe(seller.ASSAY_REGISTER_URL);
  });

  it("lists them on /contacts and in the Organization data", async () => {
    const html = await client.html("/contacts");
    const requisites = textByTestId(html, "seller-requisites") ?? "";
    for (const [name, value] of Object.entries(seller)) if (name !== "ASSAY_REGISTER_URL" && name !== "SELLER_KPP") expect(requisites).toContain(value);
    expect(html).not.toContain("демонстрационные реквизиты");
    const store = jsonLdBlocks(html).find((block) => block["@type"] === "Store");
    expect(store).toMatchObject({
      legalName: "ООО «Золотой Телец»",
      taxID: "7736207543",
      identifier: [{ "@type": "PropertyValue", propertyID: "ОГРН", value: "1027700229193" }],
    });
    const contact = jsonLdBlocks(html).find((block) => block["@type"] === "ContactPage") as { mainEntity: Record<string, unknown> };
    expect(contact.mainEntity).toMatchObject({ legalName: "ООО «Золотой Телец»", taxID: "7736207543" });
  });
});

describe("the demo seller details", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop?.stop());

  it("are labelled as demo in the footer and on /contacts", async () => {
    const html = await new ShopClient(shop.url).html("/contacts");
    expect(textByTestId(html, "seller-details")).toMatch(/ИНН 7701999993, ОГРН 1027700999996, .*\(демонстрационные реквизиты\)$/);
    expect(html).toContain("Это демонстрационные реквизиты");
    // Until the operator sets the shop's entry, the number and the code lead to the register's search.
    const [qr] = findByTestId(html, "assay-register-qr");
    expect(await readQr(attribute(qr!, "src")!)).toBe("https://dmdk.assay.gov.ru/");
  });
});
