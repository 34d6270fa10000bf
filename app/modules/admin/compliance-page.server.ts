import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { getConfig } from "../config/config.server.ts";
import type { Database } from "../db/client.server.ts";
import { flashHeader } from "../flash/flash.server.ts";
import { databaseContext } from "../request/context.ts";
import { readForm } from "../forms/read-form.ts";
import { readFormBody } from "../shared/form-body.server.ts";
import { writeAudit } from "../audit/audit.server.ts";
import { staffActorContext } from "../staff/context.ts";
import {
  cancelHeldOrder,
  complianceOrder,
  controlCsv,
  heldOrders,
  identifiedOrders,
  ordersUnderControl,
  releaseHeldOrder,
} from "./compliance-control.server.ts";
import { extremistListStatus, readIdentificationAsStaff } from "../compliance/identification.server.ts";

/** The back office's compliance pages (/admin/compliance…): what they load and what their forms do. */

type Context = Readonly<RouterContextProvider>;
const dbOf = (context: Context): Database => context.get(databaseContext).db;
const fullName = (contact: { lastName: string; name: string; secondName: string }) =>
  [contact.lastName, contact.name, contact.secondName].filter(Boolean).join(" ");

export async function loadCompliancePage(context: Context) {
  const db = dbOf(context);
  const [held, control, identified, list] = await Promise.all([heldOrders(db), ordersUnderControl(db), identifiedOrders(db), extremistListStatus(db)]);
  return {
    held: held.map((order) => ({ ...order, buyer: fullName(order.contact) })),
    control,
    identified: identified.map((order) => ({ ...order, buyer: fullName(order.contact) })),
    list,
    threshold: getConfig().compliance.mandatoryControlRub,
  };
}

/** The CSV of orders under mandatory control; the export itself is audited (it names buyers). */
export async function exportControlCsv(context: Context): Promise<Response> {
  const db = dbOf(context);
  const rows = await ordersUnderControl(db);
  await writeAudit(db, context.get(staffActorContext), { action: "compliance.export", entity: "mandatory-control", after: { rows: rows.length } });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(controlCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="mandatory-control-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** One order with the buyer's identification opened: the read is audited. */
export async function loadComplianceOrder(context: Context, number: string) {
  const db = dbOf(context);
  const order = await complianceOrder(db, number);
  if (!order) throw data("Заказ не найден", { status: 404 });
  const identification =
    order.identificationId === null ? null : await readIdentificationAsStaff(db, context.get(staffActorContext), order.identificationId, order.number);
  return {
    order: {
      number: order.number,
      status: order.status,
      total: order.total,
      createdAt: order.createdAt,
      paymentId: order.paymentId,
      buyer: fullName(order.contact),
      id: order.id,
      version: order.version,
    },
    identification,
  };
}

/** Release a held order, or cancel it, from a page of its current version; post/redirect/get with a notice. */
export async function handleComplianceOrderAction(request: Request, context: Context, number: string) {
  const form = await readFormBody(request);
  const actor = context.get(staffActorContext);
  const db = dbOf(context);
  if (!(await complianceOrder(db, number))) throw data("Заказ не найден", { status: 404 });
  const posted = readForm(form, heldOrderFormSchema, { coerce: false });
  const result = !posted.ok
    ? { ok: false as const, reason: posted.issues[0]!.message }
    : posted.value.intent === "release"
      ? await releaseHeldOrder(db, actor, number, posted.value.version)
      : await cancelHeldOrder(db, actor, number, posted.value.version);
  const flash = result.ok ? { kind: "success" as const, message: result.message } : { kind: "error" as const, message: result.reason };
  return redirect(`/admin/compliance/orders/${encodeURIComponent(number)}`, { status: 303, headers: { "Set-Cookie": await flashHeader(flash) } });
}

const complianceTexts = { reload: "Обновите страницу: форма устарела.", unknownIntent: "Неизвестное действие." } as const;

/** A held order's two buttons, from a page of the order's version (a stale page is refused first). */
const heldOrderFormSchema = z.object({
  version: z
    .string({ error: complianceTexts.reload })
    .regex(/^\d{1,9}$/, complianceTexts.reload)
    .transform(Number),
  intent: z.enum(["release", "cancel"], { error: complianceTexts.unknownIntent }),
});
