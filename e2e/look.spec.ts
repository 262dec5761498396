import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { demoMember, logInAs, seeded } from "./support";

// The portal's look: every screen, on a phone (390 × 844) and a desktop (1280 × 800),
// shows the scheme's logo beside its name and the footer with the contact numbers, the privacy
// notice and the PAIA manual, and axe finds nothing on it.

const supervisor = DEMO_STAFF[1];
const officer = DEMO_STAFF[2];

const sizes = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
] as const;

const anonymousScreens = [
  ["login", "/#/login"],
  ["register", "/#/register"],
  ["forgot password", "/#/forgot-password"],
] as const;

const memberScreens = [
  ["contact us", "/#/contact-us/default"],
  ["contact us (MedXpress)", "/#/contact-us/medxpress"],
  ["view query", `/#/update/default?reference=${seeded.shortPaidWithReply}&timeline=false`],
  ["document submission", `/#/document-submission?reference=${seeded.documentSubmission}`],
  ["my membership", "/#/my-membership"],
  ["my data", "/#/my-data"],
  ["interaction timeline", "/#/interaction-timeline"],
] as const;

const consoleScreens = [
  ["console queue", "/#/console"],
  ["console query", `/#/console/queries/${seeded.shortPaidWithReply}`],
  ["console document intake", "/#/console/documents/new"],
  ["console failed mails", "/#/console/mails"],
  // Supervisors only: the supervisor logs in below. At 390 it was once 903 px wide.
  ["console staff", "/#/console/staff"],
  ["console unmatched mail", "/#/console/unmatched-mail"],
  ["console canned replies", "/#/console/canned-replies"],
  ["console reports", "/#/console/reports"],
] as const;

/** The information officer's desk: the officer logs in below. */
const officerScreens = [
  ["officer member lookup", "/#/console/members"],
  ["officer audit trail", "/#/console/audit-trail"],
  ["officer data requests", "/#/console/requests"],
  ["officer legal holds", "/#/console/legal-holds"],
] as const;

/** The look every screen shares; the members' footer (helplines, privacy notice) is theirs, not the console's. */
async function expectTheLook(page: Page, { memberFooter = true } = {}) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  const banner = page.getByRole("banner");
  await expect(banner.getByTestId("scheme-mark")).toBeVisible();
  await expect(banner).toContainText("Meridian");
  const footer = page.getByRole("contentinfo");
  if (memberFooter) {
    await expect(footer.getByRole("link", { name: /^Privacy notice/ })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: /^PAIA manual/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    await expect(footer).toContainText("Member services");
  } else {
    await expect(footer).toHaveCount(0);
  }
  // Nothing wider than the window: no sideways scrolling on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

for (const size of sizes) {
  test.describe(`the look on a ${size.name}`, () => {
    // Bootstrap's colour transitions off, so axe measures the colours as they settle: once, the
    // console header's "Record documents" was read mid-transition, a blend that failed contrast.
    test.use({ viewport: size.viewport, reducedMotion: "reduce" });

    test("anonymous screens", async ({ page }) => {
      for (const [, address] of anonymousScreens) {
        await page.goto(address);
        await expectTheLook(page);
      }
    });

    test("member screens", async ({ page }) => {
      await page.goto("/");
      await logInAs(page, demoMember);
      await expect(page).toHaveURL(/#\/contact-us\/default$/);
      for (const [, address] of memberScreens) {
        await page.goto(address);
        await expectTheLook(page);
      }
    });

    test("console screens", async ({ page }) => {
      await page.goto("/#/login");
      await logInAs(page, supervisor);
      await expect(page).toHaveURL(/#\/console/);
      for (const [, address] of consoleScreens) {
        await page.goto(address);
        await expectTheLook(page, { memberFooter: false });
      }
    });

    test("the information officer's screens", async ({ page }) => {
      await page.goto("/#/login");
      await logInAs(page, officer);
      await expect(page).toHaveURL(/#\/console/);
      for (const [, address] of officerScreens) {
        await page.goto(address);
        await expectTheLook(page, { memberFooter: false });
      }
    });
  });
}
