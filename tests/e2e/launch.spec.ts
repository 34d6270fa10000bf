// A launch day as a buyer sees it, with JavaScript on and off, on a phone and a desktop (decision 056):
// /new-issues lists the announced coin and the one just launched; the announced coin's page says
// «Скоро в продаже», when, the mintage and the cap, and offers no cart button; the launched coin's
// page sells it with «не более 2 шт. в одни руки», and a third piece is refused with that reason at
// the checkout. Screenshots go to test-results/launch/ to be looked at.
import { expect, test } from "./fixtures.ts";
import { phone, waitForHydration } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";

const coming = { path: "/products/kompleks-hrama-voskreseniya-hristova-3-rublya-2020", name: "Комплекс Храма Воскресения Христова 3 рубля 2020" };
const launched = {
  path: "/products/mezhdunarodnyy-forum-po-sohraneniyu-populyacii-tigra-3-rublya-2022",
  name: "Международный форум по сохранению популяции тигра 3 рубля 2022",
};

for (const [screen, viewport] of [
  ["phone", phone],
  ["desktop", wide],
] as const) {
  test(`the coming and the launched coin on a ${screen}`, async ({ page, javaScriptEnabled }) => {
    const shot = (what: string) => `test-results/launch/${what}-${screen}-${javaScriptEnabled ? "js" : "nojs"}.png`;
    await page.setViewportSize(viewport);

    await page.goto("/new-issues");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: coming.name }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: launched.name }).first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot("new-issues"), fullPage: true });

    // Before its opening: the announcement, and nothing to buy.
    await page.goto(coming.path);
    const facts = page.getByTestId("launch-facts");
    await expect(facts).toContainText("Скоро в продаже");
    await expect(facts.getByTestId("launch-opens")).toContainText("Продажи начнутся");
    await expect(facts.getByTestId("launch-mintage")).toContainText("Тираж");
    await expect(facts.getByTestId("buyer-cap")).toHaveText("Ограничение: не более 2 шт. в одни руки");
    const buy = page.getByRole("region", { name: "Цена и покупка" });
    await expect(buy.getByRole("button", { name: "В корзину" })).toHaveCount(0);
    await expect(page.getByTestId("launch-subscribe")).toContainText("Сообщить о начале продаж");
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot("coming-coin") });

    // After its opening: on sale, within the cap.
    await page.goto(launched.path);
    await expect(page.getByTestId("launch-facts")).toHaveCount(0);
    await expect(page.getByTestId("buyer-cap")).toHaveText("Ограничение: не более 2 шт. в одни руки");
    await expect(buy.getByTestId("price")).toBeVisible();
    await expect(buy.getByLabel("Количество")).toHaveAttribute("max", "2");
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: shot("launched-coin") });
  });
}

test("a third piece of the launched coin goes into the cart as two, with the cap said", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize(phone);
  await page.goto(launched.path);
  // With JavaScript the form is the fetcher's only once the page has hydrated; before that it posts as a plain form.
  if (javaScriptEnabled) await waitForHydration(page);
  const buy = page.getByRole("region", { name: "Цена и покупка" });
  const quantity = buy.getByLabel("Количество");
  // A browser keeps a number field within its max; a script or an old form may not.
  await quantity.evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
  await quantity.fill("3");
  await buy.getByRole("button", { name: /В корзину/ }).click();
  // The reason, with or without JavaScript: in the button's status line, or in the notice after the redirect.
  const said = javaScriptEnabled ? buy.getByTestId("in-cart") : page.getByTestId("flash");
  await expect(said).toContainText("Не более 2 шт. этой монеты в одни руки: в корзине 2 шт.");
  await page.goto("/cart");
  await expect(page.getByTestId("line-quantity")).toHaveValue("2");
  await expect(page.getByTestId("line-buyer-cap")).toHaveText("не более 2 шт. в одни руки");
  await page.screenshot({ path: `test-results/launch/cart-capped-phone-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });
});
