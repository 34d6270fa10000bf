import { Container } from "../kit/Container.tsx";
import { ErrorPage, type ErrorView } from "./ErrorPage.tsx";
import { Footer } from "./Footer.tsx";
import { header, lightHeader, main, mainBar, page, pushedEnd } from "./frame.css.ts";
import { Logo } from "./Logo.tsx";
import { PhonesPanel } from "./PhonesPanel.tsx";

/** The error layout: a lean header that needs no data (the database may be down), the message, the footer. */
export function ErrorLayout({ view }: { view: ErrorView }) {
  return (
    <div className={page}>
      {/* A white header: the phone link takes the text colour (it was near-white on white). */}
      <header className={`${header} ${lightHeader}`}>
        <Container className={mainBar}>
          <Logo />
          <div className={pushedEnd}>
            <PhonesPanel />
          </div>
        </Container>
      </header>
      <main className={main} id="main">
        <ErrorPage view={view} />
      </main>
      <Footer />
    </div>
  );
}
