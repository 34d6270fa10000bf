import { Link } from "react-router";
import { button } from "../kit/kit.css.ts";
import { Container } from "../kit/Container.tsx";
import { errorActions, errorCode, errorImage, errorMessage, errorSection, errorTitle } from "./error-page.css.ts";

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

export function ErrorPage({ view }: { view: ErrorView }) {
  return (
    <Container>
      <section className={errorSection} aria-labelledby="error-title">
        <svg className={errorImage} viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="52" fill="#f3e3b5" stroke="#b8860b" strokeWidth="6" />
          <circle cx="60" cy="60" r="38" fill="none" stroke="#b8860b" strokeWidth="2" strokeDasharray="4 6" />
          <text x="60" y="72" textAnchor="middle" fontSize="34" fontWeight="700" fill="#7a5200">?</text>
        </svg>
        <p className={errorCode}>{view.status}</p>
        <h1 id="error-title" className={errorTitle}>
          {view.title}
        </h1>
        <p className={errorMessage}>{view.message}</p>
        <p className={errorActions}>
          <Link to="/" className={button} reloadDocument>
            {errorTexts.home}
          </Link>
        </p>
      </section>
    </Container>
  );
}
