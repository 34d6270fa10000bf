import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { emptyDraft } from "#app/modules/checkout/draft.ts";
import { AddressSection } from "./CheckoutSections.tsx";

afterEach(cleanup);

describe("the courier address fields and the browser's autofill", () => {
  it("offers the flat of a saved address to 'Квартира, офис', never to 'Дом, корпус'", () => {
    render(<AddressSection draft={emptyDraft()} errors={{}} />);
    // Autofill's second address line is the flat or office; there is no token for a house number alone.
    expect(screen.getByLabelText(/^Квартира, офис/).getAttribute("autocomplete")).toBe("address-line2");
    expect(screen.getByLabelText(/^Дом, корпус/).getAttribute("autocomplete")).toBe("off");
    expect(screen.getByLabelText(/^Улица/).getAttribute("autocomplete")).toBe("address-line1");
  });
});
