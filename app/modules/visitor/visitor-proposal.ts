/**
 * The visitor id a browser proposes before its first change (docs/decisions/071-the-browser-proposes-the-visitor-id.md).
 * The visitor cookie comes with the answer to a visitor's first POST; two POSTs sent before that
 * answer (a wishlist and a comparison press in one second) would each make a visitor of their own,
 * and the later answer's cookie would leave the other's list behind. With JavaScript, the page
 * writes a proposal first, which every request carries until the server's cookie replaces it.
 */
export const VISITOR_PROPOSAL_COOKIE = "uuid_proposed";
/** Long enough for the first change's answer, short enough to be gone if it never comes. */
export const VISITOR_PROPOSAL_MAX_AGE = 600;

/** A random version 4 uuid from getRandomValues, which (unlike randomUUID) also works outside a secure context. */
function randomVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Writes a proposal unless one is there (another tab's, or this page's earlier press). The
 * browser cannot see the HttpOnly visitor cookie; when there is one, the server ignores the proposal.
 */
export function proposeVisitorId(document: Pick<Document, "cookie">): void {
  if (document.cookie.split(";").some((part) => part.trim().startsWith(`${VISITOR_PROPOSAL_COOKIE}=`))) return;
  document.cookie = `${VISITOR_PROPOSAL_COOKIE}=${randomVisitorId()}; Max-Age=${VISITOR_PROPOSAL_MAX_AGE}; Path=/; Secure; SameSite=Lax`;
}
