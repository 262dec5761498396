import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeServiceAccountKeyFile } from "../../test-support/oauth-token-provider.js";
import { configSummary } from "./config-summary.js";
import { loadConfig } from "./env.js";

// The settings of replies by e-mail (docs/configuration.md, "Replies by e-mail"): off by default, the support
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

  describe("the mailbox's Google service-account log-in", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-key-file-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    /** A line of the key's PEM: never in an error or the summary. */
    const keyLine = pem.split("\n")[1] as string;
    const keyFile = path.join(dir, "service-account.json");
    writeServiceAccountKeyFile(keyFile, {
      clientEmail: "portal-mailbox@scheme-portal.iam.gserviceaccount.com",
      privateKey,
      tokenUri: "https://oauth2.googleapis.com/token",
    });
    const google = {
      SUPPORT_MAILBOX: "support@scheme.example",
      INBOUND_IMAP_URL: "imaps://support%40scheme.example@imap.gmail.com",
      INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: keyFile,
      INBOUND_IMAP_OAUTH_SCOPE: "https://mail.google.com/",
    };
    /** A key file with `change` to Google's fields: its path. */
    const keyFileWith = (name: string, change: Record<string, unknown> | string): string => {
      const file = path.join(dir, name);
      const fields = JSON.parse(fs.readFileSync(keyFile, "utf8"));
      fs.writeFileSync(file, typeof change === "string" ? change : JSON.stringify({ ...fields, ...change }));
      return file;
    };
    const refusal = (env: Record<string, string>): string => {
      try {
        loadConfig(env);
      } catch (error) {
        return String(error);
      }
      throw new Error("the settings were taken");
    };

    it("reads the key file at start, and says its path but none of its content at start", () => {
      const config = loadConfig(google);
      expect(config.inboundServiceAccount).toMatchObject({
        clientEmail: "portal-mailbox@scheme-portal.iam.gserviceaccount.com",
        tokenUri: "https://oauth2.googleapis.com/token",
        privateKeyId: "0123456789abcdef0123456789abcdef01234567",
      });
      expect(config.inboundServiceAccount?.privateKey.asymmetricKeyType).toBe("rsa");
      const summary = JSON.stringify(configSummary(config));
      expect(summary).toContain(keyFile);
      expect(summary).not.toContain(keyLine);
      expect(summary).not.toContain("gserviceaccount.com");
      expect(JSON.stringify(config)).not.toContain(keyLine);
    });

    it("refuses it with the client credentials' settings, naming them", () => {
      const said = refusal({
        ...google,
        INBOUND_IMAP_OAUTH_TOKEN_URL: "https://oauth2.googleapis.com/token",
        INBOUND_IMAP_OAUTH_CLIENT_SECRET: "a-secret-never-repeated",
      });
      expect(said).toContain(
        "INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: cannot be set with INBOUND_IMAP_OAUTH_TOKEN_URL, INBOUND_IMAP_OAUTH_CLIENT_SECRET",
      );
      expect(said).not.toContain("a-secret-never-repeated");
    });

    it("needs the scope and a mailbox URL naming its user without a password", () => {
      const { INBOUND_IMAP_OAUTH_SCOPE: _scope, ...withoutScope } = google;
      expect(refusal(withoutScope)).toContain("INBOUND_IMAP_OAUTH_SCOPE: required when any of");
      expect(refusal({ ...google, INBOUND_IMAP_URL: "imaps://imap.gmail.com" })).toContain(
        "INBOUND_IMAP_URL: must name the mailbox's user when INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE is set",
      );
      expect(
        refusal({ ...google, INBOUND_IMAP_URL: "imaps://support%40scheme.example:pw@imap.gmail.com" }),
      ).toContain(
        "INBOUND_IMAP_URL: must hold no password when INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE is set",
      );
    });

    it("stops start-up on a bad key file, naming the variable and the reason and never the key", () => {
      const cases: [string, string][] = [
        [path.join(dir, "missing.json"), "cannot be read (ENOENT)"],
        [keyFileWith("pem.json", pem), "is not a JSON object"],
        [keyFileWith("user.json", { type: "authorized_user" }), "type must be service_account"],
        [
          keyFileWith("no-email.json", { client_email: "" }),
          "client_email must be the service account's address",
        ],
        [
          keyFileWith("broken-key.json", { private_key: pem.replace(keyLine, "") }),
          "private_key must be a PEM private key",
        ],
        [
          keyFileWith("ec-key.json", {
            private_key: generateKeyPairSync("ec", { namedCurve: "P-256" })
              .privateKey.export({ format: "pem", type: "pkcs8" })
              .toString(),
          }),
          "private_key must be an RSA key of at least 2048 bits",
        ],
        [
          keyFileWith("http.json", { token_uri: "http://oauth2.example/token" }),
          "token_uri must be an https:// address",
        ],
      ];
      for (const [file, reason] of cases) {
        const said = refusal({ ...google, INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: file });
        expect(said).toContain(`INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: ${file}`);
        expect(said).toContain(reason);
        expect(said).not.toContain(keyLine);
        expect(said).not.toContain("BEGIN");
      }
    });
  });
});
