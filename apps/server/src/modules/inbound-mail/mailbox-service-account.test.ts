import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { startTestImapServer, type TestImapServer } from "../../../test-support/dovecot.js";
import {
  deliverMemberReply,
  emptyInbox,
  firstPollOf,
  inboundContextOf,
  inboundOutcomeOf,
  type LogLine,
  recordingLog,
  TEST_SUPPORT_MAILBOX,
} from "../../../test-support/modules/inbound-mail.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import {
  GMAIL_SCOPE,
  serviceAccountKeys,
  startTestTokenProvider,
  type TestTokenProvider,
  writeServiceAccountKeyFile,
} from "../../../test-support/oauth-token-provider.js";
import { addMember, createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loadConfig } from "../../config/env.js";
import { readServiceAccountFile, type ServiceAccount } from "../../config/service-account-file.js";
import { inboundPollerFor } from "./configured-poller.js";
import { createInboundPoller, type InboundPoller } from "./mailbox-poller.js";
import type { InboundContext } from "./processing.js";
import { createServiceAccountTokenSource } from "./service-account-token.js";

// The support mailbox read as Google Workspace allows it, all against real peers: a service account
// with domain-wide delegation signs an assertion (RS256) acting as the mailbox's user, an OAuth 2.0
// server (oidc-provider) checks it against the account's public key and gives a token by the JWT
// bearer grant, and a dovecot takes that token by XOAUTH2 after asking the server's introspection
// endpoint whether it is active and for this mailbox.

const SUPPORT = TEST_SUPPORT_MAILBOX;
const CLIENT_EMAIL = "portal-mailbox@portal-tests.iam.gserviceaccount.com";

describe.each(TEST_DATABASE_KINDS)("the support mailbox's Google service-account log-in, on %s", (kind) => {
  let testApp: TestApp;
  let provider: TestTokenProvider;
  let imap: TestImapServer;
  let context: InboundContext;
  let member: number;
  let dir: string;
  /** The account's key file, as Google gives it, and one with a key the provider does not know. */
  let keyFile: string;
  let unknownKeyFile: string;

  const log = recordingLog();

  const accountOf = (file: string): ServiceAccount => {
    const read = readServiceAccountFile(file);
    if (!read.serviceAccount) throw new Error(read.problem);
    return read.serviceAccount;
  };

  const newPoller = (file: string, mailboxUser = "support", url = imap.urlWithoutPassword): InboundPoller =>
    createInboundPoller({
      url,
      tokens: createServiceAccountTokenSource({
        serviceAccount: accountOf(file),
        mailboxUser,
        scope: GMAIL_SCOPE,
      }),
      folder: "INBOX",
      processedFolder: "Processed",
      context,
      log,
      intervalMs: 60_000,
    });

  beforeAll(async () => {
    const keys = serviceAccountKeys();
    provider = await startTestTokenProvider({
      mailboxUser: "support",
      serviceAccount: { clientEmail: CLIENT_EMAIL, publicKey: keys.publicKey },
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-service-account-"));
    keyFile = path.join(dir, "service-account.json");
    writeServiceAccountKeyFile(keyFile, {
      clientEmail: CLIENT_EMAIL,
      privateKey: keys.privateKey,
      tokenUri: provider.tokenUrl,
    });
    unknownKeyFile = path.join(dir, "unknown-key.json");
    writeServiceAccountKeyFile(unknownKeyFile, {
      clientEmail: CLIENT_EMAIL,
      privateKey: serviceAccountKeys().privateKey,
      tokenUri: provider.tokenUrl,
    });
    imap = await startTestImapServer({ oauth2: { introspectionUrl: provider.introspectionUrl } });
    testApp = await createTestApp(kind);
    member = (await addMember(testApp.database, { emails: [`google-${kind}@example.com`] })).entityNumber;
    context = inboundContextOf(testApp);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await imap?.stop();
    await provider?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    log.clear();
    await emptyInbox(imap);
  });

  const deliverReply = (text: string) => deliverMemberReply(testApp, imap, member, text);
  const outcomeOf = (messageId: string) => inboundOutcomeOf(testApp.database.db, messageId);

  const firstPoll = (poller: InboundPoller) => firstPollOf(poller, log);

  /** What must never be in the log: the key, and any token or assertion the provider saw. */
  function expectNoSecrets(lines: LogLine[], file: string) {
    const said = JSON.stringify(lines);
    const key = JSON.parse(fs.readFileSync(file, "utf8")).private_key as string;
    expect(said).not.toContain(key.split("\n")[1]);
    expect(said).not.toMatch(/eyJ[\w-]+\./);
    for (const token of provider.issued) expect(said).not.toContain(token);
  }

  it("is configured by INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: logs in by XOAUTH2 as the URL's user, processes a mail end to end and keeps the token", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      SUPPORT_MAILBOX: SUPPORT,
      INBOUND_IMAP_URL: imap.urlWithoutPassword,
      INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE: keyFile,
      INBOUND_IMAP_OAUTH_SCOPE: GMAIL_SCOPE,
    });
    const poller = inboundPollerFor(config, {
      db: testApp.database.db,
      blobStore: testApp.blobStore,
      secret: TEST_SECRET,
      log,
    });
    if (!poller) throw new Error("no poller for the settings");
    const issuedBefore = provider.tokensIssued();
    await poller.verify();
    const messageId = await deliverReply("The claim was for R450.");
    expect((await poller.runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    expect(await outcomeOf(messageId)).toBe("UPDATE");
    expect(await imap.uids("INBOX")).toEqual([]);
    // One token for the check at start and both polls: it lives ten minutes.
    expect(await poller.runOnce()).toEqual([]);
    expect(provider.tokensIssued()).toBe(issuedBefore + 1);
    // As Google documents the request: the assertion names the account; no client_id, no secret.
    expect(provider.bearerRequestFields.at(-1)?.sort()).toEqual(["assertion", "grant_type"]);
    expectNoSecrets(log.lines, keyFile);
  });

  it("fails the poll when the provider does not know the key, saying why without the key or the assertion, and leaves the mail", async () => {
    const messageId = await deliverReply("Is there news?");
    const issuedBefore = provider.tokensIssued();
    const poller = newPoller(unknownKeyFile);
    await expect(poller.verify()).rejects.toThrow(
      "the support mailbox's access token could not be obtained from INBOUND_IMAP_OAUTH_SERVICE_ACCOUNT_FILE (OAUTH_INVALID_GRANT)",
    );
    const lines = await firstPoll(poller);
    expect(lines).toEqual([
      {
        level: "error",
        details: { errorCode: "OAUTH_INVALID_GRANT", httpStatus: 400 },
        message: "inbound mail poll failed",
      },
    ]);
    expectNoSecrets(lines, unknownKeyFile);
    expect(provider.tokensIssued()).toBe(issuedBefore);
    expect(await imap.uids("INBOX")).toHaveLength(1);
    expect(await outcomeOf(messageId)).toBeUndefined();
    // With the account's own key, the same mail is read.
    expect((await newPoller(keyFile).runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
  });

  it("is refused by the mail server with a token for another mailbox, and leaves the mail", async () => {
    const messageId = await deliverReply("Someone else's token.");
    const issuedBefore = provider.tokensIssued();
    // A token the provider gives (delegation is domain-wide), acting as another user.
    const poller = newPoller(keyFile, "someone-else");
    const lines = await firstPoll(poller);
    expect(provider.tokensIssued()).toBe(issuedBefore + 1);
    expect(lines).toEqual([
      {
        level: "error",
        details: { errorCode: "IMAP_AUTHENTICATION_FAILED" },
        message: "inbound mail poll failed",
      },
    ]);
    expectNoSecrets(lines, keyFile);
    expect(await imap.uids("INBOX")).toHaveLength(1);
    expect(await outcomeOf(messageId)).toBeUndefined();
  });
});
