import { clearCookieHeader, cookieHeader, readCookie } from "../shared/cookies.ts";
import { VISITOR_PROPOSAL_COOKIE } from "./visitor-proposal.ts";

/**
 * The visitor cookie of spec sections 3 and 9: a random uuid kept one year,
 * Secure, HttpOnly and SameSite=Lax. Anonymous lists belong to it.
 */
export const VISITOR_COOKIE = "uuid";
export const VISITOR_COOKIE_MAX_AGE = 31_536_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The visitor id carried by the request, or undefined when it is missing or malformed. */
export function readVisitorId(request: Request): string | undefined {
  return readUuid(request, VISITOR_COOKIE);
}

/** The id the browser proposed for a visitor without a cookie (visitor-proposal.ts), when well formed. */
export function readProposedVisitorId(request: Request): string | undefined {
  return readUuid(request, VISITOR_PROPOSAL_COOKIE);
}

function readUuid(request: Request, cookie: string): string | undefined {
  const value = readCookie(request.headers.get("Cookie"), cookie)?.toLowerCase();
  return value && uuidPattern.test(value) ? value : undefined;
}

export function visitorCookieHeader(visitorId: string): string {
  return cookieHeader(VISITOR_COOKIE, visitorId, { maxAge: VISITOR_COOKIE_MAX_AGE });
}

/** Deletes the proposal once the visitor cookie carries its id. */
export function clearVisitorProposalHeader(): string {
  return clearCookieHeader(VISITOR_PROPOSAL_COOKIE);
}
