import { Link } from "react-router";
import { button } from "../kit/kit.css.ts";
import { Container } from "../kit/Container.tsx";
import { errorActions, errorCode, errorImage, errorMessage, errorSection, errorTitle } from "./frame.css.ts";

import { errorTexts, type ErrorView } from "#app/modules/shared/error-view.ts";

export { describeError, errorTexts, type ErrorView } from "#app/modules/shared/error-view.ts";

export function ErrorPage({ view }: { view: ErrorView }) {
  return (
    <Container>
      <section className={errorSection} aria-labelledby="error-title">
        <svg className={errorImage} viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="52" fill="#f3e3b5" stroke="#b8860b" strokeWidth="6" />
          <circle cx="60" cy="60" r="38" fill="none" stroke="#b8860b" strokeWidth="2" strokeDasharray="4 6" />
          <text x="60" y="72" textAnchor="middle" fontSize="34" fontWeight="700" fill="#7a5200">
            ?
          </text>
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
