// Every action (the POST of each page that has one) and every /api call of app/routes.ts,
// with a valid-ish body for each, so that mutations reach real code paths and not only
// the first check; and the tables each may change when it ACCEPTS a request (a refusal
// may change none: hostile-input.test.ts checks both).
import { fakeWebhookSecret } from "#tests/support/fake-telegram.ts";
import type { TableName } from "./stored-data.ts";
import type { Random } from "./random.ts";
import type { JsonValue } from "./values.ts";

/** Who sends the request. */
export type Persona =
  /** A visitor with a cart, a wishlist and a comparison list, not signed in. */
  | "visitor"
  /** A signed-in buyer with a cart, a checkout draft and an unpaid order. */
  | "buyer"
  /** A visitor between the sign-in steps: a code was sent, the login cookie says so. */
  | "codeStep"
  /** No cookies at all (a first request, a script). */
  | "stranger"
  /** A manager signed in to the back office (only the /admin targets send it most of the time). */
  | "staff";

export const personas: readonly Persona[] = ["visitor", "buyer", "codeStep", "stranger"];

/** What the prepared state offers the cases: ids that exist, cookies of each persona. */
export type Fixtures = {
  /** The shop's address, as its pages' Referer would name it. */
  baseUrl: string;
  /** Coins in stock. */
  productIds: number[];
  /** The buyer's unpaid order, paid online. */
  orderId: number;
  /** Its pending payment on the sandbox service's page. */
  sandboxPaymentId: string;
  /** The hidden token of the buyer's checkout form. */
  checkoutToken: string;
  /** The checkout token of another buyer's order (a copied or stale form). */
  foreignCheckoutToken: string;
  /** A pickup point of delivery 76 in Moscow. */
  pickupPoint: string;
  /** The phone the codeStep persona asked a code for, and the code it got. */
  pendingPhone: string;
  pendingCode: string;
  /** The Cookie header of each persona ("" for the stranger). */
  cookies: Record<Persona, string>;
  /** Cookie values for the cookie mutators. */
  sessionToken: string;
  expiredSessionToken: string;
  visitorId: string;
  /** An order the staff persona moves along (payment on receipt, placed for the fuzz run), and its version then. */
  staffOrderNumber: string;
  staffOrderVersion: number;
  /** A buy-back request for the staff persona's forms, and its version then. */
  buybackRequestId: number;
  buybackVersion: number;
  /** A return request (on the buyer's order) for the staff persona's forms, its version, and the order's line. */
  returnRequestId: number;
  returnVersion: number;
  orderLineId: number;
  /** The staff persona's phone, and a phone not on the staff list. */
  staffPhone: string;
};

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The fields of a body, in order; a name may repeat (a form's duplicate keys). */
export type Fields = Array<[string, JsonValue]>;

export type Answer = { status: number; location: string | null };

export type Target = {
  name: string;
  kind: "api" | "page";
  /** The methods the route serves; the first is the one cases use unless a mutation changes it. */
  methods: Method[];
  /** The address; `segment` replaces the id in it when a mutation fuzzes the id. */
  path(fixtures: Fixtures, random: Random, segment?: string): string;
  /** Whether the address has an id worth fuzzing. */
  hasSegment?: boolean;
  /** Only a signed-in buyer gets past the first check: most cases are sent as the buyer. */
  forBuyer?: boolean;
  /** Only a member of staff gets past the back office's middleware: most cases are sent as staff. */
  forStaff?: boolean;
  /** A valid-ish body (none for calls without one). */
  fields?(fixtures: Fixtures, random: Random): Fields;
  /** Headers a server-to-server caller sends (a webhook's secret), mostly right. */
  headers?(random: Random): Record<string, string>;
  /** The tables an accepted answer may change. */
  writes(answer: Answer, method: Method): TableName[];
};

const listTables: TableName[] = ["list_items"];
const signInTables: TableName[] = ["sms_codes", "sessions", "users", "list_items", "checkout_drafts"];
const logoutTables: TableName[] = ["sessions", "list_items", "checkout_drafts"];
// A step of an order writes its history and its messages in the same transaction.
// The receipt at payment follows its payment (decision 018).
const paymentTables: TableName[] = ["orders", "payments", "sandbox_payments", "refunds", "order_events", "notifications", "receipts"];
const orderTables: TableName[] = [
  "orders",
  "pickup_bookings",
  "order_lines",
  "payments",
  "sandbox_payments",
  "products",
  "users",
  "list_items",
  "checkout_drafts",
  "order_events",
  "notifications",
  "receipts",
];

// What a back-office step may write with its audit row (decision 013): the order and its history,
// messages, stock put back, payments stopped or refunded, the receipt at handover.
const staffOrderTables: TableName[] = [
  "orders",
  "order_events",
  "notifications",
  "products",
  "payments",
  "sandbox_payments",
  "refunds",
  "receipts",
  "audit_log",
];
const staffSignInTables: TableName[] = ["sms_codes", "staff_sessions"];

const product = (fixtures: Fixtures, random: Random) => String(random.pick(fixtures.productIds));
const none = (): TableName[] => [];
/**
 * A page's action runs for every method but GET and HEAD (React Router's rule; only POST
 * comes from a form, and server.ts refuses foreign ones of each). /api calls check theirs.
 */
const actionMethods: Method[] = ["POST", "PUT", "PATCH", "DELETE"];

/** Reads write nothing; the call's change of state only on its own methods. */
const onMethods = (methods: Method[], tables: TableName[]) => (_answer: Answer, method: Method) => (methods.includes(method) ? tables : []);

const phone = (random: Random) => random.pick(["+7 (916) 123-45-67", "89161234567", "+79250000001", "9161234567"]);
const email = (random: Random) => random.pick(["ivan@example.ru", "test.buyer+1@example.com"]);

export const targets: Target[] = [
  // ——— The JSON contract (spec section 7) ———
  { name: "GET /api/courses", kind: "api", methods: ["GET"], path: () => "/api/courses", writes: none },
  { name: "GET /api/work", kind: "api", methods: ["GET"], path: () => "/api/work", writes: none },
  {
    name: "POST /api/auth/get-code",
    kind: "api",
    methods: ["POST"],
    path: () => "/api/auth/get-code",
    fields: (_f, random) => [["phone", phone(random)]],
    writes: onMethods(["POST"], ["sms_codes"]),
  },
  {
    name: "POST /api/auth/check-code",
    kind: "api",
    methods: ["POST"],
    path: () => "/api/auth/check-code",
    fields: (fixtures, random) => {
      const fields: Fields = [["code", random.chance(0.3) ? fixtures.pendingCode : random.pick(["0000", "1234", 1234])]];
      if (random.chance(0.3)) fields.push(["phone", fixtures.pendingPhone]);
      return fields;
    },
    writes: onMethods(["POST"], signInTables),
  },
  { name: "GET /api/auth/logout", kind: "api", methods: ["GET"], path: () => "/api/auth/logout", writes: onMethods(["GET"], logoutTables) },
  {
    name: "POST /api/me",
    forBuyer: true,
    kind: "api",
    methods: ["GET", "POST"],
    path: () => "/api/me",
    fields: (_f, random) => [
      ["name", random.pick(["Иван", "Пётр Сергеевич"])],
      ["email", email(random)],
    ],
    writes: onMethods(["POST"], ["users"]),
  },
  {
    name: "GET /api/cart",
    kind: "api",
    methods: ["GET", "DELETE"],
    path: () => "/api/cart",
    fields: (f, r) => [["productIds", [Number(product(f, r))]]],
    writes: onMethods(["DELETE"], listTables),
  },
  { name: "POST /api/cart/clear", kind: "api", methods: ["POST", "GET"], path: () => "/api/cart/clear", writes: onMethods(["GET", "POST"], listTables) },
  {
    name: "PATCH /api/cart/:id",
    kind: "api",
    methods: ["PATCH"],
    hasSegment: true,
    path: (f, r, segment) => `/api/cart/${segment ?? product(f, r)}`,
    // 51 and more: past MAX_PIECES_PER_COIN.
    fields: (_f, random) => [["quantity", random.pick([1, 2, 3, "2", 50, 51, "51", 100_000])]],
    writes: onMethods(["PATCH"], listTables),
  },
  ...(["wishlist", "compare"] as const).flatMap((list): Target[] => [
    { name: `GET /api/${list}`, kind: "api", methods: ["GET"], path: () => `/api/${list}`, writes: none },
    { name: `POST /api/${list}/clear`, kind: "api", methods: ["POST"], path: () => `/api/${list}/clear`, writes: onMethods(["POST"], listTables) },
    {
      name: `POST|DELETE /api/${list}/:id`,
      kind: "api",
      methods: ["POST", "DELETE"],
      hasSegment: true,
      path: (f, r, segment) => `/api/${list}/${segment ?? product(f, r)}`,
      writes: onMethods(["POST", "DELETE"], listTables),
    },
  ]),
  {
    name: "POST /api/checkout/deliveries",
    kind: "api",
    methods: ["POST"],
    path: () => "/api/checkout/deliveries",
    fields: (_f, random) => [["code", random.pick(["0000073738", "9000000005", 73738])]],
    writes: none,
  },
  {
    name: "POST /api/locations/get-pvz",
    kind: "api",
    methods: ["POST"],
    path: () => "/api/locations/get-pvz",
    fields: (_f, random) => [
      ["city", random.pick(["0000073738", "9000000005"])],
      ["deliveryId", random.pick([76, 79, "79"])],
    ],
    writes: none,
  },
  {
    // Only YooKassa's addresses may notify, and the sandbox shop takes no notifications:
    // from here it is always refused.
    name: "POST /api/payments/yookassa/webhook",
    kind: "api",
    methods: ["POST"],
    path: () => "/api/payments/yookassa/webhook",
    fields: (fixtures) => [
      ["type", "notification"],
      ["event", "payment.succeeded"],
      [
        "object",
        {
          id: fixtures.sandboxPaymentId,
          status: "succeeded",
          paid: true,
          amount: { value: "1.00", currency: "RUB" },
          metadata: { orderId: String(fixtures.orderId) },
        },
      ],
    ],
    writes: none,
  },
  {
    name: "/api/* (not a call)",
    kind: "api",
    methods: ["GET", "POST"],
    hasSegment: true,
    path: (_f, random, segment) => `/api/${segment ?? random.pick(["nope", "cart/1/2", "auth/admin/x", "orders"])}`,
    writes: none,
  },

  // ——— Page actions (forms without JavaScript) ———
  ...(["send", "resend", "verify", "register", "skip", "back"] as const).map((intent): Target => ({
    name: `POST /login (${intent})`,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/login",
    fields: (fixtures, random) => loginFields(intent, fixtures, random),
    writes: onMethods(actionMethods, signInTables),
  })),
  {
    name: "POST /cabinet/create",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/cabinet/create",
    fields: (fixtures, random) => loginFields("register", fixtures, random),
    writes: onMethods(actionMethods, signInTables),
  },
  { name: "POST /logout", kind: "page", methods: ["POST"], path: () => "/logout", writes: onMethods(actionMethods, logoutTables) },
  ...(
    [
      ["/cart", ["add", "set", "remove", "clear"]],
      ["/wishlist", ["add", "remove", "clear"]],
      ["/product-comparison", ["add", "remove", "clear"]],
    ] as const
  ).map(([path, intents]): Target => ({
    name: `POST ${path}`,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => path,
    fields: (fixtures, random) => {
      const fields: Fields = [
        ["intent", random.pick(intents)],
        ["productId", product(fixtures, random)],
      ];
      if (path === "/cart") fields.push(["quantity", random.chance(0.2) ? random.pick(["51", "99999"]) : String(random.int(1, 3))]);
      if (random.chance(0.5)) fields.push(["redirectTo", random.pick([path, "/catalog", "/products/x?y=1"])]);
      if (random.chance(0.3)) fields.push(["_fetcher", "1"]);
      return fields;
    },
    writes: onMethods(actionMethods, listTables),
  })),
  {
    name: "POST /checkout",
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/checkout",
    fields: (fixtures, random) => {
      const intent = random.pick(["save", "find-city", "place", "login", "save"]);
      const fields: Fields = [
        ["token", random.chance(0.15) ? fixtures.foreignCheckoutToken : fixtures.checkoutToken],
        ["shown", random.pick(["", "[]", "{}", '[[[1,1,1]],"7700000000000000",76,0,4,1,1]', String(random.int(1_000, 900_000))])],
        ["lastName", "Иванов"],
        ["name", "Пётр"],
        ["secondName", "Сергеевич"],
        ["phone", "+7 (925) 000-00-01"],
        ["email", "petr@example.ru"],
        ["deliveryId", random.pick(["76", "79", "45", "35", "43"])],
        ["pointCode", fixtures.pickupPoint],
        ["pickupSlot", random.pick(["", "2026-12-04T10:00", "2099-01-05T10:00", "2026-02-30T10:00", "x".repeat(300), "' or 1=1 --"])],
        ["paymentId", random.pick(["4", "6"])],
        ["comment", "Позвоните за час"],
        ["intent", intent],
      ];
      const id = product(fixtures, random);
      if (random.chance(0.4)) fields.push([`qty:${id}`, random.chance(0.2) ? "51" : String(random.int(0, 3))]);
      if (random.chance(0.3)) fields.push([`seen:${id}`, String(random.int(1, 500_000))]);
      if (random.chance(0.2)) fields.push(["removeLine", id]);
      if (random.chance(0.2)) fields.push(["chooseCity", random.pick(["9000000005", "0000073738"])]);
      if (intent === "find-city") fields.push(["cityQuery", random.pick(["Каза", "Моск", "С"])]);
      if (random.chance(0.3))
        fields.push(["street", "Тверская"], ["house", "1"], ["room", "2"], ["entrance", "3"], ["floor", "4"], ["addressMessage", "код 12"]);
      return fields;
    },
    // Every post saves the draft (nothing typed is lost); only a placed order goes further.
    writes: (answer, method) => {
      if (!actionMethods.includes(method)) return [];
      const to = answer.location ?? "";
      return to.startsWith("/checkout") || to.startsWith("/login") ? ["list_items", "checkout_drafts"] : orderTables;
    },
  },
  {
    // Telegram's updates: mostly with the right secret, so the bot's commands run.
    name: "POST /api/telegram/webhook",
    kind: "api",
    methods: ["POST"],
    path: () => "/api/telegram/webhook",
    headers: (random) => ({
      "X-Telegram-Bot-Api-Secret-Token": random.chance(0.8) ? fakeWebhookSecret : random.pick(["", "wrong-secret-wrong-secret", `${fakeWebhookSecret}x`]),
    }),
    fields: (_f, random) => [
      ["update_id", random.pick([1, 42, 2 ** 31, -1, 1.5])],
      [
        "message",
        {
          message_id: 1,
          chat: { id: random.pick([7001, -100200300, 7002]), type: random.pick(["private", "group"]) },
          text: random.pick(["/start abcdefABCDEF0123456789_-", "/price", "/orders", "/stop", "/help", "/start", "привет", "/orders@aurum_test_bot"]),
        },
      ],
    ],
    writes: onMethods(["POST"], ["notifications", "telegram_links", "telegram_link_tokens"]),
  },
  {
    // The profile's Telegram section: the deep link's token, unlinking, the groups chosen.
    name: "POST /my/profile",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/my/profile",
    fields: (_f, random) => [
      ["intent", random.pick(["link", "unlink", "kinds"])],
      ["orders", "on"],
      ["alerts", random.pick(["on", ""])],
    ],
    writes: onMethods(actionMethods, ["telegram_link_tokens", "telegram_links"]),
  },
  {
    name: "POST /my/profile/edit",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/my/profile/edit",
    fields: (_f, random) => [
      ["name", "Пётр"],
      ["lastName", random.pick(["Иванов", ""])],
      ["secondName", "Сергеевич"],
      ["email", email(random)],
    ],
    writes: onMethods(actionMethods, ["users"]),
  },
  // The fuzz buyer received no coin: every review is refused (403) and a delete finds nothing, so nothing changes.
  {
    name: "POST /my/reviews/:slug",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (_f, _r, segment) => `/my/reviews/${segment ?? "georgiy-pobedonosec-50-rubley-mmd"}`,
    fields: (_f, random) => [
      ["intent", random.pick(["save", "delete", "nope"])],
      ["rating", random.pick(["5", "0", "6", "-1", "4.5", "abc", ""])],
      ["text", random.pick(["Отличная монета, пришла в капсуле.", "", "x".repeat(4_100), "<script>alert(1)</script> https://spam.example"])],
    ],
    writes: none,
  },
  {
    name: "POST /coin-buyback",
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/coin-buyback",
    fields: (_f, random) => [
      ["name", "Иван"],
      ["phone", phone(random)],
      ["items", "Георгий Победоносец 50 рублей, 2 шт."],
      ["comment", random.pick(["", "Вечером"])],
      ["consent", "on"],
    ],
    writes: onMethods(actionMethods, ["buyback_requests", "buyback_events", "notifications"]),
  },
  {
    name: "POST /my/orders/:id (pay again)",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/my/orders/${segment ?? fixtures.orderId}`,
    writes: () => paymentTables,
  },
  // The buyer's order is not received: a return is refused, nothing written; a valid one would write these.
  {
    name: "POST /my/orders/:id/return",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/my/orders/${segment ?? fixtures.orderId}/return`,
    fields: (fixtures, random) => [
      [`qty-${random.pick([String(fixtures.orderLineId), "0", "99999999999", "-1", "abc"])}`, random.pick(["1", "0", "-1", "10001", "1.5", "x"])],
      ["reason", random.pick(["Не подошла", "", "x".repeat(1200)])],
      ["handover", random.pick(["bring", "send", "nope"])],
      ["comment", random.pick(["", "Вечером", "x".repeat(1200)])],
    ],
    writes: onMethods(actionMethods, ["return_requests", "notifications"]),
  },
  {
    name: "POST /payment-error?order= (pay again)",
    forBuyer: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/payment-error?order=${segment ?? fixtures.orderId}`,
    writes: () => paymentTables,
  },
  {
    name: "POST /payment/sandbox/:id",
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/payment/sandbox/${segment ?? fixtures.sandboxPaymentId}`,
    fields: (_f, random) => [["intent", random.pick(["pay", "cancel"])]],
    writes: onMethods(actionMethods, paymentTables),
  },
];

/** A version the page could have been made from: mostly the one prepared, now and then another. */
const version = (seen: number, random: Random) => String(random.chance(0.6) ? seen : random.pick([seen + 1, seen + random.int(2, 40), 0, -1]));

/** The back office: its sign-in, pages and forms, sent mostly as the staff persona. */
export const staffTargets: Target[] = [
  ...(["send", "verify", "back"] as const).map((intent): Target => ({
    name: `POST /admin/login (${intent})`,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/admin/login",
    fields: (fixtures, random) => {
      const fields: Fields = [["intent", intent]];
      if (intent === "send") fields.push(["phone", random.chance(0.5) ? fixtures.staffPhone : phone(random)]);
      if (intent === "verify") fields.push(["code", random.pick(["0000", "1234", "12345", ""])]);
      return fields;
    },
    writes: onMethods(actionMethods, staffSignInTables),
  })),
  {
    name: "POST /admin/logout",
    forStaff: true,
    kind: "page",
    methods: ["POST"],
    path: () => "/admin/logout",
    writes: onMethods(actionMethods, ["staff_sessions"]),
  },
  {
    name: "GET /admin/orders?…",
    forStaff: true,
    kind: "page",
    methods: ["GET"],
    path: (_f, random) =>
      `/admin/orders?${new URLSearchParams({
        status: random.pick(["", "paid", "new", "nope"]),
        from: random.pick(["", "2026-01-01", "2026-13-45", "вчера"]),
        to: random.pick(["", "2026-12-31"]),
        q: random.pick(["", "2026-0", "+7 916", "Иванов", "'; drop table orders; --", "x".repeat(300)]),
        page: random.pick(["1", "2", "-1", "99999999999", "abc"]),
      })}`,
    writes: none,
  },
  {
    name: "POST /admin/orders/:number",
    forStaff: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/admin/orders/${segment ?? fixtures.staffOrderNumber}`,
    fields: (fixtures, random) => {
      const intent = random.pick(["status", "status", "note", "refund"]);
      const fields: Fields = [];
      if (intent === "status") {
        fields.push(["to", random.pick(["assembling", "shipped", "ready_for_pickup", "completed", "cancelled", "paid", "nope"])]);
        if (random.chance(0.5)) fields.push(["trackingNumber", random.pick(["CDEK-123456", "x", "<b>1</b>", "1".repeat(60)])]);
        if (random.chance(0.3)) fields.push(["reason", random.pick(["Нет в наличии", "x".repeat(400)])]);
      } else {
        fields.push(["intent", intent]);
        if (intent === "note") fields.push(["text", random.pick(["Позвонить завтра", "", "x".repeat(2_100), "<script>alert(1)</script>"])]);
        if (intent === "refund") {
          fields.push([random.pick(["all", "delivery", "restock", `qty-${random.int(1, 50)}`]), random.pick(["1", "2", "-1", "abc", "99999"])]);
          if (random.chance(0.3)) fields.push(["amount", "1000000"]);
        }
      }
      fields.push(["version", version(fixtures.staffOrderVersion, random)]);
      return fields;
    },
    writes: (answer, method) => (actionMethods.includes(method) ? [...staffOrderTables, "order_notes"] : []),
  },
  {
    name: "GET /admin/orders/:number/slip",
    forStaff: true,
    kind: "page",
    methods: ["GET"],
    hasSegment: true,
    path: (f, random, segment) => `/admin/orders/${segment ?? f.staffOrderNumber}/slip?prices=${random.pick(["0", "1", "x"])}`,
    writes: none,
  },
  {
    name: "POST /admin/buyback/:id",
    forStaff: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/admin/buyback/${segment ?? fixtures.buybackRequestId}`,
    fields: (fixtures, random) => {
      const intent = random.pick(["contacted", "accept", "offer", "complete", "reject", "nope"]);
      const fields: Fields = [
        ["intent", intent],
        ["version", version(fixtures.buybackVersion, random)],
      ];
      if (intent === "offer") fields.push(["price", random.pick(["15 000", "0", "-5", "1".repeat(20), "abc"])]);
      if (intent === "accept") fields.push(["expectedTotal", random.pick(["1", "15000", "abc"])]);
      if (intent === "reject") fields.push(["reason", random.pick(["Дорого", "x", "x".repeat(400)])]);
      if (random.chance(0.5)) fields.push(["note", random.pick(["Перезвонить", "x".repeat(400)])]);
      return fields;
    },
    writes: onMethods(actionMethods, ["buyback_requests", "buyback_events", "notifications", "audit_log"]),
  },
  {
    name: "POST /admin/returns/:id",
    forStaff: true,
    kind: "page",
    methods: ["POST", "GET"],
    hasSegment: true,
    path: (fixtures, _r, segment) => `/admin/returns/${segment ?? fixtures.returnRequestId}`,
    fields: (fixtures, random) => {
      const intent = random.pick(["approve", "receive", "refuse", "refund", "nope"]);
      const fields: Fields = [
        ["intent", intent],
        ["version", version(fixtures.returnVersion, random)],
      ];
      if (intent === "receive") fields.push(["sellable", random.pick(["yes", "no", "maybe", ""])]);
      if (intent === "refuse") fields.push(["refusal", random.pick(["Монета поцарапана", "x", "x".repeat(600)])]);
      return fields;
    },
    // A refund of the unpaid order is refused; the other steps move the request (and the stock, received as sellable).
    writes: onMethods(actionMethods, ["return_requests", "products", "notifications", "audit_log"]),
  },
  // The owner's page: a manager is refused (403), and nothing changes.
  {
    name: "POST /admin/staff",
    forStaff: true,
    kind: "page",
    methods: ["POST", "GET"],
    path: () => "/admin/staff",
    fields: (_f, random) => [
      ["intent", random.pick(["add", "remove"])],
      ["phone", phone(random)],
      ["role", random.pick(["owner", "manager", "nope"])],
    ],
    writes: none,
  },
  // The content role's page: a manager is refused (403), and nothing changes.
  {
    name: "POST /admin/reviews",
    forStaff: true,
    kind: "page",
    methods: ["POST", "GET"],
    path: (_f, random) => `/admin/reviews?status=${random.pick(["pending", "published", "hidden", "nope"])}`,
    fields: (_f, random) => [
      ["intent", random.pick(["publish", "hide", "nope"])],
      ["id", random.pick(["1", "0", "-1", "99999999999", "abc"])],
      ["version", random.pick(["0", "1", "abc"])],
      ["reason", random.pick(["Спам", "", "x".repeat(400)])],
    ],
    writes: none,
  },
  {
    name: "POST /admin/pickup",
    forStaff: true,
    kind: "page",
    methods: ["POST", "GET"],
    path: (_f, random) => `/admin/pickup?day=${random.pick(["", "2026-12-04", "2026-13-40", "x".repeat(50)])}`,
    fields: (_f, random) => [
      ["intent", random.pick(["move", "add-holiday", "remove-holiday", "nope"])],
      ["orderId", random.pick(["1", "0", "-1", "99999999999", "abc"])],
      ["slot", random.pick(["2026-12-04T10:00", "2099-01-05T10:00", "2026-12-04T25:00", "<script>"])],
      ["day", random.pick(["2026-12-04", "2026-02-30", ""])],
      ["holiday", random.pick(["2026-12-31", "2026-02-30", "'; drop table orders --", "x".repeat(500)])],
      ["note", random.pick(["Новый год", "x".repeat(500), "<b>"])],
    ],
    writes: onMethods(actionMethods, ["pickup_bookings", "pickup_holidays", "orders", "audit_log"]),
  },
  { name: "GET /admin", forStaff: true, kind: "page", methods: ["GET"], path: () => "/admin", writes: none },
];
targets.push(...staffTargets);

function loginFields(intent: "send" | "resend" | "verify" | "register" | "skip" | "back", fixtures: Fixtures, random: Random): Fields {
  const fields: Fields = [["intent", intent]];
  if (intent === "send") fields.push(["phone", phone(random)]);
  if (intent === "verify") fields.push(["code", random.chance(0.3) ? fixtures.pendingCode : random.pick(["0000", "1234"])]);
  if (intent === "register") fields.push(["fullName", "Иванов Пётр Сергеевич"], ["email", email(random)], ["consent", "on"]);
  if (random.chance(0.5)) fields.push(["redirectTo", random.pick(["/checkout", "/my", "/"])]);
  if (random.chance(0.3)) fields.push(["_fetcher", "1"]);
  return fields;
}
