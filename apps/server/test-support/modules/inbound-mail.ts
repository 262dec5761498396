import { eq } from "drizzle-orm";
import { loadConfig } from "../../src/config/env.js";
import type { Db } from "../../src/db/database.js";
import { inboundMails } from "../../src/db/schema.js";
import { startConversation } from "../../src/modules/conversations/index.js";
import type { InboundPoller, PollerLog } from "../../src/modules/inbound-mail/mailbox-poller.js";
import type { InboundContext } from "../../src/modules/inbound-mail/processing.js";
import { gmailReply } from "../../src/modules/inbound-mail/test-mails.js";
import { replyAddress } from "../../src/modules/mail/index.js";
import type { TestImapServer } from "../dovecot.js";
import type { TestApp } from "../test-app.js";
import { TEST_SECRET } from "./mail.js";

// What the tests of the support mailbox's log-ins share: the poller's context, an emptied inbox, a
// member's reply delivered to it, what became of a mail, and a log that keeps its lines.

export const TEST_SUPPORT_MAILBOX = "support@scheme.example";

export interface LogLine {
  level: "info" | "warn" | "error";
  details: object;
  message: string;
}

/** A poller's log that keeps what it is told; clear() empties it between tests. */
export function recordingLog(): PollerLog & { lines: LogLine[]; clear(): void } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: "info", details, message }),
    warn: (details, message) => lines.push({ level: "warn", details, message }),
    error: (details, message) => lines.push({ level: "error", details, message }),
    clear: () => {
      lines.length = 0;
    },
  };
}

/** The poller's context on the test app's database; `env` sets the member's limits (far above a member's by default, as the test app's). */
export function inboundContextOf(testApp: TestApp, env: NodeJS.ProcessEnv = {}): InboundContext {
  const config = loadConfig({ NODE_ENV: "test", MEMBER_QUERIES_PER_HOUR: "10000", ...env });
  return {
    db: testApp.database.db,
    blobStore: testApp.blobStore,
    brand: config.brand,
    keys: { secret: TEST_SECRET, supportMailbox: TEST_SUPPORT_MAILBOX },
    updateWindowDays: 30,
    timeZone: "Africa/Johannesburg",
    config,
    now: () => new Date(),
  };
}

/** Deletes every mail in the inbox (by password, as the mail server's own tools would). */
export async function emptyInbox(imap: TestImapServer): Promise<void> {
  const client = await imap.client();
  try {
    const lock = await client.getMailboxLock("INBOX");
    try {
      if (client.mailbox && client.mailbox.exists > 0) await client.messageDelete("1:*");
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

let delivered = 0;

/**
 * A new conversation of the member's, and a Gmail-style reply to its Reply-To address put in the
 * inbox (by password, as a mail server delivers): the reply's Message-ID.
 */
export async function deliverMemberReply(
  testApp: TestApp,
  imap: TestImapServer,
  member: number,
  text: string,
): Promise<string> {
  const referenceNumber = await testApp.database.db.transaction((tx) =>
    startConversation(
      tx,
      {
        memberEntityNumber: member,
        origin: "MEMBER_WEB",
        category: "MEDICAL_CLAIMS",
        subCategory: "CLAIM_NOT_PAID",
        product: null,
        queryText: "My claim has not been paid.",
        email: "query@example.com",
        ccEmail: null,
        loggedAt: new Date(),
        replyDueOn: "2026-12-01",
      },
      [],
    ),
  );
  delivered += 1;
  const messageId = `<reply${delivered}x${process.pid}x${Date.now()}@mail.gmail.com>`;
  const raw = gmailReply(
    {
      to: replyAddress(TEST_SUPPORT_MAILBOX, TEST_SECRET, referenceNumber),
      from: "query@example.com",
      messageId,
    },
    text,
  );
  const client = await imap.client();
  try {
    await client.append("INBOX", raw);
  } finally {
    await client.logout();
  }
  return messageId;
}

/** What the portal made of a mail it read (UPDATE, NEW_QUERY, UNMATCHED …), or undefined if unread. */
export async function inboundOutcomeOf(db: Db, messageId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ outcome: inboundMails.outcome })
    .from(inboundMails)
    .where(eq(inboundMails.messageId, messageId.replace(/^<|>$/g, "")));
  return row?.outcome;
}

/** Starts the poller's timer, waits for its first poll's log line, stops it: the log's lines. */
export async function firstPollOf(poller: InboundPoller, log: { lines: LogLine[] }): Promise<LogLine[]> {
  const deadline = Date.now() + 15_000;
  poller.start();
  try {
    while (!log.lines.some((line) => /inbound mail (processed|poll failed)/.test(line.message))) {
      if (Date.now() > deadline) throw new Error("the poller did not poll");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await poller.stop();
  }
  return log.lines;
}
