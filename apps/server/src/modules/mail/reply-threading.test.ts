import { DEFAULT_BRAND } from "@portal/domain";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { recordingLog, startSmtpPeer, TEST_SECRET } from "../../../test-support/modules/mail.js";
import { addMember } from "../../../test-support/test-app.js";
import type { Database } from "../../db/database.js";
import { addMemberMessage, startConversation } from "../conversations/index.js";
import { queryLoggedMail, updateLoggedMail } from "./mail-content.js";
import { createMailTransport } from "./mail-transport.js";
import { createMailWorker } from "./mail-worker.js";
import { enqueueMail } from "./outbox.js";
import { conversationOfToken, replyAddress, replyToken, tokenInAddress } from "./reply-token.js";

// A conversation's mails as the member's mail program sees them: one thread, and a Reply-To that
// brings the member's answer back to the conversation (inbound-mail).

describe("the Reply-To token", () => {
  it("names its conversation and nothing else: another number, another secret or a changed signature is no token", () => {
    const token = replyToken(TEST_SECRET, 300123);
    expect(token).toMatch(/^c300123-[0-9a-f]{20}$/);
    expect(conversationOfToken(TEST_SECRET, token)).toBe(300123);
    expect(conversationOfToken(TEST_SECRET, token.toUpperCase())).toBe(300123);
    expect(conversationOfToken(TEST_SECRET, token.replace("c300123", "c300124"))).toBeUndefined();
    expect(conversationOfToken(`${TEST_SECRET}-other`, token)).toBeUndefined();
    const last = token.at(-1) === "0" ? "1" : "0";
    expect(conversationOfToken(TEST_SECRET, `${token.slice(0, -1)}${last}`)).toBeUndefined();
    expect(conversationOfToken(TEST_SECRET, "c300123")).toBeUndefined();
  });

  it("rides in the support mailbox's subaddress, found again whatever the case", () => {
    const address = replyAddress("support@scheme.example", TEST_SECRET, 42);
    expect(address).toBe(`support+${replyToken(TEST_SECRET, 42)}@scheme.example`);
    expect(tokenInAddress("support@scheme.example", address.toUpperCase())).toBe(replyToken(TEST_SECRET, 42));
    expect(tokenInAddress("support@scheme.example", "support@scheme.example")).toBeUndefined();
    expect(
      tokenInAddress("support@scheme.example", `support+${replyToken(TEST_SECRET, 42)}@other.example`),
    ).toBeUndefined();
    expect(
      tokenInAddress("support@scheme.example", `helpdesk+${replyToken(TEST_SECRET, 42)}@scheme.example`),
    ).toBeUndefined();
  });
});

describe.each(TEST_DATABASE_KINDS)("a conversation's mails in one thread, on %s", (kind) => {
  let database: Database;
  let member: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    member = (await addMember(database)).entityNumber;
  });
  afterAll(async () => database.close());

  it("gives each mail its Message-ID, In-Reply-To and References to the earlier ones, and the conversation's Reply-To", async () => {
    const at = new Date("2026-11-23T08:00:00Z");
    const message = {
      memberEntityNumber: member,
      origin: "MEMBER_WEB" as const,
      category: "OTHER",
      subCategory: null,
      product: null,
      queryText: "A question.",
      email: "member@example.com",
      ccEmail: null,
      loggedAt: at,
      replyDueOn: "2026-11-25",
    };
    const conversation = await database.db.transaction(async (tx) => {
      const reference = await startConversation(tx, message, []);
      await enqueueMail(
        tx,
        queryLoggedMail(DEFAULT_BRAND, {
          to: ["member@example.com"],
          cc: [],
          referenceNumber: reference,
          memberEntityNumber: member,
          dueLatest: "2026-11-25",
        }),
        at,
      );
      return reference;
    });
    await database.db.transaction(async (tx) => {
      const update = await addMemberMessage(tx, { ...message, parentReferenceNumber: conversation }, []);
      await enqueueMail(
        tx,
        updateLoggedMail(DEFAULT_BRAND, {
          to: ["member@example.com"],
          cc: [],
          referenceNumber: update,
          memberEntityNumber: member,
          parentReferenceNumber: conversation,
          dueLatest: "2026-11-26",
        }),
        at,
      );
    });
    // A mail about nobody's conversation (an account mail) carries neither; nor does a documents
    // mail, whose number (a document submission's) may equal a query's.
    const notAbout = queryLoggedMail(DEFAULT_BRAND, {
      to: ["member@example.com"],
      cc: [],
      referenceNumber: 1,
      memberEntityNumber: member,
      dueLatest: null,
    });
    await enqueueMail(database.db, { ...notAbout, referenceNumber: null }, at);
    await enqueueMail(
      database.db,
      { ...notAbout, kind: "DOCUMENTS_RECEIVED", referenceNumber: conversation },
      at,
    );

    const peer = await startSmtpPeer();
    const transport = createMailTransport({
      SMTP_URL: peer.url,
      MAIL_FROM: "Meridian Health <no-reply@meridian.example>",
      DATA_DIR: "/nonexistent",
    });
    try {
      const worker = createMailWorker({
        db: database.db,
        transport,
        log: recordingLog(),
        maxAttempts: 3,
        secret: TEST_SECRET,
        supportMailbox: "support@meridian.example",
        now: () => at,
      });
      await worker.runOnce();
      const received = await peer.waitForMessages(4);
      const [first, second, account, documents] = await Promise.all(
        received.map((mail) => simpleParser(mail.raw)),
      );
      const expectedReplyTo = replyAddress("support@meridian.example", TEST_SECRET, conversation);
      expect(first?.messageId).toMatch(/^<outbox-[0-9a-f-]+@meridian\.example>$/);
      expect(first?.inReplyTo).toBeUndefined();
      expect(first?.replyTo?.value[0]?.address).toBe(expectedReplyTo);
      expect(second?.inReplyTo).toBe(first?.messageId);
      expect(second?.references).toBe(first?.messageId);
      expect(second?.replyTo?.value[0]?.address).toBe(expectedReplyTo);
      expect(account?.replyTo).toBeUndefined();
      expect(account?.inReplyTo).toBeUndefined();
      expect(documents?.replyTo).toBeUndefined();
      expect(documents?.inReplyTo).toBeUndefined();
    } finally {
      transport.close();
      await peer.close();
    }
  });
});
