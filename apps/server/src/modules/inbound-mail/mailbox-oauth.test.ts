import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { startTestImapServer, type TestImapServer } from "../../../test-support/dovecot.js";
import {
  deliverMemberReply,
  emptyInbox,
  firstPollOf,
  inboundContextOf,
  inboundOutcomeOf,
  recordingLog,
  TEST_SUPPORT_MAILBOX,
} from "../../../test-support/modules/inbound-mail.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import {
  startTestTokenProvider,
  type TestTokenProvider,
} from "../../../test-support/oauth-token-provider.js";
import { addMember, createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loadConfig } from "../../config/env.js";
import { inboundPollerFor } from "./configured-poller.js";
import { createInboundPoller, type InboundPoller } from "./mailbox-poller.js";
import { createMailboxTokenSource, type MailboxOAuthSettings } from "./mailbox-token.js";
import type { InboundContext } from "./processing.js";

// The support mailbox read with an access token instead of a password (Exchange Online's way), all
// against real peers: an OAuth 2.0 server (oidc-provider) that gives the portal's client tokens by
// the client-credentials grant, and a dovecot that takes them by XOAUTH2 only after asking that
// server's introspection endpoint whether the token is active and for this mailbox.

const SUPPORT = TEST_SUPPORT_MAILBOX;

describe.each(TEST_DATABASE_KINDS)("the support mailbox's OAuth log-in, on %s", (kind) => {
  let testApp: TestApp;
  let provider: TestTokenProvider;
  let imap: TestImapServer;
  let context: InboundContext;
  let member: number;

  const log = recordingLog();

  const oauth = (change: Partial<MailboxOAuthSettings> = {}): MailboxOAuthSettings => ({
    tokenUrl: provider.tokenUrl,
    clientId: provider.portal.clientId,
    clientSecret: provider.portal.clientSecret,
    scope: provider.scope,
    ...change,
  });

  const newPoller = (settings = oauth(), now?: () => number): InboundPoller =>
    createInboundPoller({
      url: imap.urlWithoutPassword,
      tokens: createMailboxTokenSource(settings, now),
      folder: "INBOX",
      processedFolder: "Processed",
      context,
      log,
      intervalMs: 60_000,
    });

  beforeAll(async () => {
    provider = await startTestTokenProvider({ mailboxUser: "support" });
    imap = await startTestImapServer({ oauth2: { introspectionUrl: provider.introspectionUrl } });
    testApp = await createTestApp(kind);
    member = (await addMember(testApp.database, { emails: [`oauth-${kind}@example.com`] })).entityNumber;
    context = inboundContextOf(testApp);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await imap?.stop();
    await provider?.close();
  });

  beforeEach(async () => {
    log.clear();
    await emptyInbox(imap);
  });

  const deliverReply = (text: string) => deliverMemberReply(testApp, imap, member, text);
  const outcomeOf = (messageId: string) => inboundOutcomeOf(testApp.database.db, messageId);

  const firstPoll = (poller: InboundPoller) => firstPollOf(poller, log);

  it("logs in by XOAUTH2 with a token of the client-credentials grant, processes a mail end to end and keeps the token for the next poll", async () => {
    const issuedBefore = provider.tokensIssued();
    const poller = newPoller();
    await poller.verify();
    const messageId = await deliverReply("The claim was for R450.");
    expect((await poller.runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    expect(await outcomeOf(messageId)).toBe("UPDATE");
    expect(await imap.uids("INBOX")).toEqual([]);
    // One token for the check at start and both polls: it lives ten minutes.
    expect(await poller.runOnce()).toEqual([]);
    expect(provider.tokensIssued()).toBe(issuedBefore + 1);
  });

  it("is configured by INBOUND_IMAP_OAUTH_*: the check at start logs in with a token, and names the variable when the secret is wrong", async () => {
    const settings = (secret: string) =>
      loadConfig({
        NODE_ENV: "test",
        SUPPORT_MAILBOX: SUPPORT,
        INBOUND_IMAP_URL: imap.urlWithoutPassword,
        INBOUND_IMAP_OAUTH_TOKEN_URL: provider.tokenUrl,
        INBOUND_IMAP_OAUTH_CLIENT_ID: provider.portal.clientId,
        INBOUND_IMAP_OAUTH_CLIENT_SECRET: secret,
        INBOUND_IMAP_OAUTH_SCOPE: provider.scope,
      });
    const dependencies = { db: testApp.database.db, blobStore: testApp.blobStore, secret: TEST_SECRET, log };
    const issuedBefore = provider.tokensIssued();
    await inboundPollerFor(settings(provider.portal.clientSecret), dependencies)?.verify();
    expect(provider.tokensIssued()).toBe(issuedBefore + 1);
    const wrong = inboundPollerFor(settings("not-the-secret"), dependencies);
    await expect(wrong?.verify()).rejects.toThrow(/INBOUND_IMAP_OAUTH_TOKEN_URL \(OAUTH_INVALID_CLIENT\)/);
  });

  it("fails the poll on a wrong client secret, saying why without the secret, and leaves the mail in the folder", async () => {
    const messageId = await deliverReply("Is there news?");
    const poller = newPoller(oauth({ clientSecret: "a-wrong-secret-never-logged" }));
    await expect(poller.verify()).rejects.toThrow(
      "the support mailbox's access token could not be obtained from INBOUND_IMAP_OAUTH_TOKEN_URL (OAUTH_INVALID_CLIENT)",
    );
    const lines = await firstPoll(poller);
    expect(lines).toEqual([
      {
        level: "error",
        details: { errorCode: "OAUTH_INVALID_CLIENT", httpStatus: 401 },
        message: "inbound mail poll failed",
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain("a-wrong-secret-never-logged");
    expect(await imap.uids("INBOX")).toHaveLength(1);
    expect(await outcomeOf(messageId)).toBeUndefined();
    // With the right secret, the same mail is read.
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
  });

  it("replaces a kept token the mail server refuses because it was revoked, in the same poll", async () => {
    const poller = newPoller();
    await poller.runOnce();
    const kept = provider.issued.at(-1) as string;
    await provider.revoke(kept);
    const issuedBefore = provider.tokensIssued();
    const messageId = await deliverReply("Revoked, and read all the same.");
    expect((await poller.runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    expect(await outcomeOf(messageId)).toBe("UPDATE");
    expect(provider.tokensIssued()).toBe(issuedBefore + 1);
    expect(provider.issued.at(-1)).not.toBe(kept);
  });

  it("asks for a new token shortly before the kept one expires", async () => {
    let clock = Date.now();
    const poller = newPoller(oauth(), () => clock);
    await poller.runOnce();
    const issuedBefore = provider.tokensIssued();
    // Ten minutes' life: kept for five, then renewed.
    clock += 4 * 60_000;
    await poller.runOnce();
    expect(provider.tokensIssued()).toBe(issuedBefore);
    clock += 61_000;
    await poller.runOnce();
    expect(provider.tokensIssued()).toBe(issuedBefore + 1);
  });

  // Once: it waits for a token to expire, and the database plays no part.
  it.runIf(kind === TEST_DATABASE_KINDS[0])(
    "replaces a kept token the mail server finds expired though the portal's clock says it is not",
    async () => {
      // Tokens of six seconds: longer than dovecot's delay of a log-in after a refused one.
      const shortLived = await startTestTokenProvider({ mailboxUser: "support", accessTokenSeconds: 6 });
      const shortImap = await startTestImapServer({
        oauth2: { introspectionUrl: shortLived.introspectionUrl },
      });
      const stopped = Date.now();
      try {
        const reader = createInboundPoller({
          url: shortImap.urlWithoutPassword,
          tokens: createMailboxTokenSource(
            {
              tokenUrl: shortLived.tokenUrl,
              clientId: shortLived.portal.clientId,
              clientSecret: shortLived.portal.clientSecret,
              scope: shortLived.scope,
            },
            () => stopped,
          ),
          folder: "INBOX",
          processedFolder: "Processed",
          context,
          log,
          intervalMs: 60_000,
        });
        await reader.runOnce();
        await new Promise((resolve) => setTimeout(resolve, 6_500));
        await reader.runOnce();
        expect(shortLived.tokensIssued()).toBe(2);
      } finally {
        await shortImap.stop();
        await shortLived.close();
      }
    },
    30_000,
  );

  it("fails the poll when the server refuses a new token, and asks for another at the next poll", async () => {
    // Tokens of a provider that grants its client another mailbox: dovecot compares the user.
    const elsewhere = await startTestTokenProvider({ mailboxUser: "someone-else" });
    const strictImap = await startTestImapServer({
      oauth2: { introspectionUrl: elsewhere.introspectionUrl },
    });
    try {
      const poller = createInboundPoller({
        url: strictImap.urlWithoutPassword,
        tokens: createMailboxTokenSource({
          tokenUrl: elsewhere.tokenUrl,
          clientId: elsewhere.portal.clientId,
          clientSecret: elsewhere.portal.clientSecret,
          scope: elsewhere.scope,
        }),
        folder: "INBOX",
        processedFolder: "Processed",
        context,
        log,
        intervalMs: 60_000,
        onPoll: (outcome) => outcomes.push(outcome),
      });
      const outcomes: string[] = [];
      const lines = await firstPoll(poller);
      // Counted for the metrics as well as logged.
      expect(outcomes).toEqual(["failed"]);
      expect(lines).toEqual([
        {
          level: "error",
          details: { errorCode: "IMAP_AUTHENTICATION_FAILED" },
          message: "inbound mail poll failed",
        },
      ]);
      expect(JSON.stringify(lines)).not.toContain(elsewhere.issued[0] as string);
      // Not tried again at once with another token: one fresh token refused is the answer.
      expect(elsewhere.tokensIssued()).toBe(1);
      await expect(poller.runOnce()).rejects.toMatchObject({ authenticationFailed: true });
      expect(elsewhere.tokensIssued()).toBe(2);
    } finally {
      await strictImap.stop();
      await elsewhere.close();
    }
  });
});
