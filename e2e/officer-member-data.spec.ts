import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { demoMember, logInAs } from "./support";

// The information officer answering a member's access request, as the officer works it: their
// console opens on the audit trail with only their pages; they find the member by the number the
// member quotes, record the request, prepare the member's archive for it from the member's data
// page, and read in the member's own audit trail that both were theirs. The demo member: no other
// spec prepares an archive of their data or erases it.

const officer = DEMO_STAFF[2];
const OFFICER = `${officer.firstName} ${officer.lastName}`;
const MEMBER = `${demoMember.firstName} ${demoMember.lastName}`;
/** The demo member's membership number (apps/server/src/demo/member-details-demo.ts). */
const MEMBERSHIP_NUMBER = "10482231";
const DATE = /^\d{4}-\d{2}-\d{2}$/;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

const consoleMenu = (page: Page) => page.getByRole("navigation", { name: "Console menu" });
const pageHeading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Finds the demo member on the Members page by membership number: the one result's list item. */
async function findMember(page: Page) {
  await consoleMenu(page).getByRole("link", { name: "Members" }).click();
  await expect(pageHeading(page)).toBeVisible();
  await page.getByLabel("Membership number, ID number or name").fill(MEMBERSHIP_NUMBER);
  await page.getByRole("button", { name: "Find member" }).click();
  const found = page.getByRole("list", { name: "Members found" }).getByRole("listitem");
  await expect(found).toHaveCount(1);
  await expect(found.getByRole("link", { name: MEMBER, exact: true })).toBeVisible();
  await expect(found).toContainText(`Membership number ${MEMBERSHIP_NUMBER}`);
  return found;
}

test("an officer records a member's access request, prepares their archive on the member's data page and finds both in the member's audit trail", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/#/login");
  await logInAs(page, officer);

  // The officer's home is the audit trail, and the menu holds their pages only: no queue.
  await expect(page).toHaveURL(/#\/console\/audit-trail$/);
  await expect(pageHeading(page)).toHaveText("Audit trail");
  await expect(consoleMenu(page).getByRole("link")).toHaveText([
    "Members",
    "Audit trail",
    "Requests",
    "Legal holds",
  ]);
  await expect(page.getByRole("banner")).toContainText(OFFICER);
  await expectNoAxeViolations(page);

  const found = await findMember(page);
  const entityNumber = (await found.textContent())?.match(/entity (\d+)/)?.[1] ?? "";
  expect(entityNumber).toMatch(/^\d+$/);
  await expectNoAxeViolations(page);

  // The access request, received today: its card says what, for whom, by when, and that it is open.
  await consoleMenu(page).getByRole("link", { name: "Requests" }).click();
  await expect(pageHeading(page)).toHaveText("Data requests");
  const record = page.getByRole("form", { name: "Record a request" });
  await record.getByLabel("Member's entity number").fill(entityNumber);
  await record.getByLabel("The member asks for").selectOption({ label: "Access to their data" });
  await expect(record.getByLabel("Received on")).not.toHaveValue("");
  const notes = "Asked by letter for a copy of all the scheme holds of her (e2e)";
  await record.getByLabel("Notes").fill(notes);
  await record.getByRole("button", { name: "Record request" }).click();
  const card = page.getByRole("article").filter({ hasText: notes });
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(`${MEMBER} (entity ${entityNumber})`);
  await expect(card.getByRole("definition").nth(0)).toHaveText("Access to their data");
  await expect(card.getByRole("definition").nth(1)).toHaveText(DATE);
  await expect(card.getByRole("definition").nth(3)).toHaveText("Open");
  // An open access request offers the member's archive on its card too.
  await expect(card.getByRole("button", { name: "Prepare the member's archive" })).toBeVisible();
  await expectNoAxeViolations(page);

  // The member's data page, from the lookup: no archive yet; one prepared for the request just recorded.
  await (await findMember(page)).getByRole("link", { name: MEMBER, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/console/members/${entityNumber}$`));
  await expect(pageHeading(page)).toHaveText(`${MEMBER}: data`);
  const archives = page.getByRole("region", { name: `Archives of ${MEMBER}'s data` });
  await expect(archives.getByText("No archive has been made for this member yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  const grounds = archives.getByRole("group", { name: "Why is the archive prepared?" });
  const requestChoice = grounds.getByRole("radio", {
    name: /^Access request received \d{4}-\d{2}-\d{2}, due /,
  });
  await expect(requestChoice).toHaveCount(1);
  await requestChoice.check();
  await archives.getByRole("button", { name: "Prepare the member's archive" }).click();
  const table = archives.getByRole("table", { name: `Archives of ${MEMBER}'s data, the newest first` });
  const newest = table.getByRole("row").nth(1);
  await expect(newest.getByRole("link", { name: /^Download the archive asked for / })).toBeVisible({
    timeout: 60_000,
  });
  await expect(newest.getByRole("cell").nth(0)).toHaveText("Ready");
  await expect(newest.getByRole("rowheader")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(archives.getByRole("status")).toHaveText("The newest archive is ready to download.");
  await expect(table.getByRole("progressbar")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The member's audit trail, from their data page: every row is about them, and the officer's
  // recording of the request and preparing of the archive are there, by name, as changes.
  await page.getByRole("link", { name: `Audit trail of ${MEMBER}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/console/audit-trail\\?member=${entityNumber}$`));
  await expect(pageHeading(page)).toHaveText("Audit trail");
  await expect(page.getByLabel("Member's entity number")).toHaveValue(entityNumber);
  const trail = page.getByRole("table", { name: "Audit trail, the newest first" });
  const rows = trail.getByRole("row").filter({ has: page.getByRole("rowheader") });
  const officersChange = (resource: string) =>
    rows
      .filter({ has: page.getByRole("cell").filter({ hasText: OFFICER }) })
      .filter({ has: page.getByText(resource, { exact: true }) })
      .filter({ has: page.getByRole("cell", { name: "Changed", exact: true }) });
  await expect(officersChange("data-request")).not.toHaveCount(0);
  await expect(officersChange("data-export")).not.toHaveCount(0);
  // The officer's reads of the member's archives are recorded too.
  await expect(
    rows
      .filter({ has: page.getByText("data-export", { exact: true }) })
      .filter({ has: page.getByRole("cell", { name: "Read", exact: true }) }),
  ).not.toHaveCount(0);
  for (const whose of await rows.locator("td:nth-child(3)").allTextContents()) {
    expect(whose).toContain(MEMBER);
  }
  await expectNoAxeViolations(page);
});
