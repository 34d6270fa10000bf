import { Outlet } from "react-router";
import { Container } from "#app/ui/kit/Container.tsx";
import { blankBar, blankContent, main, mainBar, page } from "#app/ui/frame/frame.css.ts";
import { Logo } from "#app/ui/frame/Logo.tsx";

/** The blank layout of spec section 2: only the logo and the page (used by /cabinet/create). */
export default function BlankLayout() {
  return (
    <div className={page}>
      <Container className={`${mainBar} ${blankBar}`}>
        <Logo />
      </Container>
      <main className={main} id="main">
        <Container className={blankContent}>
          <Outlet />
        </Container>
      </main>
    </div>
  );
}
