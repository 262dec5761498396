import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { E2E_IMAP_PASSWORD, E2E_IMAP_USER, startE2eImapPeer } from "./e2e/imap-peer";
import { startE2eSmtpPeer } from "./e2e/smtp-peer";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real server,
// built, on a fresh embedded data directory with the demo data.
const port = Number(process.env.E2E_PORT ?? 18080);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18025);
const imapPort = Number(process.env.E2E_IMAP_PORT ?? 18143);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-mail-"));
// Workers load this file too: only the main process runs the SMTP peer the portal sends to.
if (process.env.TEST_WORKER_INDEX === undefined) startE2eSmtpPeer(smtpPort, process.env.E2E_MAIL_DIR);
// The support mailbox members' replies are read from (dovecot), likewise.
if (process.env.TEST_WORKER_INDEX === undefined) {
  startE2eImapPeer(imapPort, fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-imap-")));
}

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "en-US",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node apps/server/dist/server.js",
    url: `http://localhost:${port}/portal/wlxapp/Ping.srv`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SUPPORT_MAILBOX: "support@meridian.example",
      INBOUND_IMAP_URL: `imap://${E2E_IMAP_USER}:${E2E_IMAP_PASSWORD}@127.0.0.1:${imapPort}`,
      INBOUND_IMAP_POLL_SECONDS: "5",
      // Every spec logs queries as the same demo member within the hour.
      MEMBER_QUERIES_PER_HOUR: "1000",
      // The staff desk's specs log in as the demo staff with a password alone; the second factor
      // has its own spec and portal process (e2e/staff-second-factor.spec.ts).
      STAFF_MFA: "optional",
    },
  },
});
