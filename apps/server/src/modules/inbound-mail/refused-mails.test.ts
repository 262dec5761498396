import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { startTestImapServer, type TestImapServer } from "../../../test-support/dovecot.js";
import {
  emptyInbox,
  inboundContextOf,
  TEST_SUPPORT_MAILBOX,
} from "../../../test-support/modules/inbound-mail.js";
import { TEST_SECRET } from "../../../test-support/modules/mail.js";
import { defaultQueryFields, loggedInMember, SI } from "../../../test-support/modules/smart-inquiry.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { attachments, inboundMails, outboxMails, queries, threadEntries } from "../../db/schema.js";
import { startConversation } from "../conversations/index.js";
import { replyAddress } from "../mail/index.js";
import { createInboundPoller, MAX_INBOUND_MAIL_BYTES } from "./mailbox-poller.js";
import type { InboundContext } from "./processing.js";
import { gmailReply, replyWithFiles, type ThreadOf } from "./test-mails.js";
import { listUnmatchedMails } from "./unmatched-mails.js";

// Members' e-mails under the form's limits (the queries and updates of an hour, counted with the
// form's; the files of one message; the upload volume of a day), each refusal kept for staff with
// its reason and the member told once per limit; and a mail too large to read, moved to a folder of
// its own on a real dovecot and listed for staff with its sender, subject and size only.

const LIMITS = { MEMBER_QUERIES_PER_HOUR: "3", MEMBER_UPLOAD_MB_PER_DAY: "1" };
/** The tests' size limit: a mail over it is refused as a 64 MB one is in production. */
const TEST_MAX_MAIL_BYTES = 100_000;
const silentLog = { info() {}, warn() {}, error() {} };

describe.each(TEST_DATABASE_KINDS)("refused e-mails, on %s", (kind) => {
  let testApp: TestApp;
  let imap: TestImapServer;
  let context: InboundContext;
  let sequence = 0;

  const poller = (maxMailBytes = TEST_MAX_MAIL_BYTES) =>
    createInboundPoller({
      url: imap.url,
      folder: "INBOX",
      processedFolder: "Processed",
      maxMailBytes,
      context,
      log: silentLog,
      intervalMs: 60_000,
    });
  const outcomesOfPoll = async () => (await poller().runOnce()).map((each) => each.outcome);

  beforeAll(async () => {
    imap = await startTestImapServer();
    testApp = await createTestApp(kind, LIMITS);
    context = inboundContextOf(testApp, LIMITS);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await imap?.stop();
  });
  beforeEach(() => emptyInbox(imap));

  /** A member logged in to the portal, and a conversation of theirs replied to at query@… with a copy to partner@…. */
  async function memberWithConversation() {
    const member = await loggedInMember(testApp);
    const conversation = await testApp.database.db.transaction((tx) =>
      startConversation(
        tx,
        {
          memberEntityNumber: member.entityNumber,
          origin: "MEMBER_WEB",
          category: "MEDICAL_CLAIMS",
          subCategory: "CLAIM_NOT_PAID",
          product: null,
          queryText: "My claim has not been paid.",
          email: "query@example.com",
          ccEmail: "partner@example.com",
          loggedAt: new Date(),
          replyDueOn: "2026-12-01",
        },
        [],
      ),
    );
    return { member, conversation };
  }

  function reply(conversation: number, from = "query@example.com"): ThreadOf {
    sequence += 1;
    return {
      to: replyAddress(TEST_SUPPORT_MAILBOX, TEST_SECRET, conversation),
      from,
      messageId: `<refused${sequence}x${kind}x${Date.now()}@mail.gmail.com>`,
      subject: `Re: my claim ${sequence}`,
    };
  }

  async function deliver(raw: string): Promise<void> {
    const client = await imap.client();
    try {
      await client.append("INBOX", raw);
    } finally {
      await client.logout();
    }
  }

  const rowOf = async (messageId: string) => {
    const [row] = await testApp.database.db
      .select()
      .from(inboundMails)
      .where(eq(inboundMails.messageId, messageId.slice(1, -1)));
    return row;
  };
  const noticesTo = (member: number) =>
    testApp.database.db
      .select()
      .from(outboxMails)
      .where(and(eq(outboxMails.kind, "EMAIL_REFUSED"), eq(outboxMails.memberEntityNumber, member)));
  const updatesOf = (conversation: number) =>
    testApp.database.db
      .select()
      .from(queries)
      .where(
        and(
          eq(queries.conversationReferenceNumber, conversation),
          eq(queries.parentReferenceNumber, conversation),
        ),
      );

  it("counts e-mailed updates with the form's queries; past the hour's limit keeps them for staff and tells the member once", async () => {
    const { member, conversation } = await memberWithConversation();
    // One of the member's three of the hour by the form.
    const byForm = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
    );
    expect(byForm.statusCode).toBe(200);
    const mails = [1, 2, 3, 4].map(() => reply(conversation));
    for (const [index, mail] of mails.entries()) await deliver(gmailReply(mail, `Update number ${index}.`));

    expect(await outcomesOfPoll()).toEqual(["UPDATE", "UPDATE", "UNMATCHED", "UNMATCHED"]);
    expect((await updatesOf(conversation)).map((row) => row.queryText).sort()).toEqual([
      "Update number 0.",
      "Update number 1.",
    ]);
    for (const mail of mails.slice(2)) {
      expect(await rowOf(mail.messageId)).toMatchObject({
        outcome: "UNMATCHED",
        reason: "QUERY_LIMIT",
        conversationReferenceNumber: conversation,
        memberEntityNumber: member.entityNumber,
        fromAddress: "query@example.com",
        rawBlobKey: expect.stringMatching(/^inbound-mail\//),
      });
    }
    // The form now refuses the member too: one count for both ways in.
    const refusedByForm = await member.browser.postMultipart(
      `${SI}/member-queries/query-additional-info`,
      defaultQueryFields,
    );
    expect(refusedByForm.statusCode).toBe(429);

    // Another refused mail in the same hour: kept, but no second notice.
    const later = reply(conversation);
    await deliver(gmailReply(later, "Are you there?"));
    expect(await outcomesOfPoll()).toEqual(["UNMATCHED"]);
    expect((await rowOf(later.messageId))?.reason).toBe("QUERY_LIMIT");

    const notices = await noticesTo(member.entityNumber);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    // To the conversation's own addresses, in the member's thread, answering the first refused mail.
    expect(notice?.toAddresses).toEqual(["query@example.com"]);
    expect(notice?.ccAddresses).toEqual(["partner@example.com"]);
    expect(notice?.conversationReferenceNumber).toBe(conversation);
    expect(notice?.threadReferences?.at(-1)).toBe(mails[2]?.messageId);
    expect(notice?.subject).toBe(`We could not add your e-mail to query ${conversation}`);
    expect(notice?.text).toContain(
      "We accept at most 3 queries and updates from a member in an hour, by e-mail and in the member portal together.",
    );
    expect(notice?.text).toMatch(/Please send it again after \d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    expect(notice?.text).not.toContain("Update number");
  });

  it("refuses a mail with more files than a submission may carry, stores none of them, and tells the member once", async () => {
    const { member, conversation } = await memberWithConversation();
    const files = Array.from({ length: 21 }, (_, index) => {
      const png = pngFile(`receipt-${index}.png`);
      return { filename: png.name, contentType: png.type, content: png.bytes };
    });
    const mails = [reply(conversation), reply(conversation)];
    for (const mail of mails) await deliver(await replyWithFiles(mail, "All my receipts.", files));

    expect(await outcomesOfPoll()).toEqual(["UNMATCHED", "UNMATCHED"]);
    for (const mail of mails) expect((await rowOf(mail.messageId))?.reason).toBe("ATTACHMENT_LIMIT");
    expect(await updatesOf(conversation)).toEqual([]);
    const stored = await testApp.database.db
      .select()
      .from(attachments)
      .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
      .innerJoin(queries, eq(queries.referenceNumber, threadEntries.queryReferenceNumber))
      .where(eq(queries.memberEntityNumber, member.entityNumber));
    expect(stored).toEqual([]);
    const notices = await noticesTo(member.entityNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("It carried more than 20 files, the most we accept with one message");
  });

  it("refuses files past the member's upload volume of the day, as the form does", async () => {
    const { member, conversation } = await memberWithConversation();
    const big = pdfOfSize(600 * 1024, "statement.pdf");
    const file = [{ filename: big.name, contentType: big.type, content: big.bytes }];
    const mails = [reply(conversation), reply(conversation), reply(conversation)];
    for (const mail of mails) await deliver(await replyWithFiles(mail, "My statement.", file));

    // The first two start under the 1 MB of the day (the second ends over it, as the form allows).
    // Each mail is larger than the other tests' size limit: read with the production one.
    const outcomes = await poller(MAX_INBOUND_MAIL_BYTES).runOnce();
    expect(outcomes.map((each) => each.outcome)).toEqual(["UPDATE", "UPDATE", "UNMATCHED"]);
    expect((await rowOf(mails[2]?.messageId ?? ""))?.reason).toBe("UPLOAD_LIMIT");
    const notices = await noticesTo(member.entityNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("We accept at most 1 MB of attachments from a member in 24 hours");
  }, 60_000);

  it("moves a mail too large to read to the Refused folder and lists it for staff with its sender, subject and size only", async () => {
    const { conversation } = await memberWithConversation();
    const large = reply(conversation, "someone@elsewhere.example");
    const scan = pdfOfSize(150 * 1024, "scan.pdf");
    await deliver(
      await replyWithFiles(large, "The whole file.", [
        { filename: scan.name, contentType: scan.type, content: scan.bytes },
      ]),
    );
    const small = reply(conversation);
    await deliver(gmailReply(small, "And a short note."));
    const refusedBefore = (await imap.uids("Refused").catch(() => [])).length;

    expect(await outcomesOfPoll()).toEqual(["UNMATCHED", "UPDATE"]);
    expect(await imap.uids("INBOX")).toEqual([]);
    expect(await imap.uids("Refused")).toHaveLength(refusedBefore + 1);
    const row = await rowOf(large.messageId);
    expect(row).toMatchObject({
      outcome: "UNMATCHED",
      reason: "TOO_LARGE",
      fromAddress: "someone@elsewhere.example",
      subject: large.subject,
      rawBlobKey: null,
      conversationReferenceNumber: null,
    });
    expect(row?.sizeBytes).toBeGreaterThan(TEST_MAX_MAIL_BYTES);
    const listed = (await listUnmatchedMails(testApp.database.db, undefined)).mails.find(
      (mail) => mail.id === row?.id,
    );
    expect(listed).toMatchObject({ reason: "TOO_LARGE", sizeBytes: row?.sizeBytes, rawBlobKey: null });

    // Read again (moved back by hand, or a crash before the move): recorded once, moved again.
    const client = await imap.client();
    try {
      const lock = await client.getMailboxLock("Refused");
      try {
        await client.messageMove("1:*", "INBOX");
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
    expect(await outcomesOfPoll()).toEqual(Array(refusedBefore + 1).fill("DUPLICATE"));
    expect(await imap.uids("INBOX")).toEqual([]);
  });
});
