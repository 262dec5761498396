import { readFile } from "node:fs/promises";
import { crc32, deflateSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { MEMBERSHIP_DOCUMENT_FILE_NAMES, PROFILE_PICTURE_MESSAGES } from "@portal/domain";
import { demoMember, logInToContactUs, newcomerMember } from "./support";

// The "My membership" page for the demo member, whose family, plan, waiting periods and GP are
// seeded by apps/server/src/demo/member-details-demo.ts (not imported: it pulls in the database).

const section = (page: Page, name: string) => page.getByRole("region", { name });

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid size×size PNG, one flat colour (8-bit RGB), built here so the test needs no fixture file. */
function squarePng(size = 16): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x1f, 0x6f, 0xb2]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function openMyMembership(page: Page) {
  await logInToContactUs(page);
  await page.getByRole("link", { name: "My membership" }).click();
  await expect(page).toHaveURL(/#\/my-membership$/);
  await expect(page.getByRole("heading", { level: 1, name: "My membership" })).toBeVisible();
}

test("the header link opens the member's details, family, plan, waiting periods and GP", async ({ page }) => {
  await openMyMembership(page);
  await expect(page.getByRole("link", { name: "My membership" })).toHaveAttribute("aria-current", "page");

  const details = section(page, "Your details");
  await expect(details.getByText(demoMember.firstName, { exact: true })).toBeVisible();
  await expect(details.getByText(demoMember.lastName, { exact: true })).toBeVisible();
  await expect(details.getByText("10482231")).toBeVisible();
  await expect(details.getByText("1984-03-12")).toBeVisible();
  await expect(details.getByText(demoMember.emails[0])).toBeVisible();

  await expect(section(page, "Plan and scheme").getByText("Meridian Comprehensive")).toBeVisible();

  const family = page.getByRole("table", { name: "The dependants on your policy" });
  for (const name of ["Mr Sipho Nkosi", "Miss Lindiwe Nkosi", "Master Bongani Nkosi"]) {
    await expect(family.getByRole("cell", { name, exact: true })).toBeVisible();
  }
  await expect(
    section(page, "Emergency contacts").getByRole("cell", { name: "Nomvula Dlamini" }),
  ).toBeVisible();

  const waiting = section(page, "Waiting periods");
  await expect(waiting.getByRole("cell", { name: "Knee replacement" })).toBeVisible();

  const gp = section(page, "Your GP");
  await expect(gp.getByRole("cell", { name: "Parkhurst Family Practice" })).toBeVisible();
  await expect(gp.getByRole("cell", { name: "Dr Ayanda Mthembu" })).toBeVisible();

  // Everything has loaded (no spinner left) before axe looks at the page.
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});

test("downloads the membership card as a PDF and orders a new card", async ({ page }) => {
  await openMyMembership(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download membership card" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(MEMBERSHIP_DOCUMENT_FILE_NAMES.card);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await page.getByRole("button", { name: "Order a new card" }).click();
  // It asks first; only the confirmation orders.
  const confirm = page.getByRole("dialog", { name: "Order a new membership card?" });
  await confirm.getByRole("button", { name: "Yes, order a new card" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Your order number is MC-\d{6}\./ })).toBeVisible();
});

test("uploads a PNG profile picture after the preview, shows it, then removes it", async ({ page }) => {
  await openMyMembership(page);
  const pictures = section(page, "Profile picture");
  await pictures
    .getByLabel("Choose a new picture")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: squarePng() });

  const preview = pictures.getByRole("img", { name: "Preview of your new profile picture" });
  await expect(preview).toBeVisible();
  // The preview really shows under the CSP (a blocked image source would not decode).
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(16);

  await pictures.getByRole("button", { name: "Save picture" }).click();
  await expect(
    pictures.getByRole("status").filter({ hasText: "Your profile picture has been saved." }),
  ).toBeVisible();
  const picture = pictures.getByRole("img", { name: "Your profile picture" });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("src", /^data:image\/jpeg;base64,/);
  await expect(preview).toHaveCount(0);

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);

  await pictures.getByRole("button", { name: "Remove picture" }).click();
  await pictures.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(pictures.getByText(PROFILE_PICTURE_MESSAGES.notFound)).toBeVisible();
  await expect(picture).toHaveCount(0);
});

test("a failing call shows its section's alert and leaves the rest of the page", async ({ page }) => {
  await page.route("**/policy-exclusions/*/waiting-periods**", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: '{"status":503,"exceptionCode":"INTERNAL_ERROR","message":"x"}',
    }),
  );
  await openMyMembership(page);
  await expect(section(page, "Waiting periods").getByRole("alert")).toContainText(
    "We could not load your waiting periods.",
  );
  await expect(section(page, "Your GP").getByRole("cell", { name: "Dr Ayanda Mthembu" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(1);
});

test("changes a phone number with the password asked again, by keyboard, and says so", async ({ page }) => {
  // The newcomer, so the other member tests' details and mails stay as seeded.
  await logInToContactUs(page, newcomerMember);
  await page.getByRole("link", { name: "My membership" }).click();
  const details = section(page, "Your details");
  await details.getByRole("button", { name: "Change email addresses or phone numbers" }).click();
  const form = page.getByRole("form", { name: "Change your email addresses and phone numbers" });
  await expect(form.getByRole("textbox", { name: "Email address 1" })).toBeFocused();

  await form.getByRole("button", { name: "Add a phone number" }).click();
  const phones = await form.getByRole("textbox", { name: /^Phone number \d$/ }).count();
  const added = form.getByRole("textbox", { name: `Phone number ${phones}` });
  await expect(added).toBeFocused();
  await page.keyboard.type("011 555 0142");
  await form.getByLabel("Your password").fill("not-the-password");
  await page.keyboard.press("Enter");
  const password = form.getByLabel("Your password");
  await expect(password).toBeFocused();
  await expect(form.getByRole("alert")).toHaveText("The current password you entered is not correct.");

  await password.fill(newcomerMember.password);
  await page.keyboard.press("Enter");
  await expect(details.getByRole("status")).toHaveText(
    "Your email addresses and phone numbers have been saved. We have told the addresses you had before.",
  );
  await expect(details.getByText("Mobile: 011 555 0142")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
