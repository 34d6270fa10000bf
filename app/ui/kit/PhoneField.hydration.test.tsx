import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PhoneField } from "./PhoneField.tsx";

// act() flushes the hydration and its effects before the expectations.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.removeAttribute("data-hydrated");
});

const field = (onDigitsChange?: (digits: string) => void) => (
  <PhoneField
    label="Телефон"
    errors={undefined}
    inputProps={{ id: "phone", name: "phone", defaultValue: "+7 (916) 111-22-33" }}
    onDigitsChange={onDigitsChange}
  />
);

/** The server's field in the page, as the browser has it before the scripts come. */
function serverField(): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = renderToString(field());
  document.body.append(container);
  return container;
}

/** Types into the server's field, hydrates it and returns the field's value and the digits it reported. */
async function typeThenHydrate(typed: string) {
  const container = serverField();
  const input = container.querySelector("input")!;
  input.value = typed;
  const digits = vi.fn();
  await act(async () => {
    hydrateRoot(container, field(digits));
  });
  return { value: input.value, digits };
}

describe("PhoneField hydrating after the visitor typed", () => {
  it("keeps the number typed into the server's field before the scripts came, read as the server reads it", async () => {
    const { value, digits } = await typeThenHydrate("8 (926) 555-44-33");
    expect(value).toBe("+7 (926) 555-44-33");
    expect(digits).toHaveBeenCalledWith("9265554433");
  });

  it("keeps it as well when the field hydrates after the rest of the page (DeferredPhoneField)", async () => {
    document.documentElement.setAttribute("data-hydrated", "");
    const { value, digits } = await typeThenHydrate("+7 926 555 44 33");
    expect(value).toBe("+7 (926) 555-44-33");
    expect(digits).toHaveBeenCalledWith("9265554433");
  });

  it("takes the 8 of a number half typed as its prefix, as the mask would have", async () => {
    const { value, digits } = await typeThenHydrate("8 (93");
    expect(value).toBe("+7 (93_) ___-__-__");
    expect(digits).toHaveBeenCalledWith("93");
  });

  it("shows the given number when nothing was typed", async () => {
    const container = serverField();
    await act(async () => {
      hydrateRoot(container, field());
    });
    expect(container.querySelector("input")!.value).toBe("+7 (916) 111-22-33");
  });

  it("takes over what was typed into DeferredPhoneField's stand-in after a client-side navigation", async () => {
    // The stand-in: the plain field shown until the mask's chunk comes, gone when the field replaces it.
    const standIn = document.createElement("div");
    standIn.innerHTML = '<input id="phone" name="phone" type="tel" value="+7 (916) 111-22-33">';
    document.body.append(standIn);
    standIn.querySelector("input")!.value = "8 (926) 555-44";
    const container = document.createElement("div");
    document.body.append(container);
    const digits = vi.fn();
    await act(async () => {
      createRoot(container).render(field(digits));
    });
    standIn.remove();
    expect(container.querySelector("input")!.value).toBe("+7 (926) 555-44-__");
    expect(digits).toHaveBeenCalledWith("92655544");
  });
});
