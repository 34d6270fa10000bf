import { Container } from "../kit/Container.tsx";
import { ErrorPage, type ErrorView } from "./ErrorPage.tsx";
import { Footer } from "./Footer.tsx";
import { main, mainBar, page, header } from "./frame.css.ts";
import { Logo } from "./Logo.tsx";
import { PhonesPanel } from "./PhonesPanel.tsx";

/** The error layout: a lean header that needs no data (the database may be down), the message, the footer. */
export function ErrorLayout({ view }: { view: ErrorView }) {
  return (
    <div className={page}>
      <header className={header}>
        <Container className={mainBar}>
          <Logo />
          <div style={{ marginInlineStart: "auto" }}>
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
