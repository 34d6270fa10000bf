import type { ReturnHandover, ReturnStatus } from "../db/column-values.ts";

/** How the buyer and staff read a return's status. */
export const returnStatusLabels: Record<ReturnStatus, string> = {
  new: "Новая",
  approved: "Одобрена: ждём монеты",
  received: "Монеты получены",
  refunded: "Деньги возвращены",
  refused: "Отказ",
};

export const returnHandoverLabels: Record<ReturnHandover, string> = {
  bring: "Принесу в офис",
  send: "Отправлю почтой или СДЭК",
};

/** Where staff may move a request from each status; refunded and refused are final. */
export const returnTransitions: Record<ReturnStatus, readonly ReturnStatus[]> = {
  new: ["approved", "refused"],
  approved: ["received", "refused"],
  // The coins are back: the money goes back, or (they came damaged, not as sold) the request is refused.
  received: ["refunded", "refused"],
  refunded: [],
  refused: [],
};

export const isOpenReturn = (status: ReturnStatus) => returnTransitions[status].length > 0;
