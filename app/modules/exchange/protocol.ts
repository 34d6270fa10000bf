/**
 * The site's answers in the CommerceML 2 exchange (1C, МойСклад): plain text, one value a line.
 * 1C reads the first line (success, progress, failure) and, for checkauth and init, the lines
 * after it; a failure's second line is the reason it shows the operator, in Russian.
 */

export const EXCHANGE_PATH = "/1c_exchange";

/** The cookie 1C sends back on every call of one exchange, as named in the checkauth answer. */
export const EXCHANGE_COOKIE = "exchange_session";

export type ExchangeAnswer = {
  status: number;
  lines: string[];
  headers?: Record<string, string>;
  /** A document answered instead of lines (type=sale&mode=query). */
  body?: { bytes: Buffer; contentType: string };
  /** What the exchange's log row adds from this call. */
  log?: { files?: string[]; notes?: string[]; counts?: { created?: number; updated?: number; unchanged?: number; refused?: number } };
};

export const success = (...more: string[]): ExchangeAnswer => ({ status: 200, lines: ["success", ...more] });
export const progress = (reason: string): ExchangeAnswer => ({ status: 200, lines: ["progress", oneLine(reason)] });
export const failure = (reason: string, status = 200, headers?: Record<string, string>): ExchangeAnswer => ({
  status,
  lines: ["failure", oneLine(reason)],
  headers,
});

/** A reason is one line: a line break inside it would read as the next value. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ").trim();
}

export const exchangeTexts = {
  notConfigured: "Обмен с 1С не настроен: задайте логин и пароль обмена в разделе «Обмен с 1С»",
  wrongCredentials: "Неверный логин или пароль обмена",
  tooManyAttempts: (seconds: number) => `Слишком много неудачных попыток входа, повторите через ${Math.ceil(seconds / 60)} мин.`,
  noSession: "Сеанс обмена не найден или истёк: начните обмен заново (mode=checkauth)",
  unknownMode: (mode: string) => `Неизвестный режим обмена: ${mode.slice(0, 40) || "не указан"}`,
  unknownType: (type: string) => `Неизвестный тип обмена: ${type.slice(0, 40) || "не указан"}`,
  badFileName: "Недопустимое имя файла: ожидается относительный путь из латинских или русских букв, цифр, «_», «-» и «.»",
  fileTooLarge: (limit: number) => `Часть файла больше file_limit (${limit} байт)`,
  sessionFull: (limit: number) => `Файлы обмена превысили ${Math.floor(limit / 1024 / 1024)} МБ`,
  emptyBody: "Пустое тело запроса: файл не передан",
  fileMissing: (name: string) => `Файл ${name} не был передан в этом обмене`,
  badZip: (reason: string) => `Архив не распакован: ${reason}`,
  methodNotAllowed: "Обмен принимает только GET и POST",
  filePostOnly: "Файл передаётся методом POST",
  ordersSent: (count: number) => `Отправлено заказов: ${count}`,
  ordersTaken: (count: number) => `1С подтвердила приём заказов: ${count}`,
} as const;
