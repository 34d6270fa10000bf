// The account pages on a phone: a long e-mail wraps instead of widening the page, and the
// account menu leaves the page itself on the first screen.
import { expect, test } from "./fixtures.ts";
import { phone } from "./helpers.ts";
import { horizontalOverflow, signIn } from "./layout-steps.ts";

test.use({ viewport: phone });

test("on a phone, /my/profile with a long e-mail fits the screen and shows its data on the first screen", async ({ page, baseURL }) => {
  await signIn(page, baseURL!);
  const email = "konstantin.konstantinopolskiy.kollekcioner.monet@mezhdunarodnaya-kompaniya.example.ru";
  expect((await page.request.post("/api/me", { data: { name: "Полякова Мария", email }, headers: { Origin: baseURL! } })).status()).toBe(200);
  await page.goto("/my/profile");
  await expect(page.getByText(email)).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  // The page's own heading and its first facts, not just the menu, on the first screen.
  const facts = (await page.locator("main dl").boundingBox())!;
  expect(facts.y).toBeLessThan(phone.height * 0.6);
});
