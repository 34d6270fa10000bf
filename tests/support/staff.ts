// A member of staff for HTTP suites: added before the shop starts, then signed in at
// /admin/login by the SMS code from the file outbox, as plain forms.
import { expect } from "vitest";
import { cliActor } from "#app/modules/audit/audit.server.ts";
import { addStaff } from "#app/modules/staff/staff.server.ts";
import { type ClientResponse, ShopClient } from "./http-client.ts";
import type { ShopDatabase } from "./shop-database.ts";
import { waitForSmsCode } from "./sms-outbox.ts";

export type StaffToAdd = { phone: string; role: string; name: string };

/**
 * Adds members of staff to a suite's database before its shop starts, by what `npm run staff -- add`
 * does (the same function, the same audit rows), in the suite's own process: a command's Node
 * process costs about a second on the embedded database. The command itself is run by
 * admin.test.ts, admin-people.test.ts and receipts.test.ts.
 */
export async function addStaffMembers(database: ShopDatabase, members: StaffToAdd[]): Promise<void> {
  await database.use(async ({ db }) => {
    for (const member of members) {
      const added = await addStaff(db, member, cliActor);
      expect(added.ok ? "" : added.reason).toBe("");
    }
  });
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
