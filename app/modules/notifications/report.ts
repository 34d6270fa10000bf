import { formatDateTime } from "../shared/format.ts";

const statusLabels: Record<string, string> = {
  pending: "ждёт отправки",
  sending: "отправляется",
  sent: "отправлено",
  failed: "не отправлено",
  skipped: "пропущено",
};

/** One line of `npm run orders -- notifications`: when, what, to whom, how it went and why. */
export function formatNotificationRow(row: {
  id: number;
  createdAt: Date;
  event: string;
  audience: string;
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  lastError: string | null;
}): string {
  const to = `${row.audience === "staff" ? "сотрудникам" : "покупателю"} ${row.channel} ${row.recipient || "—"}`;
  const outcome = `${statusLabels[row.status] ?? row.status}${row.attempts > 1 ? `, попыток ${row.attempts}` : ""}`;
  return [`#${row.id}`, formatDateTime(row.createdAt), row.event, to, outcome, row.lastError ?? ""].filter(Boolean).join("  ");
}
