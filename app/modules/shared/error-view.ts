/** The texts of spec sections 2 and 8. */
export const errorTexts = {
  notFoundTitle: "Страница не найдена",
  notFoundMessage: "Мы сожалеем, но страница на которую вы попытались перейти не существует.",
  unavailableTitle: "Сервис временно недоступен",
  otherTitle: "Что-то пошло не так",
  otherMessage: "Мы уже разбираемся, что пошло не так. Попробуйте зайти позже.",
  home: "Перейти на главную",
} as const;

export type ErrorView = { status: number; title: string; message: string };

/**
 * What the error page shows for a status and its message. A server error (500)
 * is shown as 503; a message containing 'not found' is a missing page.
 */
export function describeError(status: number, statusMessage = ""): ErrorView {
  if (status === 404 || /not found/i.test(statusMessage)) {
    return { status, title: errorTexts.notFoundTitle, message: errorTexts.notFoundMessage };
  }
  if (status >= 500 || status === 0) {
    return { status: 503, title: errorTexts.unavailableTitle, message: errorTexts.otherMessage };
  }
  return { status, title: errorTexts.otherTitle, message: errorTexts.otherMessage };
}
