import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { DEMO_STAFF } from "../apps/server/src/modules/members/demo-credentials";
import { logInAs } from "./support";

// A local staff log-in's second factor, in a portal of its own started as production
// has it (STAFF_MFA=required) on a fresh data directory, where the demo staff are seeded.

const supervisor = DEMO_STAFF[1];
let server: ChildProcess;
let baseUrl = "";

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      HOST: "127.0.0.1",
      PORT: String(port),
      METRICS_PORT: "0",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "portal-mfa-")),
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      STAFF_MFA: "required",
    },
    stdio: "ignore",
  });
  await expect
    .poll(async () => (await fetch(`${baseUrl}/portal/wlxapp/Ping.srv`).catch(() => undefined))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
});

/** What the supervisor's authenticator app shows, at a time step later than `after` when given. */
async function appCode(secret: string, after?: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 30_000);
  while (after !== undefined && step <= after) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    step = Math.floor(Date.now() / 30_000);
  }
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 + 1_000 });
  return { code, step };
}

/**
 * A step of the second factor at 390 and at 1280 px: a staff screen (no member login heading or
 * links), nothing wider than the window, and nothing axe finds; then back to the size it was.
 */
async function expectAStaffStepAtBothSizes(page: Page) {
  const before = page.viewportSize();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Register" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Forgot your password/ })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/#\/login/);
}

test("a local supervisor enrols an authenticator, then signs in with a code and with a recovery code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${baseUrl}/#/login`);
  await logInAs(page, supervisor);

  // Enrolment: a QR code and the same secret as text; a first code confirms it.
  await expect(page.getByRole("heading", { name: "Set up your authenticator app" })).toBeFocused();
  await expect(page.getByRole("img", { name: /QR code of your authenticator secret/ })).toBeVisible();
  const secretText = (await page.locator("code[data-secret]").textContent()) ?? "";
  const secret = secretText.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAStaffStepAtBothSizes(page);
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await expect(page.getByLabel("Code from the app")).toBeFocused();
  const enrolled = await appCode(secret);
  await page.getByLabel("Code from the app").fill(enrolled.code);
  await page.getByRole("button", { name: "Confirm" }).click();

  // Ten recovery codes, shown once; the console only after "I have saved these codes".
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeFocused();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await expectAStaffStepAtBothSizes(page);
  await page.getByRole("button", { name: "I have saved these codes" }).click();
  await expect(page).toHaveURL(/#\/console/);
  await logOut(page);

  // Signed in again: the password, then a code of the app (a later one: each is taken once).
  await logInAs(page, supervisor);
  await expect(page.getByRole("heading", { name: "Enter your sign-in code" })).toBeFocused();
  await expectAStaffStepAtBothSizes(page);
  const next = await appCode(secret, enrolled.step);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(next.code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/#\/console/);
  await logOut(page);

  // And with a recovery code instead, once.
  await logInAs(page, supervisor);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/#\/console/);
  await logOut(page);
  await logInAs(page, supervisor);
  await page.getByRole("textbox", { name: "Authentication code" }).fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
});
