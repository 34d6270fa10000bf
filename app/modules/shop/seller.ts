import type { SellerDetails } from "../config/seller.ts";

/** How the pages and messages mark the made-up demo details (config/seller.ts). */
export const DEMO_LABEL = "демонстрационные реквизиты";

/**
 * The seller's details as one line in three parts: the text before the Assay Chamber registration number, the
 * number (a link to the register on pages), and what follows it.
 */
export function sellerLineParts(seller: SellerDetails): { before: string; number: string; after: string } {
  const ogrnLabel = seller.ogrn.length === 15 ? "ОГРНИП" : "ОГРН";
  return {
    before: `${seller.name}, ИНН ${seller.inn}, ${ogrnLabel} ${seller.ogrn}, ${seller.address}. Спецучёт в Пробирной палате: `,
    number: seller.assayRegistrationNumber,
    after: seller.demo ? ` (${DEMO_LABEL})` : "",
  };
}

/** One line of the seller's details, as the receipts' e-mails print them. */
export function sellerLine(seller: SellerDetails): string {
  const { before, number, after } = sellerLineParts(seller);
  return before + number + after;
}
