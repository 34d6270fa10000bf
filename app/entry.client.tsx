import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
// zod's Russian messages for every schema a page checks in the browser (decision 029).
import "#app/modules/forms/zod-locale.ts";
import { proposeVisitorId } from "#app/modules/visitor/visitor-proposal.ts";

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

// Every POST form's submission (a fetcher's too) carries the visitor id this page proposes until
// the server's cookie comes, so a first visit's presses sent together are one visitor's (decision 071).
// Capturing on the document runs before React's own handlers, which submit through fetchers. A GET
// (the search) proposes nothing: its pages stay shared.
document.addEventListener(
  "submit",
  (event) => {
    const submitter = (event as SubmitEvent).submitter;
    const method = submitter?.getAttribute("formmethod") ?? (event.target as HTMLFormElement).method;
    if (method.toLowerCase() === "post") proposeVisitorId(document);
  },
  { capture: true },
);
