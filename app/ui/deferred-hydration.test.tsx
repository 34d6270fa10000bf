import { act, Suspense, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { deferHydration, pageHasHydrated } from "./deferred-hydration.tsx";

// act() flushes the hydration and its effects before the expectations.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-hydrated");
});

function Part({ text }: { text: string }) {
  return <button type="button">{text}</button>;
}

/** The root's mark, as root.tsx sets it: the outermost effect of the first render. */
function Page({ part }: { part: ReactNode }) {
  useEffect(pageHasHydrated, []);
  return (
    <>
      <p>page</p>
      {part}
    </>
  );
}

describe("deferHydration and the document's hydrated mark", () => {
  it("marks the document only once the deferred part's code has come and the part has hydrated", async () => {
    let release!: () => void;
    const code = new Promise<{ default: typeof Part }>((resolve) => (release = () => resolve({ default: Part })));
    const Deferred = deferHydration(() => code);
    // What the server sends: the part rendered in place, in its Suspense boundary.
    const container = document.createElement("div");
    container.innerHTML = renderToString(
      <Page
        part={
          <Suspense fallback={null}>
            <Part text="part" />
          </Suspense>
        }
      />,
    );
    document.body.append(container);
    const button = container.querySelector("button")!;

    await act(async () => {
      hydrateRoot(container, <Page part={<Deferred text="part" />} />);
    });
    expect(document.documentElement.hasAttribute("data-hydrated")).toBe(false);
    expect(container.querySelector("button")).toBe(button);

    await act(async () => release());
    expect(document.documentElement.hasAttribute("data-hydrated")).toBe(true);
    // Hydrated, not replaced: the server's element is the one React now owns.
    expect(container.querySelector("button")).toBe(button);
  });
});
