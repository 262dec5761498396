import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { receivedMails } from "./smtp-peer";
import { demoMember, logInAs, logInToContactUs, pdfFile } from "./support";

// The desk works in conversations: a member logs two queries about hydrotherapy and adds an update
// to the first; a supervisor keeps a canned reply; an agent finds both by a word in them, answers
// the first (its query and update, one conversation) with the canned reply and "Send, close and go
// to next", and lands on the second. The member sees the query, the update and the reply as one
// conversation.

const [agent, supervisor] = DEMO_STAFF;
const mailDir = process.env.E2E_MAIL_DIR ?? "";

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/login/);
}

async function logQuery(page: Page, text: string): Promise<number> {
  await page.goto("/#/contact-us/default");
  // After a query the form says its reference; "Log another query" brings the form back.
  const another = page.getByRole("button", { name: "Log another query" });
  if (await another.isVisible()) await another.click();
  await page.getByLabel("What do you want to log a query about:").selectOption({ label: "Medical claims" });
  await page.getByLabel("Query category").selectOption("CLAIM_NOT_PAID");
  await page.getByLabel("Query details").fill(text);
  await page.getByRole("button", { name: "Send Query" }).click();
  const said = await page.getByText(/Your reference number is 3\d{5}\./).textContent();
  return Number(said?.match(/3\d{5}/)?.[0]);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

test("an agent finds a conversation by a word, answers it with a canned reply and goes to the next", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The member: two queries, and an update to the first.
  await logInToContactUs(page);
  const first = await logQuery(page, "E2E conversations: my hydrotherapy sessions in October were not paid.");
  const second = await logQuery(page, "E2E conversations: is hydrotherapy covered by my plan?");
  await page.goto(`/#/update/default?reference=${first}&timeline=false`);
  await page
    .getByLabel("Query details")
    .fill("E2E conversations: the physiotherapist's invoice is attached now.");
  await page.getByRole("button", { name: "Send Update" }).click();
  await expect(page.getByText(/\b3\d{5}\b/).first()).toBeVisible();
  await logOut(page);

  // The supervisor keeps a canned reply with placeholders.
  await logInAs(page, supervisor);
  await page.getByRole("link", { name: "Canned replies" }).click();
  const form = page.getByRole("form", { name: "Add a canned reply" });
  await form.getByLabel("Title").fill("E2E claim received");
  await form
    .getByLabel("Text")
    .fill("Dear {{firstName}}, we have your query {{referenceNumber}} and are checking it.");
  await form.getByRole("button", { name: "Add canned reply" }).click();
  await expect(page.getByText("“E2E claim received” is added.")).toBeVisible();
  await expectNoAxeViolations(page);
  await logOut(page);

  // The agent finds both by a word in them: one row per conversation, the word marked.
  await logInAs(page, agent);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await page.getByLabel("Search").fill("hydrotherapy");
  await page.getByLabel("Search").press("Enter");
  const firstLink = page.getByRole("link", { name: String(first), exact: true });
  await expect(firstLink).toBeVisible();
  await expect(page.getByRole("link", { name: String(second), exact: true })).toBeVisible();
  await expect(page.locator("mark", { hasText: /hydrotherapy/i }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The order the agent sees decides what comes next.
  const shown = await page.getByRole("table").getByRole("link").allTextContents();
  const next = shown[shown.indexOf(String(first)) + 1];
  expect(next).toBeDefined();

  await firstLink.click();
  await expect(
    page.getByText("E2E conversations: my hydrotherapy sessions in October were not paid."),
  ).toBeVisible();
  await expect(
    page.getByText("E2E conversations: the physiotherapist's invoice is attached now."),
  ).toBeVisible();
  await page.getByLabel("Canned reply", { exact: true }).selectOption({ label: "E2E claim received" });
  await page.getByRole("button", { name: "Insert", exact: true }).click();
  const editor = page.getByRole("textbox", { name: "Reply" });
  await expect(editor).toContainText(`Dear ${demoMember.firstName}, we have your query ${first}`);
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" We will answer by Friday.");
  await page.getByLabel("Files to send with the reply").setInputFiles([pdfFile("claim-statement.pdf")]);
  await page.getByRole("button", { name: "Send, close and go to next" }).click();
  await expect(page).toHaveURL(new RegExp(`#/console/queries/${next}$`));
  // The reply's mail reached the SMTP peer with the file attached.
  await expect
    .poll(
      () =>
        receivedMails(mailDir).some(
          (mail) =>
            mail.includes(`reference ${first}`) &&
            /filename="?claim-statement\.pdf/.test(mail) &&
            mail.includes("Content-Type: application/pdf"),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await logOut(page);

  // The member: the query, the update and the reply, one conversation; closed, so no update.
  await logInAs(page, demoMember);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.goto(`/#/update/default?reference=${first}&timeline=true`);
  const conversation = page.getByRole("region", { name: "The whole conversation" });
  await expect(
    conversation.getByText("E2E conversations: the physiotherapist's invoice is attached now."),
  ).toBeVisible();
  await expect(conversation.getByText(`Our reply by email about query ${first}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Query" })).toHaveCount(0);
});
