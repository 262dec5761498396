import { describe, expect, it } from "vitest";
import { configSummary } from "./config-summary.js";
import { loadConfig } from "./env.js";

// The settings of replies by e-mail (README, "Replies by e-mail"): off by default, the support
// mailbox required with the IMAP URL, each checked at start without repeating a password.

const mailbox = {
  SUPPORT_MAILBOX: "support@scheme.example",
  INBOUND_IMAP_URL: "imaps://support%40scheme.example:a-mailbox-password@imap.scheme.example:993",
};

describe("replies-by-e-mail settings", () => {
  it("are off by default, with the folders, the poll and the retention's defaults", () => {
    const config = loadConfig({});
    expect(config.SUPPORT_MAILBOX).toBeUndefined();
    expect(config.INBOUND_IMAP_URL).toBeUndefined();
    expect(config).toMatchObject({
      INBOUND_IMAP_FOLDER: "INBOX",
      INBOUND_IMAP_PROCESSED_FOLDER: "Processed",
      INBOUND_IMAP_POLL_SECONDS: 60,
      RETENTION_INBOUND_MAIL_DAYS: 90,
    });
  });

  it("take a mailbox, and say it at start without its password", () => {
    const config = loadConfig({ ...mailbox, INBOUND_IMAP_POLL_SECONDS: "15" });
    expect(config.INBOUND_IMAP_POLL_SECONDS).toBe(15);
    const summary = JSON.stringify(configSummary(config));
    expect(summary).toContain("imap.scheme.example");
    expect(summary).not.toContain("a-mailbox-password");
  });

  it("refuse an IMAP URL without the support mailbox, a subaddressed mailbox, another scheme and a poll too fast", () => {
    expect(() => loadConfig({ INBOUND_IMAP_URL: mailbox.INBOUND_IMAP_URL })).toThrow(
      /SUPPORT_MAILBOX: required when INBOUND_IMAP_URL is set/,
    );
    expect(() => loadConfig({ SUPPORT_MAILBOX: "support+desk@scheme.example" })).toThrow(/SUPPORT_MAILBOX/);
    const wrongScheme = () =>
      loadConfig({ ...mailbox, INBOUND_IMAP_URL: "pop3://support:a-mailbox-password@mail.example" });
    expect(wrongScheme).toThrow(/INBOUND_IMAP_URL: must be an imap:\/\/ or imaps:\/\/ URL/);
    try {
      wrongScheme();
    } catch (error) {
      expect(String(error)).not.toContain("a-mailbox-password");
    }
    expect(() => loadConfig({ ...mailbox, INBOUND_IMAP_POLL_SECONDS: "1" })).toThrow(
      /INBOUND_IMAP_POLL_SECONDS/,
    );
  });
});
