import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { checkoutDrafts, type User } from "../db/schema.ts";
import { applyProfileDelivery } from "../delivery/rules.ts";
import type { ListOwner } from "../lists/lists.server.ts";
import { formatPhone } from "../phone/phone.ts";
import { readDraft } from "./draft-form.server.ts";
import { type CheckoutDraft, emptyDraft } from "./draft.ts";

/** The one-time checkout token of the next order (see orders.checkout_token). */
export const newCheckoutToken = () => randomBytes(18).toString("base64url");

export type StoredDraft = { draft: CheckoutDraft; token: string };
/** A stored draft and when it last changed (the page re-reads its fields when this moves). */
export type LoadedDraft = StoredDraft & { revision: string };

type BuyProfile = {
  userinfo?: { street?: string; house?: string; flat?: string; entrance?: string; floor?: string; usercomment?: string; select_dlv_service?: number | string };
  pvzinfo?: { id?: string };
  locinfo?: { name?: string; code?: string };
};

/** The pickup point or locker of the buyer's last order (saved with it), if it went to one. */
export function lastOrderPoint(user: User | null): string | null {
  const code = (user?.buyProfile as BuyProfile | undefined)?.pvzinfo?.id;
  return typeof code === "string" ? code : null;
}

/** A first draft for a signed-in buyer: the contacts, city, delivery and address saved with their last order. */
export function draftFromProfile(user: User): CheckoutDraft {
  const draft = emptyDraft();
  draft.contact = { name: user.name, lastName: user.lastName, secondName: user.secondName, email: user.email, phone: formatPhone(user.phone) };
  const profile = user.buyProfile as BuyProfile;
  if (profile.locinfo?.code && /^\d{10}$/.test(profile.locinfo.code)) {
    draft.city = { code: profile.locinfo.code, name: profile.locinfo.name ?? profile.locinfo.code, fullName: profile.locinfo.name ?? profile.locinfo.code };
  }
  const info = profile.userinfo ?? {};
  draft.address = {
    street: info.street ?? "",
    house: info.house ?? "",
    room: info.flat ?? "",
    entrance: info.entrance ?? "",
    floor: info.floor ?? "",
    message: info.usercomment ?? "",
  };
  draft.delivery = applyProfileDelivery(draft.delivery, info.select_dlv_service);
  draft.pointCode = lastOrderPoint(user);
  return draft;
}

/** The owner's draft; a first visit gets one (from the profile when signed in), not yet stored. */
export async function loadDraft(db: Database, owner: ListOwner, user: User | null): Promise<LoadedDraft> {
  const [row] = await db.select().from(checkoutDrafts).where(eq(checkoutDrafts.owner, owner)).limit(1);
  if (row) {
    const draft = readDraft(row.data);
    // Signed in after filling the form anonymously: the verified account fills what is still empty.
    if (user) {
      const fromProfile = draftFromProfile(user).contact;
      for (const key of Object.keys(draft.contact) as (keyof typeof draft.contact)[]) draft.contact[key] ||= fromProfile[key];
    }
    return { draft, token: row.token, revision: row.updatedAt.toISOString() };
  }
  return { draft: user ? draftFromProfile(user) : emptyDraft(), token: newCheckoutToken(), revision: "new" };
}

export async function saveDraft(db: Database, owner: ListOwner, stored: StoredDraft): Promise<void> {
  await db
    .insert(checkoutDrafts)
    .values({ owner, token: stored.token, data: stored.draft, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: checkoutDrafts.owner, set: { token: stored.token, data: stored.draft, updatedAt: sql`now()` } });
}

/** On sign-in the visitor's draft becomes the user's (it is the newer intent); the visitor keeps none. */
export async function moveDraft(db: Database, from: ListOwner, to: ListOwner): Promise<void> {
  if (from === to) return;
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(checkoutDrafts).where(eq(checkoutDrafts.owner, from)).returning();
    if (!row) return;
    await tx
      .insert(checkoutDrafts)
      .values({ owner: to, token: row.token, data: row.data, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: checkoutDrafts.owner, set: { token: row.token, data: row.data, updatedAt: sql`now()` } });
  });
}

/** Logout clears the checkout user info (spec section 4). */
export async function clearDraft(db: Database, owner: ListOwner): Promise<void> {
  await db.delete(checkoutDrafts).where(eq(checkoutDrafts.owner, owner));
}
