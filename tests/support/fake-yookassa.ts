// A YooKassa API v3 that keeps its book, for suites that count money: payments made once per
// Idempotence-Key (as YooKassa does), decided by the test as the buyer would on YooKassa's page,
// refunds that add up to at most their payment, also once per key, with the receipt they came with.
import { type FakeReply, type FakeServer, startFakeHttpServer } from "./fake-http-server.ts";

export type FakeYooKassaPayment = { id: string; status: "pending" | "succeeded" | "canceled"; amount: number; orderId: string; key: string };
export type FakeYooKassaRefund = {
  id: string;
  paymentId: string;
  amount: number;
  key: string;
  receipt: { items: Array<{ amount: { value: string }; quantity: string | number; payment_mode: string }> } | undefined;
};

export type FakeYooKassa = {
  baseUrl: string;
  server: FakeServer;
  payments: FakeYooKassaPayment[];
  refunds: FakeYooKassaRefund[];
  /** What the buyer does on YooKassa's page: pays or cancels a pending payment (a decided one stays). */
  decide(paymentId: string, status: "succeeded" | "canceled"): void;
  /** Roubles YooKassa took from the buyer for this order, and gave back. */
  taken(orderId: number): number;
  returned(orderId: number): number;
  close(): Promise<void>;
};

export async function startFakeYooKassa(): Promise<FakeYooKassa> {
  const payments: FakeYooKassaPayment[] = [];
  const refunds: FakeYooKassaRefund[] = [];
  const json = (body: unknown, status = 200): FakeReply => ({ status, contentType: "application/json", body: JSON.stringify(body) });
  const notFound = () => json({ type: "error", code: "not_found", description: "not found" }, 404);
  const paymentJson = (payment: FakeYooKassaPayment) => ({
    id: payment.id,
    status: payment.status,
    paid: payment.status === "succeeded",
    amount: { value: payment.amount.toFixed(2), currency: "RUB" },
    metadata: { order_id: payment.orderId },
    ...(payment.status === "pending"
      ? { confirmation: { type: "redirect", confirmation_url: `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${payment.id}` } }
      : {}),
  });

  const server = await startFakeHttpServer((request) => {
    const key = String(request.headers["idempotence-key"] ?? "");
    const body = request.body ? (JSON.parse(request.body) as Record<string, any>) : {};
    if (request.method === "POST" && request.path === "/v3/payments") {
      let payment = payments.find((candidate) => candidate.key === key);
      if (!payment) {
        payment = {
          id: `2e5b1c9a-000f-5000-8000-${String(payments.length + 1).padStart(12, "0")}`,
          status: "pending",
          amount: Number(body.amount.value),
          orderId: String(body.metadata.order_id),
          key,
        };
        payments.push(payment);
      }
      return json(paymentJson(payment));
    }
    const paymentPath = /^\/v3\/payments\/([\w-]+)$/.exec(request.path);
    if (request.method === "GET" && paymentPath) {
      const payment = payments.find((candidate) => candidate.id === paymentPath[1]);
      return payment ? json(paymentJson(payment)) : notFound();
    }
    if (request.method === "POST" && request.path === "/v3/refunds") {
      const done = refunds.find((refund) => refund.key === key);
      const payment = payments.find((candidate) => candidate.id === body.payment_id);
      if (!payment) return notFound();
      const amount = Number(body.amount.value);
      const given = refunds.filter((refund) => refund.paymentId === payment.id).reduce((sum, refund) => sum + refund.amount, 0);
      if (!done && (payment.status !== "succeeded" || given + amount > payment.amount))
        return json({ type: "error", code: "invalid_request", description: "refund exceeds the payment" }, 400);
      const refund = done ?? { id: `rf-${refunds.length + 1}`, paymentId: payment.id, amount, key, receipt: body.receipt };
      if (!done) refunds.push(refund);
      return json({ id: refund.id, status: "succeeded", amount: { value: refund.amount.toFixed(2), currency: "RUB" }, payment_id: refund.paymentId });
    }
    if (request.method === "POST" && request.path === "/v3/receipts") return json({ id: `rt-${key.slice(0, 20)}`, type: "payment", status: "succeeded" });
    return notFound();
  });

  const ofOrder = (orderId: number) => payments.filter((payment) => payment.orderId === String(orderId));
  return {
    baseUrl: server.baseUrl,
    server,
    payments,
    refunds,
    decide(paymentId, status) {
      const payment = payments.find((candidate) => candidate.id === paymentId);
      if (!payment) throw new Error(`no fake payment ${paymentId}`);
      if (payment.status === "pending") payment.status = status;
    },
    taken: (orderId) =>
      ofOrder(orderId)
        .filter((payment) => payment.status === "succeeded")
        .reduce((sum, payment) => sum + payment.amount, 0),
    returned: (orderId) =>
      refunds.filter((refund) => ofOrder(orderId).some((payment) => payment.id === refund.paymentId)).reduce((sum, refund) => sum + refund.amount, 0),
    close: () => server.close(),
  };
}
