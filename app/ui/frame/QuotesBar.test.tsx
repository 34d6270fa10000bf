import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { computeCourses } from "#app/modules/quotes/instruments.ts";
import type { QuotesView } from "#app/modules/quotes/view.ts";
import { QuotesBar } from "./QuotesBar.tsx";
import * as css from "./quotes-bar.css.ts";

afterEach(cleanup);

const quotes: QuotesView = {
  time: "2026-11-20T12:05:00Z",
  // Gold up, silver down, the dollar unchanged.
  courses: computeCourses({ XAU_RUB: 11_000, XAG_RUB: 140, USD_RUB: 80 }, { XAU_RUB: 10_900.5, XAG_RUB: 141, USD_RUB: 80 }),
  sourceLabel: "Банк России",
  marketOpen: true,
};

async function renderBar(view: QuotesView | null) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <QuotesBar quotes={view} largeScreensOnly={false} /> }]);
  render(<Stub initialEntries={["/"]} />);
  return screen.findByTestId("quotes-bar");
}

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe("QuotesBar", () => {
  it("shows the five figures with two fraction digits, in the spec's order", async () => {
    const bar = await renderBar(quotes);
    const items = within(bar).getAllByRole("listitem");
    expect(items.map((item) => item.dataset.course)).toEqual(["XAU_RUB", "XAU_USD", "XAG_RUB", "XAG_USD", "USD_RUB"]);
    expect(plain(items[0]!.textContent)).toContain("11 000,00 ₽");
    expect(plain(items[4]!.textContent)).toContain("80,00 ₽");
  });

  it("colours a rise green with an up arrow and a fall orange-red with a down arrow", async () => {
    const bar = await renderBar(quotes);
    const gold = within(bar).getAllByRole("listitem")[0]!;
    const silver = within(bar).getAllByRole("listitem")[2]!;
    expect(gold.dataset.direction).toBe("up");
    expect(silver.dataset.direction).toBe("down");
    expect(gold.querySelector(`.${css.change.up.split(" ")[0]}`)).not.toBeNull();
    expect(silver.querySelector(`.${css.change.down.split(" ")[0]}`)).not.toBeNull();
    expect(gold.textContent).toContain("рост");
    expect(silver.textContent).toContain("снижение");
    expect(plain(gold.textContent)).toContain("99,50");
    // The arrows are drawn differently.
    expect(gold.querySelector("use")?.getAttribute("href")).toBe("#icon-arrowUp");
    expect(silver.querySelector("use")?.getAttribute("href")).toBe("#icon-arrowDown");
  });

  it("shows the time of the last update in Moscow and whether the exchange trades", async () => {
    const bar = await renderBar(quotes);
    expect(bar.textContent).toContain("Обновлено 15:05 МСК");
    expect(bar.textContent).toContain("Биржа открыта");
  });

  it("leads to the quotes page while there are no quotes", async () => {
    const bar = await renderBar(null);
    expect(within(bar).getByRole("link").getAttribute("href")).toBe("/quotes-online");
    expect(within(bar).queryAllByRole("listitem")).toHaveLength(0);
  });
});
