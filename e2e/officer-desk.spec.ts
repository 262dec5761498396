import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { logInAs } from "./support";

// The information officer's desk, as the officer works it: find the member by the membership
// number they quote, record their deletion request, erase while a legal hold is in place (told
// nothing was erased and why, the Erase action kept), release the hold and erase. The newcomer
// (whose only query the log-query spec logged) is the member: no later spec reads their data.

const officer = DEMO_STAFF[2];
const NEWCOMER_MEMBERSHIP_NUMBER = "10611205";
const NEWCOMER = "Ayesha Patel";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

const consoleMenu = (page: Page) => page.getByRole("navigation", { name: "Console menu" });

for (const width of [390, 1280]) {
  test(`at ${width} px an officer finds a member by membership number, erases under a hold (blocked), releases it and erases`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/#/login");
    await logInAs(page, officer);
    await expect(page).toHaveURL(/#\/console/);

    // Found by the number the member quotes, not the internal entity number.
    const menuLink = (name: string) => consoleMenu(page).getByRole("link", { name }).click();
    await menuLink("Members");
    await page.getByLabel("Membership number, ID number or name").fill(NEWCOMER_MEMBERSHIP_NUMBER);
    await page.getByRole("button", { name: "Find member" }).click();
    const found = page.getByRole("list", { name: "Members found" }).getByRole("listitem");
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(NEWCOMER);
    await expect(found).toContainText(`Membership number ${NEWCOMER_MEMBERSHIP_NUMBER}`);
    await expectNoAxeViolations(page);
    const entityNumber = (await found.textContent())?.match(/entity (\d+)/)?.[1] ?? "";
    expect(entityNumber).toMatch(/^\d{8}$/);

    // The deletion request, recorded as received today.
    await menuLink("Requests");
    const record = page.getByRole("form", { name: "Record a request" });
    await record.getByLabel("Member's entity number").fill(entityNumber);
    await record.getByLabel("The member asks for").selectOption({ label: "Deletion of their data" });
    const notes = `Asked by phone, e2e at ${width} px`;
    await record.getByLabel("Notes").fill(notes);
    await record.getByRole("button", { name: "Record request" }).click();
    const card = page.getByRole("article").filter({ hasText: notes });
    await expect(card).toBeVisible();

    // A legal hold on the member's data.
    await menuLink("Legal holds");
    const hold = page.getByRole("form", { name: "Set a hold" });
    await hold.getByLabel("Member's entity number").fill(entityNumber);
    await hold.getByLabel("Reason").fill("A dispute about a claim, before the Council for Medical Schemes");
    await hold.getByRole("button", { name: "Set the hold" }).click();
    const release = page.getByRole("button", { name: `Release the hold on ${NEWCOMER}'s data` });
    await expect(release).toBeVisible();

    // Erasing under the hold removes nothing, says so, and keeps the Erase action.
    await menuLink("Requests");
    await card.getByRole("button", { name: "Erase the member's data" }).click();
    await expect(card.getByText(`${NEWCOMER}'s data is under a legal hold`)).toBeVisible();
    await expectNoAxeViolations(page);
    await card.getByRole("button", { name: "Erase the data" }).click();
    await expect(
      card.getByText(`Nothing of ${NEWCOMER}'s data was erased: it is under a legal hold.`, { exact: false }),
    ).toBeVisible();
    await expect(card.getByText(`${NEWCOMER}'s data is erased.`)).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Erase the member's data" })).toBeVisible();
    await expectNoAxeViolations(page);

    // The hold released, the erasure goes through.
    await menuLink("Legal holds");
    await release.click();
    await page.getByRole("button", { name: "Release hold", exact: true }).click();
    await expect(release).toHaveCount(0);
    await menuLink("Requests");
    await card.getByRole("button", { name: "Erase the member's data" }).click();
    await expect(card.getByText(`There is no legal hold on ${NEWCOMER}'s data.`)).toBeVisible();
    await card.getByRole("button", { name: "Erase the data" }).click();
    await expect(card.getByText(`${NEWCOMER}'s data is erased. The report is above.`)).toBeVisible();
    await expect(card.getByRole("button", { name: "Erase the member's data" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
