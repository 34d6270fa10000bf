import type { StaffRole } from "../db/schema.ts";
import { roleAllows } from "./roles.ts";

/**
 * Who may open each back-office page, keyed by the route's pattern: the one table the
 * /admin layout's middleware checks (the owner may open everything). A page missing here is
 * refused to everyone but the owner, so a new page is closed until it is listed.
 */
export const adminRouteRoles: Record<string, readonly StaffRole[]> = {
  "/admin": ["manager", "content", "compliance"],
  "/admin/logout": ["manager", "content", "compliance"],
  "/admin/orders": ["manager"],
  // An order taken by phone, messenger or in the office: the manager's, like every order.
  "/admin/orders/new": ["manager"],
  "/admin/orders/:number": ["manager"],
  "/admin/orders/:number/slip": ["manager"],
  "/admin/orders/:number/edit": ["manager"],
  // Payment by invoice: the invoice, the УПД at handover, invoices paid by hand or from a bank statement.
  "/admin/orders/:number/invoice": ["manager"],
  "/admin/orders/:number/upd": ["manager"],
  // Office pickup: the day's schedule, moving a booking, the holidays; the manager runs orders.
  "/admin/pickup": ["manager"],
  "/admin/invoices": ["manager"],
  "/admin/invoices/statements/:id": ["manager"],
  // Buyers' returns: the manager's, like the order's refunds they end in.
  "/admin/returns": ["manager"],
  "/admin/returns/:id": ["manager"],
  "/admin/buyback": ["manager"],
  "/admin/buyback/:id": ["manager"],
  "/admin/staff": [],
  // 115-FZ: identification data and mandatory control, for the compliance officer (and the owner).
  "/admin/compliance": ["compliance"],
  "/admin/compliance/control.csv": ["compliance"],
  "/admin/compliance/orders/:number": ["compliance"],
  // The catalogue and content are the content role's ("content: catalogue texts, content pages");
  // the catalogue's prices, stock and pictures go with its texts, on one page and one form. A manager
  // runs orders, buy-back, customers and the sales pause, and is refused here.
  "/admin/catalog": ["content"],
  "/admin/catalog/export": ["content"],
  "/admin/catalog/:sku": ["content"],
  "/admin/catalog/:sku/launch": ["content"],
  // Cancelling a buyer's pre-order: whoever may change the coin's announcement, whose line it is.
  "/admin/catalog/:sku/preorders": ["content"],
  "/admin/content": ["content"],
  "/admin/content/new/:kind": ["content"],
  "/admin/content/:kind/:key": ["content"],
  // Buyers' reviews of coins: published words on the catalogue's pages, so the content role's.
  "/admin/reviews": ["content"],
  "/admin/customers": ["manager"],
  "/admin/customers/:id": ["manager"],
  "/admin/shop": [],
  // Pausing and resuming sales: the manager's own page; the owner does it on /admin/shop.
  "/admin/shop/sales": ["manager"],
  // Compliance: every action of every kind, reads of identification included, is the owner's to read.
  "/admin/audit": [],
  // The exchange's password opens the catalogue's stock and prices to whoever holds it: the owner's.
  "/admin/exchange": [],
  // Goods new from 1C become coins: the catalogue's work, so the content role's (decision 053).
  "/admin/exchange/goods": ["content"],
  "/admin/exchange/goods/:id": ["content"],
};

/** React Router's patterns come without the leading slash ("admin/orders/:number"); the table is written with it. */
export function normalizePattern(pattern: string): string {
  return `/${pattern.replace(/^\/+|\/+$/g, "")}`;
}

/** Whether a role may open the page of this pattern (also what a dashboard section or menu item needs). */
export function mayOpen(pattern: string, role: StaffRole): boolean {
  return roleAllows(adminRouteRoles[normalizePattern(pattern)] ?? [], role);
}

/** The back office's menu, shown with only the pages the role may open. */
export const adminMenu: ReadonlyArray<{ path: string; name: string; orElse?: string }> = [
  { path: "/admin", name: "Сводка" },
  { path: "/admin/orders", name: "Заказы" },
  { path: "/admin/returns", name: "Возвраты" },
  { path: "/admin/pickup", name: "Самовывоз" },
  { path: "/admin/buyback", name: "Выкуп" },
  { path: "/admin/invoices", name: "Счета" },
  { path: "/admin/customers", name: "Покупатели" },
  { path: "/admin/catalog", name: "Каталог и тексты" },
  { path: "/admin/reviews", name: "Отзывы" },
  { path: "/admin/staff", name: "Сотрудники" },
  // A manager, who may not open the shop's page, gets its sales switch.
  { path: "/admin/shop", name: "Магазин", orElse: "/admin/shop/sales" },
  { path: "/admin/audit", name: "Журнал" },
  { path: "/admin/exchange", name: "Обмен с 1С" },
  { path: "/admin/compliance", name: "Контроль 115-ФЗ" },
];

export function menuFor(role: StaffRole): Array<{ path: string; name: string }> {
  return adminMenu.flatMap((item) => {
    const path = mayOpen(item.path, role) ? item.path : item.orElse && mayOpen(item.orElse, role) ? item.orElse : null;
    return path ? [{ path, name: item.name }] : [];
  });
}

export const accessTexts = {
  forbiddenTitle: "Нет доступа",
  forbiddenMessage: "Этот раздел недоступен для вашей роли. Если он нужен вам для работы, попросите владельца магазина сменить роль.",
} as const;
