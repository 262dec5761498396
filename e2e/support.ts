import { expect, type Page } from "@playwright/test";
import { DEMO_MEMBERS } from "../apps/server/src/modules/members/demo-credentials";

export const demoMember = DEMO_MEMBERS[0];
export const secondMember = DEMO_MEMBERS[1];
/** Seeded without any queries or document submissions. */
export const newcomerMember = DEMO_MEMBERS[2];

/** Logs in through the login screen, as a member does. */
export async function logInAs(page: Page, member: { username: string; password: string } = demoMember) {
  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/**
 * The demo member's seeded history (apps/server/src/demo/smart-inquiry-demo.ts), in the order it
 * is seeded into a fresh data directory: references come from a sequence starting at 300001,
 * document submissions from 800001. The tests check what each page shows, so a change in the
 * seeding order fails loudly rather than passing by accident.
 */
export const seeded = {
  shortPaidWithReply: 300001,
  closed: 300004,
  tooOld: 300005,
  legacy: 300006,
  medxpressDelivery: 300007,
  documentSubmission: 800001,
} as const;

/** Logs in from the root and waits for the default contact-us screen. */
export async function logInToContactUs(
  page: Page,
  member: { username: string; password: string } = demoMember,
) {
  await page.goto("/");
  await logInAs(page, member);
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
}

/** A small valid PDF, for attaching through the page. */
export function pdfFile(name: string, size = 2048) {
  const buffer = Buffer.alloc(size, 0x20);
  buffer.write("%PDF-1.4\n");
  buffer.write("%%EOF\n", size - 6);
  return { name, mimeType: "application/pdf", buffer };
}
