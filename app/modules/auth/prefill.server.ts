import { loadDraft } from "../checkout/draft.server.ts";
import type { Database } from "../db/client.server.ts";
import type { ListOwner } from "../lists/lists.server.ts";
import { normalizePhone } from "../phone/phone.ts";
import type { SignInPrefill } from "./login-view.ts";

/**
 * What the buyer already typed at checkout, offered again at sign-in:
 * the phone at step 1, the name and e-mail at step 3. Read only; the draft stays as it is.
 */
export async function signInPrefill(db: Database, owner: ListOwner): Promise<SignInPrefill> {
  const { contact } = (await loadDraft(db, owner, null)).draft;
  return {
    phone: normalizePhone(contact.phone) ?? "",
    fullName: [contact.lastName, contact.name, contact.secondName]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(" "),
    email: contact.email.trim(),
  };
}
