import { data, redirect, type MiddlewareFunction } from "react-router";
import { clientIp } from "../request/client-ip.server.ts";
import { databaseContext } from "../request/context.ts";
import { accessTexts, mayOpen } from "./access.ts";
import { staffActorContext, staffContext } from "./context.ts";
import { clearStaffSessionCookieHeader, readStaffSessionToken, staffBySessionToken } from "./sessions.server.ts";

/** Back-office answers are never indexed, whatever page or error they are. */
export const noindexMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

/**
 * The /admin layout's door: a live staff session (the buyers' session counts for nothing
 * here), else the sign-in page; then the role against the page's row in adminRouteRoles,
 * else 403 with a Russian page. Checked once here, not per route.
 */
export const staffAccessMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const token = readStaffSessionToken(request);
  const member = token ? await staffBySessionToken(context.get(databaseContext).db, token) : undefined;
  if (!member) {
    const headers = new Headers();
    if (token) headers.append("Set-Cookie", clearStaffSessionCookieHeader());
    throw redirect("/admin/login", { status: 303, headers });
  }
  if (!mayOpen(pattern, member.role)) throw data(accessTexts.forbiddenTitle, { status: 403 });
  context.set(staffContext, member);
  context.set(staffActorContext, { staffId: member.id, phone: member.phone, role: member.role, ip: clientIp(request) });
  return next();
};
