import { getDatabase } from "../db/database.server.ts";
import { mayOpen } from "./access.ts";
import { readStaffSessionToken, staffBySessionToken } from "./sessions.server.ts";

/**
 * Whether a post to the back office's catalogue or content pages may bring a body up to
 * ADMIN_UPLOAD_MAX_KB: only from a live staff session whose role may open that page. The server
 * (server/page-request.ts) asks before it reads the body, so nobody else can make the shop hold megabytes (everyone
 * else gets the usual 64 KB, and then the sign-in page or 403 from the middleware).
 */
export async function mayPostUpload(request: Request, page: "/admin/catalog" | "/admin/content"): Promise<boolean> {
  const token = readStaffSessionToken(request);
  if (!token) return false;
  const member = await staffBySessionToken((await getDatabase()).db, token);
  return member !== undefined && mayOpen(page, member.role);
}
