import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { demoMember, logInAs, logInToContactUs } from "./support";

// The conversation end to end, looked at on a phone (390×844) and a desktop (1280×800): the member
// logs a query; a supervisor keeps a canned reply; the agent finds the query, answers it from the
// canned reply with a list, sends and closes it (and so owns it); the member reads the reply. Every
// screen is checked with axe at both widths and photographed (test-results/round-trip/), and the
// console logs no refusal of the CSP.

const [agent, supervisor] = DEMO_STAFF;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// Kept apart from test-results, which the next Playwright run empties.
const shots = process.env.E2E_SHOTS_DIR ?? path.join("test-results", "round-trip");

async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect({ where, violations: results.violations }).toEqual({ where, violations: [] });
}

/** The screen at both widths: axe finds nothing, and a picture of each (the whole page). */
async function lookAtBothWidths(page: Page, name: string) {
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    // Nothing hovered: a button under the pointer is between two colours while it fades.
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, `${name} at ${label}`);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/login/);
}

test("a query logged, answered from a canned reply and closed, and read by the member, at 390 and 1280 px", async ({
  page,
}) => {
  test.setTimeout(360_000);
  fs.mkdirSync(shots, { recursive: true });
  // Bootstrap's colour transitions off, so axe measures the colours as they settle.
  await page.emulateMedia({ reducedMotion: "reduce" });
  // Refusals of the CSP show in the console as errors naming the directive.
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      refusals.push(`${page.url()}: ${message.text()}`);
    }
  });

  // The member logs the query.
  await logInToContactUs(page);
  await page.getByLabel("What do you want to log a query about:").selectOption({ label: "Medical claims" });
  await page.getByLabel("Query category").selectOption("CLAIM_NOT_PAID");
  await page.getByLabel("Query details").fill("Round trip: my optometrist's claim of 2 November is unpaid.");
  await page.getByRole("button", { name: "Send Query" }).click();
  const said = await page.getByText(/Your reference number is 3\d{5}\./).textContent();
  const reference = Number(said?.match(/3\d{5}/)?.[0]);
  expect(reference).toBeGreaterThan(300000);
  await logOut(page);

  // A supervisor keeps the canned reply the agent will use.
  await logInAs(page, supervisor);
  await page.getByRole("link", { name: "Canned replies" }).click();
  const form = page.getByRole("form", { name: "Add a canned reply" });
  await form.getByLabel("Title").fill("Round trip: documents needed");
  await form
    .getByLabel("Text")
    .fill("Dear {{firstName}}, to finish query {{referenceNumber}} we need a few documents.");
  await form.getByRole("button", { name: "Add canned reply" }).click();
  await expect(page.getByText("“Round trip: documents needed” is added.")).toBeVisible();
  await logOut(page);

  // The agent: the queue at both widths (on a phone each row names its reply due and status).
  await logInAs(page, agent);
  await expect(page.getByRole("heading", { level: 1, name: "Queries" })).toBeVisible();
  await page.getByLabel("Search").fill(String(reference));
  await page.getByLabel("Search").press("Enter");
  await expect(page.getByRole("link", { name: String(reference), exact: true })).toBeVisible();
  await page.setViewportSize(PHONE);
  const phoneRow = page.getByRole("list", { name: "Queries" }).getByRole("listitem").first();
  await expect(phoneRow.getByRole("term")).toContainText(["Reference", "Reply due", "Status"]);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await lookAtBothWidths(page, "1-queue");

  await page.getByRole("link", { name: String(reference), exact: true }).click();
  await expect(page.getByText("Round trip: my optometrist's claim of 2 November is unpaid.")).toBeVisible();
  await page
    .getByLabel("Canned reply", { exact: true })
    .selectOption({ label: "Round trip: documents needed" });
  await page.getByRole("button", { name: "Insert", exact: true }).click();
  const editor = page.getByRole("textbox", { name: "Reply" });
  await expect(editor).toContainText(`Dear ${demoMember.firstName}, to finish query ${reference}`);
  // A list after a line and Enter: the new line is the list's first item.
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Please send us:");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("a copy of your ID");
  await page.keyboard.press("Enter");
  await page.keyboard.type("the optometrist's account");
  await expect(editor.locator("ul > li")).toHaveText(["a copy of your ID", "the optometrist's account"]);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Preview" }).locator("li")).toHaveCount(2);
  await lookAtBothWidths(page, "2-query-preview");
  await page.getByRole("button", { name: "Preview" }).click();

  await page.getByRole("button", { name: "Send and close" }).click();
  await expect(page.getByText("Reply sent. The query is closed.")).toBeVisible();
  // Send and close made the agent its assignee.
  const status = page.getByRole("region", { name: "Status" });
  await expect(status).toContainText(`Assigned to${agent.firstName} ${agent.lastName}`);
  await lookAtBothWidths(page, "3-query-sent");
  await logOut(page);
  expect(refusals).toEqual([]);

  // The member, on a phone: the reply, its list as a list.
  await page.setViewportSize(PHONE);
  await logInAs(page, demoMember);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.goto(`/#/update/default?reference=${reference}&timeline=true`);
  await expect(page.getByRole("button", { name: "View response sent to you via email" })).toBeVisible();
  await lookAtBothWidths(page, "4-member-query");
  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "View response sent to you via email" }).click();
  const reply = page.frameLocator("iframe").first();
  await expect(reply.getByText(`Dear ${demoMember.firstName}, to finish query ${reference}`)).toBeVisible();
  await expect(reply.locator("ul > li")).toHaveText(["a copy of your ID", "the optometrist's account"]);
  // The reply's own document is sandboxed without scripts, so axe cannot run inside it (it waits
  // for the frame until the test times out): the page around it was checked above; here pictures.
  for (const [label, size] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(shots, `5-member-reply-${label}.png`), fullPage: true });
  }
});
