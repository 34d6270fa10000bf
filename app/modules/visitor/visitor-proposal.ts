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

/**
 * Writes a proposal unless one is there (another tab's, or this page's earlier press). The
 * browser cannot see the HttpOnly visitor cookie; when there is one, the server ignores the proposal.
 * Outside a secure context there is no randomUUID, and a Secure cookie would not be kept either.
 * The name is looked for by hand: shared/cookies.ts's parser would add 0.3 KB to every page's entry.
 */
export function proposeVisitorId(document: Pick<Document, "cookie">): void {
  if (typeof crypto.randomUUID !== "function") return;
  if (document.cookie.split(";").some((part) => part.trim().startsWith(`${VISITOR_PROPOSAL_COOKIE}=`))) return;
  document.cookie = `${VISITOR_PROPOSAL_COOKIE}=${crypto.randomUUID()}; Max-Age=${VISITOR_PROPOSAL_MAX_AGE}; Path=/; Secure; SameSite=Lax`;
}
