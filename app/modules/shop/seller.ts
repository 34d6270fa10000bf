import type { SellerDetails } from "../config/seller.ts";

/** How the pages and messages mark the made-up demo details (config/seller.ts). */
export const DEMO_LABEL = "демонстрационные реквизиты";

/** One line of the seller's details, as the footer, the receipts' e-mails and /contacts print them. */
export function sellerLine(seller: SellerDetails): string {
  const ogrnLabel = seller.ogrn.length === 15 ? "ОГРНИП" : "ОГРН";
  return `${seller.name}, ИНН ${seller.inn}, ${ogrnLabel} ${seller.ogrn}, ${seller.address}. Спецучёт в Пробирной палате: ${seller.assayRegistrationNumber}${seller.demo ? ` (${DEMO_LABEL})` : ""}`;
}
