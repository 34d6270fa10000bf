// A member of staff for HTTP suites: added at the terminal before the shop starts, then signed
// in at /admin/login by the SMS code from the file outbox, as plain forms.
import { expect } from "vitest";
import { runCommand } from "./commands.ts";
import { type ClientResponse, ShopClient } from "./http-client.ts";
import { waitForSmsCode } from "./sms-outbox.ts";

/** `npm run staff -- add PHONE ROLE NAME` against the database of `env`. */
export async function addStaffByCommand(env: Record<string, string>, phone: string, role: string, name: string): Promise<void> {
  const added = await runCommand("scripts/staff.ts", ["add", phone, role, name], env);
  expect(added.stderr).toBe("");
  expect(added.code).toBe(0);
}

/** Signs in at /admin/login as plain forms; the client lands on the dashboard. */
export async function signedInStaff(
  shopUrl: string,
  smsOutbox: string,
  phone: { typed: string; normal: string },
  onSignedIn?: (response: ClientResponse) => void,
): Promise<ShopClient> {
  const client = new ShopClient(shopUrl);
  const since = new Date();
  const sent = await client.postForm("/admin/login", { intent: "send", phone: phone.typed });
  expect([sent.status, sent.headers.get("location")]).toEqual([303, "/admin/login"]);
  const code = await waitForSmsCode(smsOutbox, phone.normal, { after: since });
  const verified = await client.postForm("/admin/login", { intent: "verify", code });
  expect([verified.status, verified.headers.get("location")]).toEqual([303, "/admin"]);
  onSignedIn?.(verified);
  return client;
}
