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
