import { parseWithZod } from "@conform-to/zod/v4";
import type { User } from "../auth/sessions.server.ts";
import { loadDraft, saveDraft } from "../checkout/draft.server.ts";
import { getConfig } from "../config/config.server.ts";
import { ensureConsent } from "../consents/consents.server.ts";
import { moscowToday } from "../content/dates.ts";
import type { Database } from "../db/client.server.ts";
import type { ListOwner } from "../lists/lists.server.ts";
import { formatMoney } from "../shared/format.ts";
import { identificationTexts } from "../compliance/identification-texts.ts";
import { identificationOfCheckout, latestIdentification, needsIdentification, saveIdentification } from "../compliance/identification.server.ts";
import { formatDate, identificationSchema } from "../compliance/identification.ts";

/**
 * The checkout's identification step (/checkout/identification): shown before an order at or
 * above the threshold is placed; the data are bound to the checkout's one-time token, so each
 * order is placed with the identification given (or confirmed) for it.
 */

/** "от 100 000 ₽ при оплате онлайн и от 40 000 ₽ при оплате при получении". */
export function thresholdText(): string {
  const { nonCash, cash } = getConfig().compliance.identificationThresholds;
  return `${formatMoney(nonCash)} при оплате онлайн и от ${formatMoney(cash)} при оплате при получении`;
}

/**
 * What the checkout page says about identification for the order it shows. Its texts come as
 * data: only an order at or above the threshold shows them, and the page's scripts need not
 * carry the identification step's texts for the few that do.
 */
export async function checkoutIdentification(db: Database, user: User | null, order: { token: string; total: number; paymentId: number }) {
  if (!(await needsIdentification(db, { userId: user?.id ?? null, total: order.total, paymentId: order.paymentId }))) return null;
  return {
    title: identificationTexts.title,
    why: identificationTexts.why(thresholdText()),
    onRecord: user ? ((await identificationOfCheckout(db, user.id, order.token))?.masked ?? null) : null,
  };
}

type FormField =
  "fullName" | "birthDate" | "citizenship" | "passportSeries" | "passportNumber" | "issueDate" | "issuer" | "issuerCode" | "registrationAddress" | "consent";
export type IdentificationDefaults = Partial<Record<FormField, string>>;

/** The step's form: the buyer's last identification offered again (dates as ДД.ММ.ГГГГ), and today for the client-side check. */
export async function identificationStepView(db: Database, user: User) {
  const saved = await latestIdentification(db, user.id);
  return {
    today: moscowToday(),
    thresholdText: thresholdText(),
    returning: saved !== null,
    defaults: (saved
      ? { ...saved, birthDate: formatDate(saved.birthDate), issueDate: formatDate(saved.issueDate) }
      : { fullName: [user.lastName, user.name, user.secondName].filter(Boolean).join(" "), citizenship: "Россия" }) as IdentificationDefaults,
  };
}

/** Checks and stores the step's form for the buyer's current checkout; the submission (with its errors) when it is refused. */
export async function submitIdentification(db: Database, owner: ListOwner, user: User, form: FormData, origin: { ip: string; userAgent: string | null }) {
  const submission = parseWithZod(form, { schema: identificationSchema(moscowToday()) });
  if (submission.status !== "success") return { ok: false as const, reply: submission.reply() };
  const stored = await loadDraft(db, owner, user);
  const { token } = stored;
  // A checkout not saved yet has no token of its own: keep this one, so the order is placed with it.
  if (stored.revision === "new") await saveDraft(db, owner, { draft: stored.draft, token });
  // The data and the consent to process them (152-FZ, its own row in consents) are kept together or not at all.
  await db.transaction(async (tx) => {
    // Saved again (a correction, a second large order): the consent in force stands, not one row per save.
    const consent = await ensureConsent(tx, {
      purpose: "identification",
      userId: user.id,
      phone: user.phone,
      ip: origin.ip,
      userAgent: origin.userAgent,
      reference: `checkout:${token.slice(0, 8)}`,
    });
    await saveIdentification(tx, { userId: user.id, checkoutToken: token, data: submission.value, consentVersion: consent.version });
  });
  return { ok: true as const };
}
