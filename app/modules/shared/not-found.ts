import { data } from "react-router";

/** Spec section 8: an unmatched route is a 404 with 'Page not found: {path}'. */
export function pageNotFound(pathname: string): never {
  throw data(`Page not found: ${pathname}`, { status: 404 });
}

/** Spec section 5: a page whose parameters fail validation is 'Page Not Found: {path}'. */
export function invalidPage(pathname: string): never {
  throw data(`Page Not Found: ${pathname}`, { status: 404 });
}

/**
 * A page number from the URL (/…/page/{n}): a whole number from 2 up, written without
 * leading zeros; page 1 lives at the list's own address. Anything else fails validation.
 */
export function parsePageNumber(value: string | undefined, pathname: string): number {
  if (value === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value) || value === "1") invalidPage(pathname);
  return Number(value);
}
