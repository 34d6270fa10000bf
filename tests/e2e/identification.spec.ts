// 115-FZ identification at checkout, with and without JavaScript, on a phone and a wide screen:
// an order at or above the threshold asks for the passport data on its own step, says what is
// wrong in Russian, comes back to the checkout with the data on record and is then placed.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectNativeRefusal, phone, signInAndFillCheckout, waitForHydration } from "./helpers.ts";
import { wide } from "./layout-steps.ts";

const shots = "/work/notes/shots/identification";

async function addGoldCoin(page: Page) {
  await page.goto("/products/kryugerrand-1-unciya");
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
}

for (const viewport of [phone, wide]) {
  test(`an order over the threshold goes through identification (${viewport.width} px)`, async ({ page, baseURL, javaScriptEnabled }) => {
    const mode = javaScriptEnabled ? "js" : "nojs";
    await page.setViewportSize(viewport);
    await addGoldCoin(page);
    await signInAndFillCheckout(page, baseURL!, javaScriptEnabled);
    const section = page.getByTestId("identification-section");
    await expect(section).toContainText("закон № 115-ФЗ обязывает продавца");
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/checkout-section-${mode}-${viewport.width}.png` });
    const total = await page.getByTestId("order-total").textContent();

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/checkout\/identification$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Идентификация покупателя");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Дата рождения (ДД.ММ.ГГГГ)").fill("31.02.1990");
    // Without JavaScript the browser first asks for the required fields (native required); the server's words are behind it.
    if (!javaScriptEnabled)
      await expectNativeRefusal(page.locator("form", { has: page.getByLabel("Дата рождения (ДД.ММ.ГГГГ)") }), [
        page.getByLabel(/Я согласен на обработку моих паспортных данных/),
      ]);
    await page.getByLabel("Дата рождения (ДД.ММ.ГГГГ)").press("Enter");
    await expect(page.getByText("Введите дату в формате ДД.ММ.ГГГГ")).toBeVisible();
    await expect(page.getByText("Нужно согласие на обработку персональных данных")).toBeVisible();
    await page.screenshot({ path: `${shots}/step-errors-${mode}-${viewport.width}.png`, fullPage: true });

    await page.getByLabel("Фамилия, имя и отчество — как в паспорте").fill("Полякова Мария Андреевна");
    await page.getByLabel("Дата рождения (ДД.ММ.ГГГГ)").fill("05.06.1990");
    await page.getByLabel("Серия паспорта (для паспорта РФ)").fill("4512");
    await page.getByLabel("Номер паспорта или документа").fill("654321");
    await page.getByLabel("Дата выдачи (ДД.ММ.ГГГГ)").fill("20.06.2010");
    await page.getByLabel("Код подразделения (если есть)").fill("770-002");
    await page.getByLabel("Кем выдан").fill("ОУФМС России по г. Москве");
    await page.getByLabel("Адрес регистрации").fill("г. Москва, Ленинский пр-т, д. 10, кв. 5");
    await page.getByLabel(/Я согласен на обработку/).check();
    await page.screenshot({ path: `${shots}/step-filled-${mode}-${viewport.width}.png`, fullPage: true });
    await page.getByRole("button", { name: "Сохранить и вернуться к заказу" }).click();

    await expect(page).toHaveURL(/\/checkout(#identification)?$/);
    await expect(section).toContainText("Данные получены: Полякова М. А., документ •• 4321");
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/checkout-on-record-${mode}-${viewport.width}.png` });
    await expect(page.getByTestId("order-total")).toHaveText(total!);
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/payment\/sandbox\//);
  });
}
