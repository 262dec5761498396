import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { demoMember, logInToContactUs, pdfFile } from "./support";

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

test("when the session ends mid-query, logging in again in place keeps the text and the file", async ({
  page,
}) => {
  await logInToContactUs(page);
  await page.getByLabel("What do you want to log a query about:").selectOption("OTHER");
  await page.getByLabel("Query details").fill("E2E: written before my session ended.");
  await page.getByLabel("Attachments", { exact: true }).setInputFiles(pdfFile("kept.pdf"));
  // The session ends on the server (as after the idle limit): the next call answers 401.
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  expect(
    (await page.context().request.post("/wsg/logout", { headers: { "X-XSRF-TOKEN": xsrf } })).status(),
  ).toBe(204);

  await page.getByRole("button", { name: "Send Query" }).click();
  const dialog = page.getByRole("dialog", { name: "Your session has ended" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Username").fill(demoMember.username);
  await dialog.getByLabel("Password").fill(demoMember.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByLabel("Query details")).toHaveValue("E2E: written before my session ended.");
  await expect(page.getByText("kept.pdf")).toBeVisible();
  await page.getByRole("button", { name: "Send Query" }).click();
  await expect(page.getByText(/Your reference number is 3\d{5}\./)).toBeVisible();
});
