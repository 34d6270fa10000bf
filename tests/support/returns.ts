// What the return suites share: buyers signed in once per phone, and a staff step posted on a
// return's page with the version it shows (JavaScript off: a redirect with a notice).
import { expect } from "vitest";
import { signIn } from "./buyer.ts";
import { inputValue, textByTestId } from "./html.ts";
import type { ShopClient } from "./http-client.ts";
import type { ShopFixture } from "./shop-fixture.ts";

const spaces = (text: string | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** A signed-in client per buyer's phone, made on first use. */
export function buyerSessions(fixture: ShopFixture): (order: { phone: string }) => Promise<ShopClient> {
  const buyers = new Map<string, ShopClient>();
  return async (order) => {
    const known = buyers.get(order.phone);
    if (known) return known;
    const client = fixture.client();
    await client.get("/");
    await signIn(client, fixture.smsOutbox, order.phone);
    buyers.set(order.phone, client);
    return client;
  };
}

/** Posts a staff step on the request's page with the version it shows; answers the notice it lands on. */
export async function postReturnStep(client: ShopClient, id: number, fields: Record<string, string>): Promise<string> {
  const href = `/admin/returns/${id}`;
  const version = inputValue(await client.html(href), "version")!;
  const posted = await client.postForm(href, { version, ...fields });
  expect([posted.status, posted.headers.get("location")]).toEqual([303, href]);
  return spaces(textByTestId(await client.html(href), "flash"));
}
