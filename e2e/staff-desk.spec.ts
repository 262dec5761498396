import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { receivedMails } from "./smtp-peer";
import { demoMember, logInAs, logInToContactUs, pdfFile } from "./support";

// The other side of the desk, as people do it: a member logs a query with a file, an agent finds
// it, reads the file, replies with a table and closes it; the member sees the reply and the closed
// query on the timeline; the SMTP peer got the acknowledgement and the reply. Then documents an
// agent records show up for the member. Every console screen is checked with axe.

const [agent, supervisor] = DEMO_STAFF;
const mailDir = process.env.E2E_MAIL_DIR ?? "";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/login/);
}

/** Waits until the peer has a mail matching every pattern; the worker sends within seconds. */
async function expectMail(...patterns: RegExp[]) {
  await expect
    .poll(() => receivedMails(mailDir).some((mail) => patterns.every((pattern) => pattern.test(mail))), {
      timeout: 20_000,
    })
    .toBe(true);
}

test("a query goes from the member to the agent and back, by the portal and by e-mail", async ({ page }) => {
  test.setTimeout(120_000);
  await logInToContactUs(page);
  await page.getByLabel("What do you want to log a query about:").selectOption({ label: "Medical claims" });
  await page.getByLabel("Query category").selectOption("CLAIM_NOT_PAID");
  await page.getByLabel("Query details").fill("E2E desk: my physiotherapy claim of 4 November is unpaid.");
  await page.getByLabel("Attachments", { exact: true }).setInputFiles([pdfFile("physio-invoice.pdf")]);
  await page.getByRole("button", { name: "Send Query" }).click();
  const referenceText = await page.getByText(/Your reference number is 3\d{5}\./).textContent();
  const reference = Number(referenceText?.match(/3\d{5}/)?.[0]);
  expect(reference).toBeGreaterThan(300000);
  await expectMail(new RegExp(`X-Envelope-To: ${demoMember.emails[0]}`), new RegExp(String(reference)));
  await logOut(page);

  // The agent, on the same login screen, lands on the console.
  await logInAs(page, agent);
  await expect(page).toHaveURL(/#\/console$/);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Search").fill(String(reference));
  await page.getByLabel("Search").press("Enter");
  await page.getByRole("link", { name: String(reference) }).click();
  await expect(page).toHaveURL(new RegExp(`#/console/queries/${reference}$`));
  await expect(page.getByText("E2E desk: my physiotherapy claim of 4 November is unpaid.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The member's file opens for the agent.
  const fileLink = page.getByRole("link", { name: /physio-invoice\.pdf/ });
  const fileAnswer = await page.request.get((await fileLink.getAttribute("href")) ?? "");
  expect(fileAnswer.status()).toBe(200);
  expect((await fileAnswer.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A reply with a table pasted from a spreadsheet, sent and closed.
  const editor = page.getByRole("textbox", { name: "Reply" });
  await editor.click();
  await page.keyboard.type("Dear Thandi, your claim was paid as follows:");
  await editor.evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<table style="color:red"><tr><td>Physiotherapy</td><td>R 620.00</td></tr></table><script>alert(1)</script>',
    );
    data.setData("text/plain", "Physiotherapy\tR 620.00");
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor.locator("table")).toContainText("R 620.00");
  await page.getByRole("button", { name: "Send and close" }).click();
  await expect(page.getByRole("status").filter({ hasText: /sent/i })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expectMail(new RegExp(`X-Envelope-To: ${demoMember.emails[0]}`), /R 620\.00/);
  await logOut(page);

  // The member reads the reply; the timeline lists the query only 24 hours after it was logged
  // (TIMELINE_NOTE), so not yet.
  await logInAs(page, demoMember);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.goto(`/#/update/default?reference=${reference}&timeline=true`);
  await page.getByRole("button", { name: "View response sent to you via email" }).click();
  const reply = page.frameLocator("iframe").first();
  await expect(reply.getByText("R 620.00")).toBeVisible();
  await expect(reply.locator("script")).toHaveCount(0);
  await page.goto("/portal/medical-aid/interaction-timeline");
  await expect(page).toHaveURL(/#\/interaction-timeline$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: String(reference) })).toHaveCount(0);
});

test("documents an agent records reach the member, by the portal and by e-mail", async ({ page }) => {
  await page.goto("/");
  await logInAs(page, agent);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await page.getByRole("link", { name: "Record documents" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Record documents received" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("radio", { name: "Surname" }).check();
  await page.getByRole("textbox", { name: "Surname" }).fill(demoMember.lastName);
  await page.getByRole("button", { name: "Find member" }).click();
  await page.getByRole("button", { name: `Choose ${demoMember.firstName} ${demoMember.lastName}` }).click();
  await page.getByLabel("Category").selectOption("MEDICAL_CLAIMS");
  await page.getByLabel("Documents", { exact: true }).setInputFiles([pdfFile("posted-claim-form.pdf")]);
  await page.getByRole("button", { name: "Record documents" }).click();
  const recorded = await page.getByText(/Documents recorded\. Reference number 8\d{5}\./).textContent();
  const reference = Number(recorded?.match(/8\d{5}/)?.[0]);
  await expectMail(new RegExp(`X-Envelope-To: ${demoMember.emails[0]}`), new RegExp(String(reference)));
  await logOut(page);

  await logInAs(page, demoMember);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.goto(`/#/document-submission?reference=${reference}`);
  await expect(page.getByText("posted-claim-form.pdf")).toBeVisible();
  await page.goto("/#/interaction-timeline");
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: String(reference) })
      .first(),
  ).toBeVisible();
});

test("a supervisor sees failed mails; a member never reaches the console", async ({ page }) => {
  await page.goto("/");
  await logInAs(page, supervisor);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await page.getByRole("link", { name: "Failed mails" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Failed mails/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await logOut(page);

  await logInToContactUs(page);
  await page.goto("/#/console");
  await expect(page.getByRole("heading", { name: "Queries" })).toHaveCount(0);
  const answer = await page.request.get("/api/console/queries");
  expect(answer.status()).toBe(403);
});

test("a supervisor disables an agent's log-in: the agent's next request finds no session", async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto("/");
  await logInAs(agentPage, agent);
  await expect(agentPage.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();

  await page.goto("/");
  await logInAs(page, supervisor);
  await page.getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  const name = `${agent.firstName} ${agent.lastName}`;
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(row.getByText(`Disable ${name}'s log-in? Their sessions end at once.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: "Disable log-in" }).click();
  await expect(page.getByText(`${name}'s log-in is disabled. Their sessions have ended.`)).toBeVisible();
  await expect(row).toContainText("Disabled since");

  // The agent's session ended with it: the next call is refused, the next page is the login screen.
  expect((await agentPage.request.get("/api/console/queries")).status()).toBe(401);
  await agentPage.reload();
  await expect(agentPage).toHaveURL(/#\/login/);

  // Enabled again, the agent logs in as before (the other specs log in as this agent).
  await row.getByRole("button", { name: `Enable ${name}` }).click();
  await expect(page.getByText(`${name} can log in again.`)).toBeVisible();
  await logInAs(agentPage, agent);
  await expect(agentPage.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await agentContext.close();
});
