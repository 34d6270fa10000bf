import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The route table of spec section 2, written out so it can be read against the spec.
 * Route ids that the spec names ('cart', 'checkout', 'partners', 'search') are kept.
 */

/** Fixed catalogue sections and type pages: each renders its saved filter. */
const catalogSectionPaths = [
  "catalog/gold/monety-georgiy-pobedonosec",
  "catalog/gold/monety-georgiy-pobedonosec/50-rub",
  "catalog/gold/monety-seyatel",
  "catalog/bullion-coins/georgij-pobedonosec",
  "catalog/bullion-coins/monety-sberbanka",
  "catalog/bullion-coins/monety-sberbanka/gold",
  "catalog/bullion-coins/monety-sberbanka/silver",
  "catalog/bullion-coins/rf",
  "catalog/gold/rf",
  "catalog/gold/bullion-coins",
  "catalog/gold/memorable-coins",
  "catalog/silver/monety-georgiy-pobedonosec",
  "catalog/silver/rf",
  "catalog/silver/bullion-coins",
  "catalog/silver/memorable-coins",
];

/** Pages whose content is kept in the database and rendered by one module. */
const infoPages = ["about", "delivery", "how-to-buy", "return"];

/** Legacy training article ids registered as their own paths (spec section 2). */
const legacyTrainingIds = ["18", "19", "20", "318", "1485", "1486", "1487"];

export default [
  // Resource routes: no layout.
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("yml.xml", "routes/yml[.]xml.ts"),
  route("build.json", "routes/build[.]json.ts"),
  // The bench's blank page (the framework's floor): a 404 unless BENCH_BLANK_PAGE=true (decision 063).
  route("bench/blank", "routes/bench-blank.tsx"),
  // The CommerceML 2 exchange with 1C and МойСклад (decision 048): plain-text answers, no layout.
  route("1c_exchange", "routes/exchange.ts"),

  // The JSON contract of spec section 7. The pathless layout guards every call: the methods,
  // same-origin and JSON body each route declares in its `handle` (decision 027).
  layout("routes/api/layout.ts", [
    route("api/courses", "routes/api/courses.ts"),
    route("api/work", "routes/api/work.ts"),
    route("api/auth/get-code", "routes/api/auth/get-code.ts"),
    route("api/auth/check-code", "routes/api/auth/check-code.ts"),
    route("api/auth/logout", "routes/api/auth/logout.ts"),
    route("api/me", "routes/api/me.ts"),
    route("api/cart", "routes/api/cart.ts"),
    route("api/cart/clear", "routes/api/cart-clear.ts"),
    route("api/cart/:id", "routes/api/cart-item.ts"),
    ...(["wishlist", "compare"] as const).flatMap((list) => [
      route(`api/${list}`, "routes/api/id-list.ts", { id: `api-${list}` }),
      route(`api/${list}/clear`, "routes/api/id-list-clear.ts", { id: `api-${list}-clear` }),
      route(`api/${list}/:id`, "routes/api/id-list-item.ts", { id: `api-${list}-item` }),
    ]),
    route("api/checkout/deliveries", "routes/api/checkout/deliveries.ts"),
    route("api/locations/get-pvz", "routes/api/locations/get-pvz.ts"),
    // YooKassa's HTTP notifications (server to server).
    route("api/payments/yookassa/webhook", "routes/api/payments/yookassa-webhook.ts"),
    // The buyers' Telegram bot's updates (server to server, a secret header).
    route("api/telegram/webhook", "routes/api/telegram-webhook.ts"),
    // Unknown /api calls answer JSON. The content pages' patterns (:route/:route1…) outrank a
    // splat, so the deeper addresses are named as well.
    route("api/*", "routes/api/not-found.ts"),
    route("api/:call/:part", "routes/api/not-found.ts", { id: "api-not-found-2" }),
    route("api/:call/:part/:more", "routes/api/not-found.ts", { id: "api-not-found-3" }),
  ]),
  route("logout", "routes/logout.tsx"),

  // The back office: its own frame (noindex, its error pages) and session; every page but
  // the sign-in behind the inner layout's middleware, which checks the role (app/modules/staff/access.ts).
  route("admin", "routes/admin/frame.tsx", [
    route("login", "routes/admin/login.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/new", "routes/admin/order-new.tsx"),
      route("orders/:number", "routes/admin/order.tsx"),
      route("orders/:number/slip", "routes/admin/order-slip.tsx"),
      route("orders/:number/edit", "routes/admin/order-edit.tsx"),
      route("orders/:number/invoice", "routes/admin/order-invoice.ts"),
      route("orders/:number/upd", "routes/admin/order-upd.tsx"),
      route("pickup", "routes/admin/pickup.tsx"),
      route("invoices", "routes/admin/invoices.tsx"),
      route("invoices/statements/:id", "routes/admin/invoice-statement.tsx"),
      route("buyback", "routes/admin/buyback.tsx"),
      // Buyers' reviews of coins, published or hidden by staff (decision 060).
      route("reviews", "routes/admin/reviews.tsx"),
      route("buyback/:id", "routes/admin/buyback-request.tsx"),
      route("returns", "routes/admin/returns.tsx"),
      route("returns/:id", "routes/admin/return.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("compliance", "routes/admin/compliance.tsx"),
      route("compliance/control.csv", "routes/admin/compliance-csv.ts"),
      route("compliance/orders/:number", "routes/admin/compliance-order.tsx"),
      // Catalogue and content editing.
      route("catalog", "routes/admin/catalog.tsx"),
      route("catalog/export", "routes/admin/catalog-export.ts"),
      route("catalog/:sku", "routes/admin/catalog-coin.tsx"),
      route("catalog/:sku/launch", "routes/admin/catalog-launch.tsx"),
      route("catalog/:sku/preorders", "routes/admin/catalog-preorders.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("content/new/:kind", "routes/admin/content-new.tsx"),
      route("content/:kind/:key", "routes/admin/content-item.tsx"),
      // Customers, the shop's switches and the audit log.
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:id", "routes/admin/customer.tsx"),
      route("shop", "routes/admin/shop.tsx"),
      route("shop/sales", "routes/admin/shop-sales.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      // The exchange with 1C and МойСклад: its login, options and log.
      route("exchange", "routes/admin/exchange.tsx"),
      // Goods new from 1C, completed and published as coins (decision 053).
      route("exchange/goods", "routes/admin/exchange-goods.tsx"),
      route("exchange/goods/:id", "routes/admin/exchange-good.tsx"),
      route("logout", "routes/admin/logout.tsx"),
    ]),
  ]),

  layout("routes/layouts/blank.tsx", [route("cabinet/create", "routes/cabinet-create.tsx")]),

  layout("routes/layouts/default.tsx", [
    index("routes/home.tsx"),

    ...infoPages.map((path) => route(path, "routes/page.tsx", { id: path })),
    // Info pages with more than their text: the office's contacts and map, reviews, partners, certificates.
    route("contacts", "routes/contacts.tsx", { id: "contacts" }),
    route("reviews", "routes/reviews.tsx", { id: "reviews" }),
    route("partners", "routes/partners.tsx", { id: "partners" }),
    route("certificates", "routes/certificates.tsx", { id: "certificates" }),
    route("quotes-online", "routes/quotes-online.tsx"),
    route("coin-buyback", "routes/coin-buyback.tsx"),
    // Personal data (152-FZ): the consent document, and the analytics cookie choice (a page and its POST).
    route("personal-data-consent", "routes/consent-document.tsx"),
    route("cookies", "routes/cookies.tsx"),
    route("search", "routes/search.tsx", { id: "search" }),
    route("product-comparison", "routes/product-comparison.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("cart", "routes/cart.tsx", { id: "cart" }),
    route("checkout", "routes/checkout.tsx", { id: "checkout" }),
    // 115-FZ: the buyer's identification before a large order is placed.
    route("checkout/identification", "routes/checkout-identification.tsx"),
    route("thanks", "routes/thanks.tsx"),
    route("payment-error", "routes/payment-error.tsx"),
    // The built-in payment service's page (PAYMENT_PROVIDER=sandbox).
    route("payment/sandbox/:id", "routes/payment-sandbox.tsx"),
    route("login", "routes/login.tsx"),

    // Catalogue: the whole catalogue, a category, fixed sections, each with pages.
    route("catalog", "routes/catalog.tsx", { id: "catalog" }),
    route("catalog/page/:pageNumber", "routes/catalog.tsx", { id: "catalog-page" }),
    route("catalog/:categorySlug", "routes/catalog.tsx", { id: "catalog-category" }),
    route("catalog/:categorySlug/page/:pageNumber", "routes/catalog.tsx", { id: "catalog-category-page" }),
    ...catalogSectionPaths.flatMap((path) => [
      route(path, "routes/catalog.tsx", { id: path }),
      route(`${path}/page/:pageNumber`, "routes/catalog.tsx", { id: `${path}/page` }),
    ]),
    route("products/:slug", "routes/product.tsx"),
    route("products/:slug/reviews", "routes/product-reviews.tsx"),
    // Announced coins and coins new on sale (decision 056).
    route("new-issues", "routes/new-issues.tsx"),
    // An alert's e-mail unsubscribe link (no sign-in needed): a confirm form, then a POST.
    route("alerts/unsubscribe/:token", "routes/alerts-unsubscribe.tsx"),

    route("promo", "routes/promo.tsx"),
    route("promo/:id", "routes/promo-item.tsx"),
    route("news", "routes/news.tsx", { id: "news" }),
    route("news/page/:pageNumber", "routes/news.tsx", { id: "news-page" }),
    route("news/:slug", "routes/news-item.tsx"),
    route("cases", "routes/cases.tsx"),
    route("cases/:slug", "routes/case-item.tsx"),
    route("training", "routes/training.tsx"),
    route("training/:slug", "routes/training-item.tsx", { id: "training-item" }),
    ...legacyTrainingIds.map((id) => route(`training/${id}`, "routes/training-item.tsx", { id: `training-${id}` })),

    // Account area: the layout's middleware checks the sign-in once for every route below (decision 027).
    route("my", "routes/my/layout.tsx", [
      index("routes/my/index.tsx"),
      route("orders", "routes/my/orders.tsx"),
      route("orders/:id", "routes/my/order.tsx"),
      route("orders/:id/invoice", "routes/my/order-invoice.ts"),
      // A return of a received order (ЗоЗПП ст. 26.1, decision 057).
      route("orders/:id/return", "routes/my/order-return.tsx"),
      route("coins", "routes/my/coins.tsx"),
      // A review of a coin the buyer received: written, changed or deleted here (decision 060).
      route("reviews/:slug", "routes/my/review.tsx"),
      route("alerts", "routes/my/alerts.tsx"),
      route("launch-subscriptions", "routes/my/launch-subscriptions.tsx"),
      // Pre-orders of coming coins (decision 062): the coin page's form posts here.
      route("preorders", "routes/my/preorders.tsx"),
      route("preorders/identification", "routes/my/preorder-identification.tsx"),
      route("profile", "routes/my/profile.tsx"),
      route("profile/edit", "routes/my/profile-edit.tsx"),
      route("buyback", "routes/my/buyback.tsx"),
      route("privacy", "routes/my/privacy.tsx"),
      route("privacy/export", "routes/my/privacy-export.ts"),
    ]),

    // Generic content pages up to four segments; anything deeper is a 404.
    route(":route", "routes/page.tsx", { id: "page-1" }),
    route(":route/:route1", "routes/page.tsx", { id: "page-2" }),
    route(":route/:route1/:route2", "routes/page.tsx", { id: "page-3" }),
    route(":route/:route1/:route2/:route3", "routes/page.tsx", { id: "page-4" }),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
