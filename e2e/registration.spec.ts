import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { readFile } from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  ACCOUNT_LINK_ROUTES,
  ACCOUNT_MESSAGES,
  LOGIN_FAILURE_MESSAGE,
  MEMBERSHIP_DOCUMENT_FILE_NAMES,
} from "@portal/domain";
import { receivedMails, startE2eSmtpPeer } from "./smtp-peer";
import { logInAs } from "./support";

// A member who has never logged in gets a log-in by herself, as an operator would set it up: the
// register imported from the example set with `register:import`, the server started on its own
// data directory (no demo data), its mail going over SMTP to a peer of this spec, and the links in
// the mails pointing at PUBLIC_URL. Then she forgets her password and sets a new one.

/** The principal member of the example register (docs/examples/register/). */
const thandi = {
  membershipNumber: "20010001",
  identityNumber: "8705140123081",
  dateOfBirth: "1987-05-14",
  email: "thandi.nkosi@example.com",
  username: "thandi.nkosi",
  password: "Baobab-Sunrise-Kettle-31",
  newPassword: "Jacaranda-Evening-Rain-58",
  /** On her policy in policy_dependents.csv, named as members.csv has them. */
  family: [
    ["Mr Sibusiso Nkosi", "Spouse"],
    ["Master Lwazi Nkosi", "Child"],
  ],
};

const SUBJECTS = {
  activation: "Finish registering for the member portal",
  reset: "Reset your member portal password",
  changed: "Your member portal password was changed",
};

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-registration-"));
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-registration-mail-"));
let portal: { origin: string; process: ChildProcess; output: () => string } | undefined;

function origin(): string {
  if (!portal) throw new Error("The portal of this spec did not start.");
  return portal.origin;
}

const commonEnv = () => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
});

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const imported = spawnSync(
    process.execPath,
    ["apps/server/dist/cli.js", "register:import", "docs/examples/register"],
    { env: { ...commonEnv(), LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  expect(imported.status, `register:import failed:\n${imported.stdout}\n${imported.stderr}`).toBe(0);

  const smtpPort = await freePort();
  startE2eSmtpPeer(smtpPort, mailDir);
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
    env: {
      ...commonEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  portal = { origin: `http://localhost:${port}`, process: child, output: () => output };
  await expect
    .poll(
      async () => (await fetch(`http://127.0.0.1:${port}/portal/wlxapp/Ping.srv`).catch(() => null))?.status,
      { timeout: 60_000, message: `the server did not start:\n${output}` },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (portal && portal.process.exitCode === null) {
    const exited = new Promise((resolve) => portal?.process.once("exit", resolve));
    portal.process.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(mailDir, { recursive: true, force: true });
});

/** The mail as text, its quoted-printable soft breaks and escapes undone, so a long link reads whole. */
function decoded(mail: string): string {
  return mail
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The mails to `to` with this subject, decoded; the worker sends within seconds. */
async function waitForMails(to: string, subject: string, count = 1): Promise<string[]> {
  const matching = () =>
    receivedMails(mailDir)
      .filter((mail) => mail.startsWith(`X-Envelope-To: ${to}\r\n`) && mail.includes(`Subject: ${subject}`))
      .map(decoded);
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return matching();
}

/** The single-use link in a mail: the portal's address, the page's route, the token. */
function linkIn(mail: string, route: string): string {
  const escaped = `${origin()}/#${route}`.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const link = new RegExp(`${escaped}[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
  expect(link, `no ${route} link in the mail:\n${mail}`).toBeTruthy();
  return link as string;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

async function logIn(page: Page, password: string) {
  await page.goto(`${origin()}/#/login`);
  await logInAs(page, { username: thandi.username, password });
}

test("a member from the register registers through the mailed link, logs in, sees her family and downloads her card", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${origin()}/#/login`);
  await page.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/#\/register$/);
  await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await expect(page).toHaveTitle(/^Register · /);
  await expectNoAxeViolations(page);

  await page.getByLabel("Membership number").fill(thandi.membershipNumber);
  await page.getByLabel("ID or passport number").fill(thandi.identityNumber);
  await page.getByLabel("Date of birth").fill(thandi.dateOfBirth);
  await page.getByLabel("Email address").fill(thandi.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(ACCOUNT_MESSAGES.registrationLinkSent);

  const [mail] = await waitForMails(thandi.email, SUBJECTS.activation);
  await page.goto(linkIn(mail as string, ACCOUNT_LINK_ROUTES.activation));
  await expect(page.getByRole("heading", { level: 1, name: "Create your log-in" })).toBeVisible();
  await expect(page.getByText("at least 12 characters")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Username").fill(thandi.username);
  await page.getByLabel("Password", { exact: true }).fill(thandi.password);
  await page.getByLabel("Confirm password").fill(thandi.password);
  await page.getByRole("button", { name: "Create my log-in" }).click();
  await expect(page.getByRole("status")).toContainText(ACCOUNT_MESSAGES.activated);
  await page.getByRole("link", { name: "Log in" }).click();

  await logInAs(page, { username: thandi.username, password: thandi.password });
  await expect(page).toHaveURL(/#\/contact-us\/default$/);
  await page.getByRole("link", { name: "My membership" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My membership" })).toBeVisible();
  const family = page.getByRole("table", { name: "The dependants on your policy" });
  for (const [name, relationship] of thandi.family) {
    const row = family.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
    await expect(row.getByRole("cell", { name: relationship, exact: true })).toBeVisible();
  }

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download membership card" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(MEMBERSHIP_DOCUMENT_FILE_NAMES.card);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The link was for one use only.
  await page.getByRole("button", { name: "Log out" }).click();
  // The log-out ends on the log-in page: opening the link before then raced its navigation.
  await expect(page.getByRole("heading", { level: 1, name: "Member login" })).toBeVisible();
  // The page checks the link when it opens: no form to fill for nothing.
  await page.goto(linkIn(mail as string, ACCOUNT_LINK_ROUTES.activation));
  await expect(page.getByRole("alert")).toContainText(ACCOUNT_MESSAGES.linkUsed);
  await expect(page.getByLabel("Username")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("a forgotten password: the mailed link sets a new one, the old one stops working, other sessions end, and a mail says so", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Logged in elsewhere (another browser) before the reset.
  const elsewhere = await browser.newPage();
  await logIn(elsewhere, thandi.password);
  await expect(elsewhere).toHaveURL(/#\/contact-us\/default$/);

  await page.goto(`${origin()}/#/login`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Username or email address").fill(thandi.username);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(ACCOUNT_MESSAGES.resetLinkSent);

  const [mail] = await waitForMails(thandi.email, SUBJECTS.reset);
  await page.goto(linkIn(mail as string, ACCOUNT_LINK_ROUTES.passwordReset));
  await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New password", { exact: true }).fill(thandi.newPassword);
  await page.getByLabel("Confirm new password").fill(thandi.newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText(ACCOUNT_MESSAGES.passwordChanged);
  await page.getByRole("link", { name: "Log in" }).click();

  await logInAs(page, { username: thandi.username, password: thandi.password });
  await expect(page.getByRole("alert").filter({ hasText: LOGIN_FAILURE_MESSAGE })).toBeVisible();
  await page.getByLabel("Password").fill(thandi.newPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/#\/contact-us\/default$/);

  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/#\/login/);
  await elsewhere.close();

  await waitForMails(thandi.email, SUBJECTS.changed);
});
