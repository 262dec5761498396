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

  describe("the mailbox's OAuth log-in", () => {
    const oauth = {
      SUPPORT_MAILBOX: "support@scheme.example",
      INBOUND_IMAP_URL: "imaps://support%40scheme.example@outlook.office365.com",
      INBOUND_IMAP_OAUTH_TOKEN_URL: "https://login.microsoftonline.com/scheme.example/oauth2/v2.0/token",
      INBOUND_IMAP_OAUTH_CLIENT_ID: "00000000-aaaa-bbbb-cccc-000000000000",
      INBOUND_IMAP_OAUTH_CLIENT_SECRET: "an-oauth-client-secret-never-logged",
      INBOUND_IMAP_OAUTH_SCOPE: "https://outlook.office365.com/.default",
    };

    it("takes all four settings with a URL that names the mailbox, and withholds the secret at start", () => {
      const config = loadConfig(oauth);
      expect(config).toMatchObject(oauth);
      const summary = JSON.stringify(configSummary(config));
      expect(summary).toContain("login.microsoftonline.com");
      expect(summary).not.toContain("an-oauth-client-secret-never-logged");
    });

    it("refuses some of the settings without the others, naming each missing one and never the secret", () => {
      const { INBOUND_IMAP_OAUTH_CLIENT_ID: _id, INBOUND_IMAP_OAUTH_SCOPE: _scope, ...some } = oauth;
      const half = () => loadConfig(some);
      expect(half).toThrow(/INBOUND_IMAP_OAUTH_CLIENT_ID: required when any of/);
      expect(half).toThrow(/INBOUND_IMAP_OAUTH_SCOPE: required when any of/);
      expect(half).not.toThrow(/an-oauth-client-secret-never-logged/);
      expect(() => loadConfig({ INBOUND_IMAP_OAUTH_CLIENT_SECRET: "s3cret" })).toThrow(
        /INBOUND_IMAP_OAUTH_TOKEN_URL: required when any of/,
      );
    });

    it("refuses a URL that also holds a password, or names no user, or no mailbox at all", () => {
      const withPassword = () =>
        loadConfig({
          ...oauth,
          INBOUND_IMAP_URL: "imaps://support%40scheme.example:a-password@outlook.office365.com",
        });
      expect(withPassword).toThrow(
        /INBOUND_IMAP_URL: must hold no password when INBOUND_IMAP_OAUTH_TOKEN_URL is set/,
      );
      expect(withPassword).not.toThrow(/a-password/);
      expect(() => loadConfig({ ...oauth, INBOUND_IMAP_URL: "imaps://outlook.office365.com" })).toThrow(
        /INBOUND_IMAP_URL: must name the mailbox's user/,
      );
      const { INBOUND_IMAP_URL: _url, ...withoutMailbox } = oauth;
      expect(() => loadConfig(withoutMailbox)).toThrow(
        /INBOUND_IMAP_URL: required when INBOUND_IMAP_OAUTH_TOKEN_URL is set/,
      );
    });

    it("refuses a token endpoint over http off this machine, and takes one on loopback", () => {
      expect(() =>
        loadConfig({ ...oauth, INBOUND_IMAP_OAUTH_TOKEN_URL: "http://login.scheme.example/token" }),
      ).toThrow(/INBOUND_IMAP_OAUTH_TOKEN_URL: must be an https:\/\/ address/);
      expect(
        loadConfig({ ...oauth, INBOUND_IMAP_OAUTH_TOKEN_URL: "http://127.0.0.1:4000/token" })
          .INBOUND_IMAP_OAUTH_TOKEN_URL,
      ).toBe("http://127.0.0.1:4000/token");
    });
  });
});
