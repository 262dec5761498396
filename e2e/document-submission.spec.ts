import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { ERROR_MESSAGES } from "@portal/domain";
import { logInToContactUs, secondMember, seeded } from "./support";

// Requirements §2 document-submission screen, and its failure.

test("shows the submission's category, documents and date, and Back returns", async ({ page, context }) => {
  await logInToContactUs(page);
  await page.goto(`/#/document-submission?reference=${seeded.documentSubmission}`);
  await expect(page.getByRole("heading", { name: "How can we help?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Document Submission" })).toBeVisible();
  for (const column of ["Category", "Documents", "Date"]) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("cell", { name: "Medical claims" })).toBeVisible();
  await expect(page.getByRole("cell", { name: /^\d{4}-\d{2}-\d{2}$/ })).toBeVisible();
  const [opened] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "hospital-account.pdf" }).click(),
  ]);
  await opened.waitForLoadState();
  expect(opened.url()).toMatch(
    new RegExp(`/document-submissions/${seeded.documentSubmission}/attachments/\\d+$`),
  );
  await opened.close();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
});

test("another member's submission answers like a missing one", async ({ page }) => {
  await logInToContactUs(page, secondMember);
  await page.goto(`/#/document-submission?reference=${seeded.documentSubmission}`);
  await expect(page.getByRole("alert").filter({ hasText: ERROR_MESSAGES.documentSubmission })).toBeVisible();
  await expect(page.getByRole("link", { name: "hospital-account.pdf" })).toHaveCount(0);
});
