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
import { addMember, createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { messageFilesOf } from "../../../test-support/thread-rows.js";
import { pdfOfSize, pngFile } from "../../../test-support/upload-fixtures.js";
import { loadConfig } from "../../config/env.js";
import { conversations, inboundMails, outboxMails, queries } from "../../db/schema.js";
import { startConversation } from "../conversations/index.js";
import { enqueueMail, queryLoggedMail, replyAddress } from "../mail/index.js";
import { createInboundPoller, type InboundPoller } from "./mailbox-poller.js";
import { type InboundContext, processMail } from "./processing.js";
import {
  autoReply,
  bounce,
  forwardedMail,
  gmailReply,
  outlookHtmlReply,
  replyWithFiles,
  spoofedReply,
  type ThreadOf,
} from "./test-mails.js";

// Members' replies read from a real IMAP server (a throwaway dovecot on loopback), each matched,
// recorded once and moved only after its commit.

const SUPPORT = TEST_SUPPORT_MAILBOX;
const brand = loadConfig({ NODE_ENV: "test" }).brand;
const silentLog = { info() {}, warn() {}, error() {} };

describe.each(TEST_DATABASE_KINDS)("replies by e-mail, on %s", (kind) => {
  let testApp: TestApp;
  let imap: TestImapServer;
  let context: InboundContext;
  let member: { entityNumber: number; email: string };
  let sequence = 0;

  const newPoller = (): InboundPoller =>
    createInboundPoller({
      url: imap.url,
      folder: "INBOX",
      processedFolder: "Processed",
      context,
      log: silentLog,
      intervalMs: 60_000,
    });

  beforeAll(async () => {
    imap = await startTestImapServer();
    testApp = await createTestApp(kind);
    const added = await addMember(testApp.database, { emails: [`registered-${kind}@example.com`] });
    member = { entityNumber: added.entityNumber, email: `registered-${kind}@example.com` };
    context = inboundContextOf(testApp);
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await imap?.stop();
  });

  /** A conversation of the member's, replied to at `query@…` with a copy to `partner@…`, and its acknowledgement's Message-ID. */
  async function conversation() {
    const now = new Date();
    return testApp.database.db.transaction(async (tx) => {
      const referenceNumber = await startConversation(
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
          loggedAt: now,
          replyDueOn: "2026-12-01",
        },
        [],
      );
      await enqueueMail(
        tx,
        queryLoggedMail(brand, {
          to: ["query@example.com"],
          cc: ["partner@example.com"],
          referenceNumber,
          memberEntityNumber: member.entityNumber,
          dueLatest: "2026-12-01",
        }),
        now,
      );
      const [mail] = await tx
        .select({ messageId: outboxMails.messageId })
        .from(outboxMails)
        .where(eq(outboxMails.referenceNumber, referenceNumber));
      if (!mail) throw new Error("no acknowledgement");
      return { referenceNumber, messageId: `<${mail.messageId}@localhost>` };
    });
  }

  function thread(to: string, from: string, inReplyTo?: string): ThreadOf {
    sequence += 1;
    return {
      to,
      from,
      messageId: `<CAF${sequence}x${kind}${Date.now()}@mail.gmail.com>`,
      ...(inReplyTo ? { inReplyTo, references: [inReplyTo] } : {}),
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

  const updatesOf = (conversationKey: number) =>
    testApp.database.db
      .select()
      .from(queries)
      .where(
        and(
          eq(queries.conversationReferenceNumber, conversationKey),
          eq(queries.parentReferenceNumber, conversationKey),
        ),
      );
  const rowOf = async (messageId: string) => {
    const [row] = await testApp.database.db
      .select()
      .from(inboundMails)
      .where(eq(inboundMails.messageId, messageId.replace(/^<|>$/g, "")));
    return row;
  };

  // Each test starts with an empty inbox (the previous test's mails were moved or are left for it).
  beforeEach(() => emptyInbox(imap));

  it("takes a Gmail reply to the Reply-To address as an update with only the member's words, acknowledges it in the thread, and moves the mail", async () => {
    const { referenceNumber, messageId } = await conversation();
    const mail = thread(replyAddress(SUPPORT, TEST_SECRET, referenceNumber), "query@example.com", messageId);
    await deliver(gmailReply(mail, "The claim was for R450 at Dr Naidoo.\nThank you"));
    const polled = await newPoller().runOnce();
    expect(polled.map((each) => each.outcome)).toEqual(["UPDATE"]);
    const [update] = await updatesOf(referenceNumber);
    expect(update?.queryText).toBe("The claim was for R450 at Dr Naidoo.\nThank you");
    expect(update?.origin).toBe("MEMBER_WEB");
    const [state] = await testApp.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.referenceNumber, referenceNumber));
    expect(state).toMatchObject({ waitingOn: "AGENT", messageCount: 2 });
    expect(await rowOf(mail.messageId)).toMatchObject({
      outcome: "UPDATE",
      conversationReferenceNumber: referenceNumber,
      referenceNumber: update?.referenceNumber,
      memberEntityNumber: member.entityNumber,
      rawBlobKey: null,
    });
    const [acknowledgement] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.referenceNumber, update?.referenceNumber ?? 0));
    expect(acknowledgement?.kind).toBe("UPDATE_LOGGED");
    expect(acknowledgement?.toAddresses).toEqual(["query@example.com"]);
    expect(acknowledgement?.conversationReferenceNumber).toBe(referenceNumber);
    // In the member's thread: after our first mail, answering the member's own.
    expect(acknowledgement?.threadReferences?.at(-1)).toBe(mail.messageId);
    expect(acknowledgement?.threadReferences?.[0]).toBe(messageId.slice(1, messageId.indexOf("@")));
    expect(acknowledgement?.text).toContain(`added to query ${referenceNumber} as an update`);
    expect(await imap.uids("INBOX")).toEqual([]);
    expect((await imap.uids("Processed")).length).toBeGreaterThan(0);
  });

  it("cuts Outlook's quoted history from an HTML-only reply matched by In-Reply-To alone", async () => {
    const { referenceNumber, messageId } = await conversation();
    const mail = thread(SUPPORT, "query@example.com", messageId);
    await deliver(outlookHtmlReply(mail, "Please find the account number below: 12345."));
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    const [update] = await updatesOf(referenceNumber);
    expect(update?.queryText).toBe("Please find the account number below: 12345.");
  });

  it("takes a forwarded mail without In-Reply-To by its token, the forwarded text kept", async () => {
    const { referenceNumber } = await conversation();
    const mail = thread(replyAddress(SUPPORT, TEST_SECRET, referenceNumber), "query@example.com");
    await deliver(forwardedMail(mail, "See the doctor's note below.", "The patient was seen on 2 November."));
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    const [update] = await updatesOf(referenceNumber);
    expect(update?.queryText).toContain("See the doctor's note below.");
    expect(update?.queryText).toContain("The patient was seen on 2 November.");
  });

  it("takes a reply from the query's copy address and from the register's address", async () => {
    const { referenceNumber, messageId } = await conversation();
    const token = replyAddress(SUPPORT, TEST_SECRET, referenceNumber);
    await deliver(gmailReply(thread(token, "partner@example.com", messageId), "From the partner."));
    await deliver(gmailReply(thread(token, member.email.toUpperCase(), messageId), "From the register."));
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["UPDATE", "UPDATE"]);
    const texts = (await updatesOf(referenceNumber)).map((row) => row.queryText).sort();
    expect(texts).toEqual(["From the partner.", "From the register."]);
  });

  it("leaves a spoofed sender, an unverified sender, an altered token, an auto-reply and a bounce to staff, answering none", async () => {
    const { referenceNumber, messageId } = await conversation();
    const token = replyAddress(SUPPORT, TEST_SECRET, referenceNumber);
    const altered = token.replace(`+c${referenceNumber}-`, `+c${referenceNumber + 1}-`);
    const mails = {
      stranger: thread(token, "someone@elsewhere.example", messageId),
      unverified: thread(token, "query@example.com", messageId),
      altered: thread(altered, "query@example.com"),
      auto: thread(token, "query@example.com", messageId),
      bounced: thread(token, "query@example.com"),
    };
    await deliver(gmailReply(mails.stranger, "Pay the claim to my account instead."));
    await deliver(spoofedReply(mails.unverified, "Change my bank details."));
    await deliver(gmailReply(mails.altered, "Another member's query?"));
    await deliver(autoReply(mails.auto));
    await deliver(bounce(mails.bounced));
    const outboxBefore = await testApp.database.db.$count(outboxMails);
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(Array(5).fill("UNMATCHED"));
    expect(await updatesOf(referenceNumber)).toEqual([]);
    expect(await testApp.database.db.$count(outboxMails)).toBe(outboxBefore);
    expect(await rowOf(mails.stranger.messageId)).toMatchObject({
      outcome: "UNMATCHED",
      reason: "UNKNOWN_SENDER",
      conversationReferenceNumber: referenceNumber,
      fromAddress: "someone@elsewhere.example",
    });
    expect((await rowOf(mails.unverified.messageId))?.reason).toBe("NOT_VERIFIED");
    expect((await rowOf(mails.altered.messageId))?.reason).toBe("NO_MATCH");
    expect((await rowOf(mails.auto.messageId))?.reason).toBe("AUTO_REPLY");
    expect((await rowOf(mails.bounced.messageId))?.reason).toBe("BOUNCE");
    // Each raw mail kept as a blob for staff, not in the database.
    const raw = (await rowOf(mails.stranger.messageId))?.rawBlobKey ?? "";
    expect(raw).toMatch(/^inbound-mail\//);
    const stream = await testApp.blobStore.read(raw);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain("Pay the claim to my account instead.");
  });

  it("adds the files the portal takes and names the 20 MB one it refuses in the acknowledgement", async () => {
    const { referenceNumber, messageId } = await conversation();
    const mail = thread(replyAddress(SUPPORT, TEST_SECRET, referenceNumber), "query@example.com", messageId);
    const big = pdfOfSize(20 * 1024 * 1024, "hospital-account.pdf");
    const png = pngFile("receipt.png");
    await deliver(
      await replyWithFiles(mail, "The account and the receipt.", [
        { filename: big.name, contentType: big.type, content: big.bytes },
        { filename: png.name, contentType: png.type, content: png.bytes },
      ]),
    );
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    const [update] = await updatesOf(referenceNumber);
    const files = await messageFilesOf(testApp.database.db, update?.referenceNumber ?? 0);
    expect(files.map((file) => [file.fileName, file.contentType, file.sizeBytes])).toEqual([
      ["receipt.png", "image/png", png.bytes.length],
    ]);
    const [acknowledgement] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.referenceNumber, update?.referenceNumber ?? 0));
    expect(acknowledgement?.text).toContain("This file was not added: hospital-account.pdf.");
  }, 60_000);

  it("logs a reply to a closed conversation as a new query linked to it, and tells the member", async () => {
    const { referenceNumber, messageId } = await conversation();
    await testApp.database.db
      .update(conversations)
      .set({ status: "CLOSED", closedAt: new Date() })
      .where(eq(conversations.referenceNumber, referenceNumber));
    await testApp.database.db
      .update(queries)
      .set({ status: "CLOSED" })
      .where(eq(queries.conversationReferenceNumber, referenceNumber));
    const mail = thread(replyAddress(SUPPORT, TEST_SECRET, referenceNumber), "query@example.com", messageId);
    await deliver(gmailReply(mail, "It has still not been paid."));
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["NEW_QUERY"]);
    const row = await rowOf(mail.messageId);
    expect(row).toMatchObject({ outcome: "NEW_QUERY", conversationReferenceNumber: referenceNumber });
    const [created] = await testApp.database.db
      .select()
      .from(queries)
      .where(eq(queries.referenceNumber, row?.referenceNumber ?? 0));
    expect(created).toMatchObject({
      conversationReferenceNumber: row?.referenceNumber,
      parentReferenceNumber: null,
      queryText: "It has still not been paid.",
      status: "OPEN",
      category: "MEDICAL_CLAIMS",
      email: "query@example.com",
    });
    const [acknowledgement] = await testApp.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.referenceNumber, row?.referenceNumber ?? 0));
    expect(acknowledgement?.text).toContain(`Query ${referenceNumber} is closed`);
    expect(acknowledgement?.text).toContain(`new query with reference number ${row?.referenceNumber}`);
  });

  it("processes each mail once when two pollers read the mailbox at the same time", async () => {
    const { referenceNumber, messageId } = await conversation();
    const token = replyAddress(SUPPORT, TEST_SECRET, referenceNumber);
    for (let index = 0; index < 4; index += 1) {
      await deliver(gmailReply(thread(token, "query@example.com", messageId), `Reply number ${index}.`));
    }
    const [first, second] = await Promise.all([newPoller().runOnce(), newPoller().runOnce()]);
    const processed = [...(first ?? []), ...(second ?? [])].filter((each) => each.outcome === "UPDATE");
    expect(processed).toHaveLength(4);
    const texts = (await updatesOf(referenceNumber)).map((row) => row.queryText).sort();
    expect(texts).toEqual(["Reply number 0.", "Reply number 1.", "Reply number 2.", "Reply number 3."]);
    expect(await imap.uids("INBOX")).toEqual([]);
  });

  it("after a crash between the commit and the move, only moves the recorded mail", async () => {
    const { referenceNumber, messageId } = await conversation();
    const mail = thread(replyAddress(SUPPORT, TEST_SECRET, referenceNumber), "query@example.com", messageId);
    const raw = gmailReply(mail, "Recorded before the crash.");
    await deliver(raw);
    const [uid] = await imap.uids("INBOX");
    const client = await imap.client();
    const status = await client.status("INBOX", { uidValidity: true });
    await client.logout();
    if (!status) throw new Error("no status of INBOX");
    // The transaction committed; the process died before the mail was moved.
    const place = { folder: "INBOX", uidValidity: Number(status.uidValidity), uid: uid ?? 0 };
    expect((await processMail(context, place, Buffer.from(raw))).outcome).toBe("UPDATE");
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["DUPLICATE"]);
    expect(await updatesOf(referenceNumber)).toHaveLength(1);
    expect(await imap.uids("INBOX")).toEqual([]);
  });

  it("leaves a mail it could not store in the mailbox for the next poll, and goes on with the others", async () => {
    const { referenceNumber, messageId } = await conversation();
    const token = replyAddress(SUPPORT, TEST_SECRET, referenceNumber);
    const stranger = thread(token, "someone@elsewhere.example", messageId);
    await deliver(gmailReply(stranger, "Kept for staff, once the store answers."));
    await deliver(gmailReply(thread(token, "query@example.com", messageId), "Recorded meanwhile."));
    // The blob store refuses the unmatched mail's raw message (a full disk, a store that is down).
    const failing = {
      ...context,
      blobStore: {
        ...context.blobStore,
        writePending: (key: string, source: Parameters<typeof context.blobStore.writePending>[1]) =>
          key.startsWith("inbound-mail/")
            ? Promise.reject(Object.assign(new Error("no space"), { code: "ENOSPC" }))
            : context.blobStore.writePending(key, source),
      },
    };
    const errors: object[] = [];
    const poller = createInboundPoller({
      url: imap.url,
      folder: "INBOX",
      processedFolder: "Processed",
      context: failing,
      log: { ...silentLog, error: (details: object) => errors.push(details) },
      intervalMs: 60_000,
    });
    expect((await poller.runOnce()).map((each) => each.outcome)).toEqual(["UPDATE"]);
    expect(errors).toEqual([expect.objectContaining({ errorCode: "ENOSPC" })]);
    expect(await imap.uids("INBOX")).toHaveLength(1);
    expect((await newPoller().runOnce()).map((each) => each.outcome)).toEqual(["UNMATCHED"]);
    expect((await rowOf(stranger.messageId))?.reason).toBe("UNKNOWN_SENDER");
  });
});
