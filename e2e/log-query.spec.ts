import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ERROR_MESSAGES, REPLY_PROMISES, TIMELINE_NOTE } from "@portal/domain";
import { demoMember, logInToContactUs, newcomerMember, pdfFile } from "./support";

// Requirements §2 contact-us screen, as a member uses it.

const categorySelect = (page: Page) => page.getByLabel("What do you want to log a query about:");
const subCategorySelect = (page: Page) => page.getByLabel("Query category");
const detailsField = (page: Page) => page.getByLabel("Query details");
const sendQuery = (page: Page) => page.getByRole("button", { name: "Send Query" });

test("the contact-us screen shows the open queries and the log-a-new-query card", async ({ page }) => {
  await logInToContactUs(page);
  await expect(page.getByRole("heading", { name: "How can we help?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your open queries" })).toBeVisible();
  const table = page.getByRole("table");
  for (const column of ["Category", "Query details", "Date", "Update"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(table.getByRole("cell", { name: "Medical claims" }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: /^\d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();
  await expect(table.getByRole("link", { name: /Update query/ }).first()).toBeVisible();

  await expect(page.getByRole("heading", { name: "Log a new query" })).toBeVisible();
  await expect(page.getByText(/1 to 2 days/)).toBeVisible();

  await page.getByRole("button", { name: "Chat to our virtual assistant" }).click();
  const chat = page.getByRole("dialog", { name: "Virtual assistant" });
  await expect(chat).toBeVisible();
  await chat.getByLabel("Your question").fill("My claim was short paid");
  await chat.getByRole("button", { name: "Ask" }).click();
  await expect(chat.getByRole("log", { name: "Conversation" })).toContainText("My claim was short paid");
  await expect(chat.getByRole("log", { name: "Conversation" }).locator("*").last()).not.toBeEmpty();
  await page.keyboard.press("Escape");
  await expect(chat).toBeHidden();

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("a member without open queries sees no table", async ({ page }) => {
  await logInToContactUs(page, newcomerMember);
  await expect(page.getByRole("heading", { name: "Log a new query" })).toBeVisible();
  await expect(categorySelect(page)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("categories show their help, subcategories their redirect, and redirect-only ones hide the form", async ({
  page,
}) => {
  await logInToContactUs(page);
  await categorySelect(page).selectOption({ label: "Medical claims" });
  await expect(page.getByText("Most claim questions are answered by your claim statement.")).toBeVisible();
  await expect(subCategorySelect(page)).toBeVisible();
  await subCategorySelect(page).selectOption("SUBMIT_A_CLAIM");
  await expect(page.getByTestId("redirect-info")).toContainText(
    "You do not need to log a query to send us a claim.",
  );
  await expect(detailsField(page)).toHaveCount(0);
  await expect(sendQuery(page)).toHaveCount(0);

  await subCategorySelect(page).selectOption("CLAIM_NOT_PAID");
  await expect(detailsField(page)).toBeVisible();
  await expect(sendQuery(page)).toBeVisible();

  // Choosing another category resets the subcategory.
  await categorySelect(page).selectOption("BENEFITS_AND_COVER");
  await expect(subCategorySelect(page)).toHaveValue("");

  // OTHER needs no subcategory.
  await categorySelect(page).selectOption("OTHER");
  await expect(subCategorySelect(page)).toHaveCount(0);
});

test("the e-mail is prefilled, the additional e-mail has its tooltip, and details are counted", async ({
  page,
}) => {
  await logInToContactUs(page);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(demoMember.emails[0]);
  await expect(page.getByLabel("Additional Email address(optional):")).toBeVisible();
  await page.getByRole("button", { name: "About the additional email address" }).focus();
  await expect(page.getByRole("tooltip")).toBeVisible();
  await categorySelect(page).selectOption("OTHER");
  await detailsField(page).fill("Twelve chars");
  await expect(page.getByText("12 / 20000 characters")).toBeVisible();
});

test("attachments by picker and by drag and drop, with sizes, remove and the 10 MB rule", async ({
  page,
}) => {
  await logInToContactUs(page);
  await categorySelect(page).selectOption("OTHER");
  await page
    .getByLabel("Attachments")
    .setInputFiles([pdfFile("claim-form.pdf", 4096), pdfFile("invoice.pdf", 2048)]);
  await expect(page.getByText("claim-form.pdf")).toBeVisible();
  await expect(page.getByText("(4.0 KB)")).toBeVisible();
  await expect(page.getByText("6.0 KB of 10.0 MB used")).toBeVisible();

  await page.getByRole("button", { name: "Remove invoice.pdf" }).click();
  await expect(page.getByText("invoice.pdf")).toHaveCount(0);

  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["%PDF-1.4\n"], "dropped.pdf", { type: "application/pdf" }));
    return transfer;
  });
  await page
    .getByTestId(/drop-zone/)
    .first()
    .dispatchEvent("drop", { dataTransfer: dropped });
  await expect(page.getByText("dropped.pdf")).toBeVisible();

  await page.getByLabel("Attachments", { exact: true }).setInputFiles({
    name: "setup.exe",
    mimeType: "application/x-msdownload",
    buffer: Buffer.from("MZ"),
  });
  await expect(page.getByText(ERROR_MESSAGES.attachmentRule)).toBeVisible();
  // The refusal names the file; the file is not in the list.
  await expect(page.getByText(/setup\.exe was not added/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove setup.exe" })).toHaveCount(0);
});

test("sending with errors marks every field; a valid query shows the success message", async ({ page }) => {
  await logInToContactUs(page);
  await page.evaluate(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  await page.getByLabel("Email", { exact: true }).fill("");
  await sendQuery(page).click();
  await expect(page.getByText("Please select a category").first()).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await categorySelect(page).selectOption("MEDICAL_CLAIMS");
  await subCategorySelect(page).selectOption("CLAIM_NOT_PAID");
  await page.getByLabel("Email", { exact: true }).fill(demoMember.emails[0]);
  await sendQuery(page).click();
  await expect(page.getByText("Please enter your query detail")).toBeVisible();

  await detailsField(page).fill("E2E: my claim for the dentist on 2 November has not been paid.");
  await page
    .getByLabel("Attachments", { exact: true })
    .setInputFiles([pdfFile("dentist-invoice.pdf", 3 * 1024 * 1024)]);
  // A slow line, so the upload's progress can be seen.
  const network = await page.context().newCDPSession(page);
  await network.send("Network.enable");
  await network.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await sendQuery(page).click();
  await expect(page.getByRole("progressbar", { name: "Sending your query" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Sending/ })).toBeDisabled();

  await expect(page.getByText(REPLY_PROMISES.newQuery)).toBeVisible();
  await expect(page.getByText(TIMELINE_NOTE)).toBeVisible();
  await expect(page.getByTestId("query-success").getByRole("link", { name: /timeline/i })).toHaveAttribute(
    "href",
    /#\/interaction-timeline$/,
  );
  const reference = Number(
    (
      await page
        .getByText(/\b3\d{5}\b/)
        .first()
        .textContent()
    )?.match(/3\d{5}/)?.[0],
  );
  expect(reference).toBeGreaterThan(300000);
  const dataLayer = await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer);
  expect(dataLayer).toContainEqual({ event: "query_logged", referenceNumber: reference });

  // The new query is in the open list.
  await page.reload();
  await expect(page.getByRole("cell", { name: /my claim for the dentist/ })).toBeVisible();
});

test("a failed send keeps what was typed and the chosen files", async ({ page }) => {
  await logInToContactUs(page);
  await page.route("**/member-queries/query-additional-info", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: '{"status":503,"exceptionCode":"UNAVAILABLE","message":"down"}',
    }),
  );
  await categorySelect(page).selectOption("OTHER");
  await detailsField(page).fill("A long query I do not want to type again.");
  await page.getByLabel("Attachments", { exact: true }).setInputFiles([pdfFile("keep-me.pdf")]);
  await sendQuery(page).click();
  const alert = page.getByRole("alert").filter({ hasText: ERROR_MESSAGES.submit });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/alert-danger/);
  await expect(detailsField(page)).toHaveValue("A long query I do not want to type again.");
  await expect(page.getByText("keep-me.pdf")).toBeVisible();
});

test("the medxpress form has no open list and shows the turnaround on success", async ({ page }) => {
  await logInToContactUs(page);
  await page.goto("/#/contact-us/medxpress");
  await expect(page.getByRole("heading", { name: "How can we help?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your open queries" })).toHaveCount(0);
  await expect(subCategorySelect(page)).toHaveCount(0);
  await expect(page.getByLabel("Additional Email address(optional):")).toHaveCount(0);
  await categorySelect(page).selectOption("MEDXPRESS_ORDER_QUERY");
  await detailsField(page).fill("E2E: please repeat my chronic order.");
  await sendQuery(page).click();
  await expect(page.getByText(/Your reference number is 3\d{5}\./)).toBeVisible();
  await expect(
    page.getByText("Our pharmacy team will respond within one to two business days."),
  ).toBeVisible();
  await expect(page.getByText(ERROR_MESSAGES.contentLoad)).toHaveCount(0);
  await expect(page.getByText(REPLY_PROMISES.newQuery)).toHaveCount(0);
});
