import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ERROR_MESSAGES, REPLY_PROMISES } from "@portal/domain";
import { logInToContactUs, pdfFile, seeded } from "./support";

// Requirements §2 view-query and update-query screens.

const updateToggle = (page: Page) => page.getByRole("button", { name: "Update Query" });
const viewPath = (reference: number, timeline = false, origin = "default") =>
  `/#/update/${origin}?reference=${reference}&timeline=${timeline}`;

test("the Update icon opens the query with its attachments, the e-mailed reply and the update form", async ({
  page,
  context,
}) => {
  await logInToContactUs(page);
  await page.getByRole("link", { name: `Update query ${seeded.shortPaidWithReply}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`#/update/default\\?reference=${seeded.shortPaidWithReply}&timeline=false$`),
  );

  await expect(page.getByRole("heading", { name: "How can we help?" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "View your query" })).toBeVisible();
  for (const column of ["Category", "Query details", "Date"]) {
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("cell", { name: /only paid in part/ })).toBeVisible();

  await page.getByRole("button", { name: "View attachments" }).click();
  const [download] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("link", { name: "specialist-invoice.pdf" }).click(),
  ]);
  await download.waitForLoadState();
  expect(download.url()).toMatch(/\/attachments\/\d+\?origin=MEMBER_WEB$/);
  await download.close();

  // The update form is open (timeline=false) and the page passes axe.
  await expect(updateToggle(page)).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { name: "Send Update" })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await page.getByRole("button", { name: "View response sent to you via email" }).click();
  await expect(page.getByRole("heading", { name: "Response sent via email" })).toBeVisible();
  const reply = page.frameLocator("iframe");
  await expect(reply.getByRole("cell", { name: "Dr N. Mahlangu (specialist)" })).toBeVisible();
  await expect(reply.getByRole("img", { name: "Meridian Health" })).toBeVisible();
  // While the reply is open there is no update option.
  await expect(updateToggle(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Close" }).click();
  await expect(updateToggle(page)).toBeVisible();

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
});

test("Send Update sends details and files and shows the new reference and the promise", async ({ page }) => {
  await logInToContactUs(page);
  await page.goto(viewPath(seeded.shortPaidWithReply));
  await page.getByRole("button", { name: "Send Update" }).click();
  await expect(page.getByText("Please enter any additional information")).toBeVisible();
  await page.getByLabel("Query details").fill("E2E: here is the corrected invoice.");
  await page.getByLabel("Attachments", { exact: true }).setInputFiles([pdfFile("corrected-invoice.pdf")]);
  await page.getByRole("button", { name: "Send Update" }).click();
  await expect(page.getByText(REPLY_PROMISES.update)).toBeVisible();
  await expect(page.getByText(/\b3\d{5}\b/).first()).toBeVisible();
});

test("a query that cannot be updated, another origin, and timeline=true", async ({ page }) => {
  await logInToContactUs(page);
  await page.goto(viewPath(seeded.closed));
  await expect(page.getByRole("cell", { name: /bank details/ })).toBeVisible();
  await expect(updateToggle(page)).toHaveCount(0);

  await page.goto(viewPath(seeded.tooOld));
  await expect(page.getByRole("cell", { name: /newborn son/ })).toBeVisible();
  await expect(updateToggle(page)).toHaveCount(0);

  await page.goto(viewPath(seeded.medxpressDelivery, false, "medxpress"));
  await expect(page.getByRole("cell", { name: /delivery has not arrived/ })).toBeVisible();
  await expect(updateToggle(page)).toHaveCount(0);

  await page.goto(viewPath(seeded.shortPaidWithReply, true));
  await expect(updateToggle(page)).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("button", { name: "Send Update" })).toHaveCount(0);
  await updateToggle(page).click();
  await expect(page.getByRole("button", { name: "Send Update" })).toBeVisible();
});

test("failures show the catalogue's sentences and hide the update option", async ({ page }) => {
  await logInToContactUs(page);
  await page.goto(viewPath(seeded.legacy));
  await expect(page.getByRole("alert").filter({ hasText: ERROR_MESSAGES.outdatedQuery })).toBeVisible();
  await expect(updateToggle(page)).toHaveCount(0);

  await page.goto(viewPath(999999));
  await expect(page.getByRole("alert").filter({ hasText: ERROR_MESSAGES.queryFetch })).toBeVisible();
  await expect(updateToggle(page)).toHaveCount(0);
});

test("a failed update keeps the details and the files", async ({ page }) => {
  await logInToContactUs(page);
  await page.route("**/smart-inquiry-api/member-queries/*", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"status":500,"exceptionCode":"INTERNAL","message":"x"}',
    }),
  );
  await page.goto(viewPath(seeded.shortPaidWithReply));
  // Until the view-query screen has loaded, the contact-us form (with its own "Query details") is
  // still on the page: wait for the screen, or the text goes into the wrong form.
  await expect(page.getByRole("heading", { name: "View your query" })).toBeVisible();
  await page.getByLabel("Query details").fill("E2E: an update that fails.");
  await page.getByLabel("Attachments", { exact: true }).setInputFiles([pdfFile("still-here.pdf")]);
  // Wait for the refused answer itself first, so a failure here says whether the request went out.
  const refused = page.waitForResponse(
    (response) => response.url().includes("/smart-inquiry-api/member-queries/") && response.status() === 500,
  );
  await page.getByRole("button", { name: "Send Update" }).click();
  await refused;
  await expect(page.getByRole("alert").filter({ hasText: ERROR_MESSAGES.update })).toBeVisible();
  await expect(page.getByLabel("Query details")).toHaveValue("E2E: an update that fails.");
  await expect(page.getByText("still-here.pdf")).toBeVisible();
});

test("a missing reference or timeline sends the member to the root", async ({ page }) => {
  await logInToContactUs(page);
  await page.goto(`/#/update/default?reference=${seeded.shortPaidWithReply}`);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.goto("/#/update/default?timeline=false");
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.goto("/#/document-submission");
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
});

test("a failing open list shows its sentence", async ({ page }) => {
  await page.route("**/member-queries?**", (route) => route.fulfill({ status: 503, body: "" }));
  await logInToContactUs(page);
  await expect(page.getByRole("alert").filter({ hasText: ERROR_MESSAGES.openQueriesLoad })).toBeVisible();
});

test("a failing content fragment shows its sentence", async ({ page }) => {
  await page.route("**/site/**", (route) => route.fulfill({ status: 503, body: "" }));
  await logInToContactUs(page);
  await page.getByLabel("What do you want to log a query about:").selectOption("MEDICAL_CLAIMS");
  await expect(page.getByText(ERROR_MESSAGES.contentLoad).first()).toBeVisible();
});

test("a hostile e-mailed reply runs nothing", async ({ page }) => {
  const hostile = [
    "<p>Dear member</p>",
    "<script>window.parent.postMessage('script ran', '*')</script>",
    `<img src="data:image/png;base64,AA==" onerror="window.parent.postMessage('onerror ran', '*')">`,
    `<a id="bad" href="javascript:window.parent.postMessage('link ran', '*')">click me</a>`,
  ].join("");
  await page.route("**/agent-response?**", (route) =>
    route.fulfill({ json: { encodedResponse: Buffer.from(hostile, "utf8").toString("base64") } }),
  );
  // The frame loads the reply's own document; here it arrives uncleaned (the server's cleaning has
  // its route test), so only the frame's sandbox and the document's policy stand between it and the page.
  await page.route("**/agent-response/document?**", (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      headers: {
        "content-security-policy":
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox",
      },
      body: `<!doctype html><html><body>${hostile}</body></html>`,
    }),
  );
  await logInToContactUs(page);
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenMessages: string[] }).seenMessages = seen;
    window.addEventListener("message", (event) => seen.push(String(event.data)));
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: `Update query ${seeded.shortPaidWithReply}` }).click();
  await page.getByRole("button", { name: "View response sent to you via email" }).click();
  const reply = page.frameLocator("iframe");
  await expect(reply.getByText("Dear member")).toBeVisible();
  // The link lost its javascript: address: clicking it does nothing.
  await reply.getByText("click me").click({ timeout: 2_000 });
  await page.waitForTimeout(500); // give a handler, had one survived, time to post
  expect(await page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages)).toEqual(
    [],
  );
  expect(dialogs).toEqual([]);
});
