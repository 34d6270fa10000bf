import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Footer } from "./Footer.tsx";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderFooter() {
  const Stub = createRoutesStub([{ path: "*", Component: Footer }]);
  render(<Stub />);
  return screen.findByTestId("site-footer");
}

describe("Footer", () => {
  it("shows © from 2000 to the current year, in Moscow time", async () => {
    // 31 December 2031, 22:30 UTC is already 1 January 2032 in Moscow.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2031-12-31T22:30:00Z") });
    const footer = await renderFooter();
    expect(footer.textContent).toContain("© 2000–2032");
  });

  it("links the privacy policy PDF", async () => {
    const footer = await renderFooter();
    const link = within(footer).getByRole("link", { name: "Политика обработки персональных данных" });
    expect(link.getAttribute("href")).toBe("/docs/privacy.pdf");
  });

  it("shows the five payment logos with their names as alt texts", async () => {
    const footer = await renderFooter();
    const logos = within(within(footer).getByRole("list", { name: "Способы оплаты" })).getAllByRole("img");
    expect(logos.map((logo) => logo.getAttribute("alt"))).toEqual(["Мир", "Visa", "Mastercard", "СБП", "ЮKassa"]);
    for (const logo of logos) {
      expect(logo.getAttribute("src")).toMatch(/^\/payments\/[a-z]+\.svg$/);
      // Sized up front, so the page does not jump when they load.
      expect(Number(logo.getAttribute("width"))).toBeGreaterThan(0);
      expect(Number(logo.getAttribute("height"))).toBeGreaterThan(0);
    }
  });

  it("gives both phones as tel: links and the support extension 107", async () => {
    const footer = await renderFooter();
    expect(within(footer).getByRole("link", { name: "+7 (495) 269-69-99" }).getAttribute("href")).toBe("tel:+74952696999");
    expect(within(footer).getByRole("link", { name: "+7 (800) 500-29-72" }).getAttribute("href")).toBe("tel:+78005002972");
    expect(footer.textContent).toMatch(/доб\.\s*107/);
  });

  it("links the messengers and the e-mail", async () => {
    const footer = await renderFooter();
    expect(within(footer).getByRole("link", { name: "Telegram" }).getAttribute("href")).toMatch(/^https:\/\/t\.me\//);
    expect(within(footer).getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\//);
    expect(within(footer).getByRole("link", { name: "info@aurum-coins.ru" }).getAttribute("href")).toBe("mailto:info@aurum-coins.ru");
  });
});
