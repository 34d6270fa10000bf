// «Обмен с 1С» and «Новые из 1С» as the owner uses them, JavaScript on and off, on a desktop (1366 px)
// and a phone (390 px): the login set, a catalogue exchange run by the scripted 1C client, its group
// mapped to a section, a status name added to the table, the log filtered, and the new good it brought
// published as a coin. Screenshots go to SHOTS_DIR (default test-results/exchange/) to be looked at.
import { expect, test } from "./fixtures.ts";
import { e2eExchangeOwners } from "./back-office-data.ts";
import { signInStaff } from "./back-office.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, wide } from "./layout-steps.ts";
import { OneCClient } from "#tests/exchange/one-c-client.ts";

const shots = process.env.SHOTS_DIR ?? "test-results/exchange";

function importXml(mode: string) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <Классификатор><Ид>cls-e2e</Ид><Наименование>Классификатор</Наименование>
    <Группы><Группа><Ид>grp-e2e-${mode}</Ид><Наименование>Золотые слитковые (${mode})</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="true"><Ид>cat-e2e</Ид><ИдКлассификатора>cls-e2e</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары><Товар><Ид>good-e2e-${mode}</Ид><Артикул>E2E-${mode.toUpperCase()}-1</Артикул><Наименование>Тестовая монета из 1С (${mode})</Наименование>
      <Группы><Ид>grp-e2e-${mode}</Ид></Группы>
      <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Проба</Наименование><Значение>999</Значение></ЗначениеРеквизита><ЗначениеРеквизита><Наименование>Вес</Наименование><Значение>15,55</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>
    </Товар></Товары>
  </Каталог>
</КоммерческаяИнформация>`;
}

test("the owner connects 1C, maps its group, names a status, filters the log and publishes the new good", async ({ page, javaScriptEnabled, baseURL }) => {
  test.setTimeout(180_000);
  const mode = javaScriptEnabled ? "js" : "nojs";
  const password = `пароль-обмена-e2e-${mode}`;
  await page.setViewportSize(wide);
  await signInStaff(page, e2eExchangeOwners[mode]);
  await page.goto("/admin/exchange");
  const credentials = page.getByTestId("exchange-credentials");
  await credentials.getByLabel("Логин").fill(`1c-${mode}`);
  await credentials.getByLabel("Новый пароль (от 12 знаков)").fill(password);
  await credentials.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Логин и пароль обмена сохранены.");

  // 1C's side: a catalogue exchange with a good the shop does not have.
  const exchange = async () => {
    const onec = new OneCClient(baseURL!, `1c-${mode}`, password);
    expect((await onec.checkauth("catalog")).lines[0]).toBe("success");
    await onec.sendFile("catalog", "import.xml", Buffer.from(importXml(mode)), 1024 * 1024);
    expect((await onec.importFile("import.xml")).lines).toEqual(["success"]);
  };
  await exchange();

  await page.goto("/admin/exchange");
  const groups = page.getByTestId("exchange-groups");
  await groups.getByLabel(`Раздел для группы «Золотые слитковые (${mode})»`).selectOption({ label: "Золотые инвестиционные монеты" });
  await groups.getByRole("button", { name: "Сохранить разделы" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Разделы для групп из 1С сохранены.");
  // The section's values reach the waiting good at the next exchange.
  await exchange();
  await page.reload();

  const statuses = page.getByTestId("exchange-statuses");
  // The first of the three empty rows under the table: saved, it stays in that place.
  const free = (await statuses.locator('input[name$=".name"]').count()) - 2;
  await statuses.getByLabel(`Название в 1С, строка ${free}`).fill(`Передан курьеру ${mode}`);
  await statuses.getByLabel(`Статус сайта, строка ${free}`).selectOption({ label: "Отправлен" });
  await statuses.getByRole("button", { name: "Сохранить статусы" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Таблица статусов сохранена.");
  await expect(page.getByTestId("exchange-statuses").getByLabel(`Название в 1С, строка ${free}`)).toHaveValue(`Передан курьеру ${mode}`);

  await page.getByRole("search").locator('select[name="type"]').selectOption({ label: "каталог" });
  await page.getByRole("search").getByRole("button", { name: "Найти" }).click();
  await expect(page).toHaveURL(/[?&]type=catalog/);
  await expect(page.getByTestId("exchange-log-table")).toContainText("каталог");
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${shots}/exchange-${viewport.width}-${mode}.png`, fullPage: true });
  }

  await page.setViewportSize(wide);
  await page.goto("/admin/exchange/goods");
  const row = page
    .getByTestId("new-goods-table")
    .getByRole("row")
    .filter({ hasText: `Тестовая монета из 1С (${mode})` });
  await expect(row).toContainText("чистый вес, страна, номинал, эмитент, цена");
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${shots}/new-goods-${viewport.width}-${mode}.png`, fullPage: true });
  }
  await page.setViewportSize(wide);
  await row.getByRole("link").click();
  const form = page.getByTestId("publish-form");
  await expect(form.locator('select[name="metal"]')).toHaveValue("gold");
  await expect(form.locator('input[name="fineness"]')).toHaveValue("999");
  await form.locator('input[name="pureGrams"]').fill("16");
  await form.locator('input[name="denomination"]').fill("100 рублей");
  await form.locator('input[name="country"]').fill("Россия");
  await form.locator('input[name="issuer"]').fill("Банк России");
  await form.locator('input[name="premiumPercent"]').fill("7");
  await form.getByRole("button", { name: "Опубликовать на сайте" }).click();
  await expect(page.getByTestId("edit-error")).toContainText("чистого металла не может быть больше общего веса");
  for (const viewport of [wide, phone]) {
    await page.setViewportSize(viewport);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: `${shots}/new-good-${viewport.width}-${mode}.png`, fullPage: true });
  }
  await page.setViewportSize(wide);
  await form.locator('input[name="pureGrams"]').fill("15,54");
  await form.getByRole("button", { name: "Опубликовать на сайте" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/catalog/E2E-${mode.toUpperCase()}-1$`));
  await expect(page.getByTestId("flash")).toHaveText(`Монета E2E-${mode.toUpperCase()}-1 опубликована и продаётся на сайте.`);
});
