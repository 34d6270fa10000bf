import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
// zod's Russian messages for every schema a page checks in the browser (decision 029).
import "#app/modules/forms/zod-locale.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// React Router's default entry, except that hydration waits for the first frame: the page
// arrives as complete HTML, and on a slow phone hydrating it before the browser has painted
// it holds the first paint back by the whole hydration (Lighthouse saw a second). The
// server's HTML works meanwhile (links and forms need no JavaScript). A tab opened in the
// background hydrates when it is first shown.
requestAnimationFrame(() => setTimeout(hydrate, 0));
