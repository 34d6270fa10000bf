// A company pays by invoice, with and without JavaScript, on a phone and a wide screen: the
// checkout's «Покупаю как организация или ИП» reveals the company's fields, a wrong ИНН is named in
// Russian, the order is placed with «Оплата по счёту» and its invoice is on the order page; then a
// manager uploads the bank's statement and applies the payment, and the order is paid.
import type { Page } from "@playwright/test";
import { encodeSingleByte } from "#app/modules/shared/single-byte-encoding.ts";
import { statementFile } from "#tests/support/bank-statement-file.ts";
import { e2eInvoiceManagers } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";
import { phone, signInAndFillCheckout, waitForHydration } from "./helpers.ts";
import { wide } from "./layout-steps.ts";

const shots = "/tmp/inv-shots";
/** The demo seller's account (config/invoice-settings.ts). */
const SHOP_ACCOUNT = "40702810200000012345";

/** The invoices this project's buyers placed, for the manager's statement below. */
const placed: Array<{ number: string; total: number }> = [];

async function addSilverCoin(page: Page) {
  await page.goto("/products/300-letie-poltavskoy-bitvy-3-rublya-2009");
  await page.getByRole("region", { name: "Цена и покупка" }).getByRole("button", { name: "В корзину" }).click();
  await expect(page.getByTestId("cart-link").getByTestId("count-badge")).toHaveText("1");
}

for (const viewport of [phone, wide]) {
  test(`a company orders with «Оплата по счёту» (${viewport.width} px)`, async ({ page, baseURL, javaScriptEnabled }) => {
    const mode = javaScriptEnabled ? "js" : "nojs";
    await page.setViewportSize(viewport);
    await addSilverCoin(page);
    await signInAndFillCheckout(page, baseURL!, javaScriptEnabled);
    const company = page.locator("#company");
    await expect(company.getByLabel("ИНН")).toBeHidden();
    await company.getByLabel("Покупаю как организация или ИП").check();
    await expect(company.getByLabel("ИНН")).toBeVisible();
    await company.getByLabel("ИНН").fill("7707083894");
    await company.getByLabel("КПП (для организации)").fill("773601001");
    await company.getByLabel("Полное наименование").fill("ООО «Ромашка»");
    await company.getByLabel("Юридический адрес").fill("117312, г. Москва, ул. Вавилова, д. 19");
    await company.getByLabel("Контактное лицо").fill("Петров Иван");
    await page.getByLabel(/^Оплата по счёту/).check();
    await company.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/checkout-company-${mode}-${viewport.width}.png` });
    await page.locator("#payment").screenshot({ path: `${shots}/checkout-payment-${mode}-${viewport.width}.png` });

    await page.getByTestId("place-order").click();
    await expect(page.getByText("ИНН с ошибкой: проверьте цифры (контрольное число не сходится)").first()).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    await page.locator("#company").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/checkout-company-error-${mode}-${viewport.width}.png` });
    await page.locator("#company").getByLabel("ИНН").fill("7707083893");
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/thanks\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get("order")!;

    await page.goto(`/my/orders/${orderId}`);
    const invoice = page.getByTestId("order-invoice");
    await expect(invoice).toContainText("Оплатите его банковским переводом до");
    const number = (await page.getByTestId("order-number").textContent())!.replace("№", "");
    await expect(invoice.getByRole("link", { name: `Скачать счёт №${number} (PDF)` })).toHaveAttribute("href", `/my/orders/${orderId}/invoice`);
    const total = Number((await page.getByTestId("order-total").textContent())!.replace(/\D/g, ""));
    placed.push({ number, total });
    await page.screenshot({ path: `${shots}/order-invoice-${mode}-${viewport.width}.png` });
  });
}

test("a manager applies the bank statement, and the invoices are paid", async ({ page, javaScriptEnabled }) => {
  expect(placed).toHaveLength(2);
  const mode = javaScriptEnabled ? "js" : "nojs";
  await signInStaff(page, e2eInvoiceManagers[mode]);
  await page.goto("/admin/invoices");
  const text = statementFile(
    [
      ...placed.map((order, index) => ({
        number: `${mode === "js" ? 7 : 8}0${index}`,
        sum: `${order.total}.00`,
        purpose: `Оплата по счёту № ${order.number}, без НДС`,
      })),
      { number: `${mode === "js" ? 7 : 8}99`, sum: "1000.00", purpose: "Оплата за монеты" },
    ],
    { account: SHOP_ACCOUNT },
  );
  await page.getByLabel("Файл выписки").setInputFiles({ name: "kl_to_1c.txt", mimeType: "text/plain", buffer: encodeSingleByte(text, "windows-1251") });
  await page.getByRole("button", { name: "Загрузить и сопоставить" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/statements\/\d+$/);
  await expect(page.getByTestId("payment-match")).toHaveText(["Совпадает: счёт и сумма", "Совпадает: счёт и сумма", "Счёт не найден"]);
  for (const viewport of [phone, wide]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${shots}/statement-${mode}-${viewport.width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Провести отмеченные платежи" }).click();
  await expect(page.getByText(`Проведено платежей: 2. Оплачены заказы: №${placed[0]!.number}, №${placed[1]!.number}.`)).toBeVisible();
});
