import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { logInToContactUs } from "./support";

// What a member meets on a phone and with a keyboard (390 × 844, as the findings were made).

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("open queries are stacked rows with their Update links, and nothing scrolls sideways", async ({
    page,
  }) => {
    await logInToContactUs(page);
    const list = page.getByRole("list", { name: "Your open queries" });
    await expect(list).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(list.getByRole("link", { name: /Update query \d+/ }).first()).toBeVisible();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});

test("every screen has its own title; the first Tab reaches the skip link", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/^Member login · /);
  await logInToContactUs(page);
  await expect(page).toHaveTitle(/^Contact us · /);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.goto("/#/my-membership");
  await expect(page).toHaveTitle(/^My membership · /);
  // Logged in, the login page sends the member home.
  await page.goto("/#/login");
  await expect(page).toHaveURL(/#\/contact-us/);
});
