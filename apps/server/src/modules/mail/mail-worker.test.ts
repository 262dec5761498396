import { Readable } from "node:stream";
import { DEFAULT_BRAND } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  recordingLog,
  type SmtpPeer,
  type SmtpPeerOptions,
  startSmtpPeer,
  TEST_SECRET,
} from "../../../test-support/modules/mail.js";
import { addMember } from "../../../test-support/test-app.js";
import type { Database } from "../../db/database.js";
import { outboxMails } from "../../db/schema.js";
import { queryLoggedMail, replySentMail } from "./mail-content.js";
import { createMailTransport, type MailTransport } from "./mail-transport.js";
import { createMailWorker, type MailWorkerOptions } from "./mail-worker.js";
import {
  claimDueMails,
  enqueueMail,
  listFailedMails,
  MAIL_LEASE_MS,
  markMailSent,
  type OutgoingMail,
  resendMail,
} from "./outbox.js";

const MAIL_FROM = "Meridian Health <no-reply@meridian.example>";
const MINUTE = 60_000;

/** A clock the test moves: backoff and leases are checked without waiting for them. */
function testClock(start = new Date("2026-11-23T08:00:00Z")) {
  const clock = {
    now: start,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  return clock;
}

/** Whether `condition` came true within `timeoutMs`, looked at every 10 ms. */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/** A transport whose sends wait until the test lets them go on (`proceed`) or fail (`fail`). */
function heldTransport(transport: MailTransport) {
  let proceed: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const gate = new Promise<void>((resolve, reject) => {
    proceed = resolve;
    fail = reject;
  });
  gate.catch(() => undefined);
  let started = 0;
  const held: MailTransport = {
    description: "held",
    sendTimeoutMs: transport.sendTimeoutMs,
    async send(mail) {
      started += 1;
      await gate;
      return transport.send(mail);
    },
    close: () => undefined,
    verify: () => transport.verify(),
  };
  return {
    transport: held,
    started: () => started,
    proceed: () => proceed(),
    fail: (error: Error) => fail(error),
  };
}

describe.each(TEST_DATABASE_KINDS)("the mail worker against an SMTP peer, on %s", (kind) => {
  let database: Database;
  let member: number;
  const opened: { peer?: SmtpPeer; transports: MailTransport[] } = { transports: [] };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    member = (await addMember(database)).entityNumber;
  });
  afterAll(async () => database.close());
  afterEach(async () => {
    for (const transport of opened.transports.splice(0)) transport.close();
    await opened.peer?.close();
    opened.peer = undefined;
    // Each test starts from an empty outbox.
    await database.db.delete(outboxMails);
  });

  async function peerAndTransport(options: SmtpPeerOptions = {}) {
    const peer = await startSmtpPeer(options);
    opened.peer = peer;
    const transport = createMailTransport({ SMTP_URL: peer.url, MAIL_FROM, DATA_DIR: "/nonexistent" });
    opened.transports.push(transport);
    return { peer, transport };
  }

  const worker = (transport: MailTransport, options: Partial<MailWorkerOptions> = {}) =>
    createMailWorker({
      db: database.db,
      transport,
      log: recordingLog(),
      maxAttempts: 8,
      secret: TEST_SECRET,
      ...options,
    });

  const acknowledgement = (referenceNumber: number, to = "member@example.com"): OutgoingMail =>
    queryLoggedMail(DEFAULT_BRAND, {
      to: [to],
      cc: [],
      referenceNumber,
      memberEntityNumber: member,
      dueLatest: "2026-11-25",
    });

  const rowOf = async (id: number) => {
    const [row] = await database.db.select().from(outboxMails).where(eq(outboxMails.id, id));
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  };

  it("delivers a queued mail: sender, recipients with cc, subject, both parts and its Message-ID", async () => {
    const { peer, transport } = await peerAndTransport();
    const clock = testClock();
    const log = recordingLog();
    const id = await enqueueMail(
      database.db,
      await replySentMail(DEFAULT_BRAND, {
        to: ["member@example.com"],
        cc: ["partner@example.com"],
        referenceNumber: 4711,
        memberEntityNumber: member,
        replyHtml:
          "<p>Your claim was <strong>paid</strong>.</p><table><tr><th>Date</th><th>Amount</th></tr><tr><td>3 Nov</td><td>R 450.00</td></tr></table><script>alert(1)</script>",
      }),
      clock.now,
    );

    const results = await worker(transport, { log, now: () => clock.now }).runOnce();
    expect(results).toEqual([{ id, kind: "REPLY_SENT", outcome: "sent" }]);

    const [mail] = await peer.waitForMessages(1);
    if (!mail) throw new Error("no mail");
    expect(mail.mailFrom).toBe("no-reply@meridian.example");
    expect(mail.recipients).toEqual(["member@example.com", "partner@example.com"]);
    const { headers, text, html } = mail.message;
    expect(headers.get("from")).toBe("Meridian Health <no-reply@meridian.example>");
    expect(headers.get("to")).toBe("member@example.com");
    expect(headers.get("cc")).toBe("partner@example.com");
    expect(headers.get("subject")).toBe("Our reply to your query (reference 4711)");
    expect(headers.get("auto-submitted")).toBe("auto-generated");
    expect(headers.get("content-type")).toMatch(/^multipart\/alternative/);
    const row = await rowOf(id);
    expect(headers.get("message-id")).toBe(`<${row.messageId}@meridian.example>`);
    expect(headers.get("message-id")).toMatch(/^<outbox-[0-9a-f-]{36}@meridian\.example>$/);
    expect(text).toContain("4711");
    expect(text).toContain("Your claim was paid.");
    expect(text).toContain("Date | Amount\n3 Nov | R 450.00");
    expect(html).toContain("<strong>paid</strong>");
    expect(html).toContain("<td");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("alert(1)");

    expect(row).toMatchObject({ status: "SENT", attempts: 1, lastErrorCode: null, sentAt: clock.now });
    // The relay's answer, kept with the mail in the statement that marked it sent.
    expect(row.deliveryAnswer).toMatch(/^250 /);
    // Its kind, its id and what happened: no address, subject or content.
    expect(log.lines).toEqual([
      {
        level: "info",
        details: { mailId: id, mailKind: "REPLY_SENT", outcome: "sent" },
        message: "mail sent",
      },
    ]);
  });

  it("logs in to the relay with the user and password of SMTP_URL", async () => {
    const { peer, transport } = await peerAndTransport({
      credentials: { user: "portal@meridian.example", password: "p@ss:w0rd/%" },
    });
    await enqueueMail(database.db, acknowledgement(1001), new Date());
    expect((await worker(transport).runOnce()).map((result) => result.outcome)).toEqual(["sent"]);
    const [mail] = await peer.waitForMessages(1);
    expect(mail?.user).toBe("portal@meridian.example");
  });

  it("tries again with a growing pause when the peer refuses (4xx, then 5xx), then delivers once", async () => {
    const { peer, transport } = await peerAndTransport({
      refuse: (attempt) =>
        attempt === 0 ? { code: 451, at: "data" } : attempt === 1 ? { code: 550, at: "rcpt" } : null,
    });
    const clock = testClock();
    const log = recordingLog();
    const mailWorker = worker(transport, { log, now: () => clock.now });
    const id = await enqueueMail(database.db, acknowledgement(1002), clock.now);

    expect((await mailWorker.runOnce())[0]?.outcome).toBe("retrying");
    expect(await rowOf(id)).toMatchObject({
      status: "PENDING",
      attempts: 1,
      lastErrorCode: "SMTP_451",
      nextAttemptAt: new Date(clock.now.getTime() + MINUTE),
    });
    // Not due yet: nothing is claimed, nothing is sent.
    clock.advance(MINUTE - 1);
    expect(await mailWorker.runOnce()).toEqual([]);

    clock.advance(1);
    expect((await mailWorker.runOnce())[0]?.outcome).toBe("retrying");
    expect(await rowOf(id)).toMatchObject({
      attempts: 2,
      lastErrorCode: "SMTP_550",
      nextAttemptAt: new Date(clock.now.getTime() + 2 * MINUTE),
    });

    clock.advance(2 * MINUTE);
    expect((await mailWorker.runOnce())[0]?.outcome).toBe("sent");
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 3 });
    expect(peer.attempts).toBe(3);
    expect(peer.received).toHaveLength(1);
    expect(log.lines.map((line) => line.details)).toEqual([
      { mailId: id, mailKind: "QUERY_LOGGED", outcome: "retrying", errorCode: "SMTP_451" },
      { mailId: id, mailKind: "QUERY_LOGGED", outcome: "retrying", errorCode: "SMTP_550" },
      { mailId: id, mailKind: "QUERY_LOGGED", outcome: "sent" },
    ]);
    expect(JSON.stringify(log.lines)).not.toMatch(/@|reference|query \(/i);
  });

  it("parks a mail after the last attempt; a supervisor's resend sends it, as the same message", async () => {
    let refusing = true;
    const { peer, transport } = await peerAndTransport({
      refuse: () => (refusing ? { code: 421, at: "data" } : null),
    });
    const clock = testClock();
    const log = recordingLog();
    const mailWorker = worker(transport, { log, now: () => clock.now, maxAttempts: 3 });
    const id = await enqueueMail(database.db, acknowledgement(1003), clock.now);

    const outcomes: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (const result of await mailWorker.runOnce()) outcomes.push(result.outcome);
      clock.advance(60 * MINUTE);
    }
    expect(outcomes).toEqual(["retrying", "retrying", "parked"]);
    expect(peer.attempts).toBe(3);
    expect(await rowOf(id)).toMatchObject({ status: "FAILED", attempts: 3, lastErrorCode: "SMTP_421" });
    expect(log.lines.at(-1)).toEqual({
      level: "error",
      details: { mailId: id, mailKind: "QUERY_LOGGED", outcome: "parked", errorCode: "SMTP_421" },
      message: "mail parked after its last attempt",
    });
    expect(await listFailedMails(database.db, { limit: 10 })).toEqual([
      {
        id,
        kind: "QUERY_LOGGED",
        referenceNumber: 1003,
        memberEntityNumber: member,
        toAddresses: ["member@example.com"],
        attempts: 3,
        lastErrorCode: "SMTP_421",
        createdAt: expect.any(Date),
        // Parked at the third attempt, three rounds (of an hour each) before now.
        parkedAt: new Date(clock.now.getTime() - 180 * MINUTE),
      },
    ]);

    refusing = false;
    expect(await resendMail(database.db, id, clock.now)).toEqual({ memberEntityNumber: member });
    // Only a parked mail can be sent again; a second resend finds none.
    expect(await resendMail(database.db, id, clock.now)).toBeUndefined();
    expect(await rowOf(id)).toMatchObject({ status: "PENDING", attempts: 0, lastErrorCode: null });
    expect((await mailWorker.runOnce()).map((result) => result.outcome)).toEqual(["sent"]);
    const [mail] = await peer.waitForMessages(1);
    expect(mail?.message.headers.get("message-id")).toBe(`<${(await rowOf(id)).messageId}@meridian.example>`);
    expect(await listFailedMails(database.db, { limit: 10 })).toEqual([]);
  });

  it("pages the parked mails newest first", async () => {
    const now = new Date();
    const ids: number[] = [];
    for (let reference = 1; reference <= 3; reference += 1) {
      const id = await enqueueMail(database.db, acknowledgement(reference), now);
      await database.db.update(outboxMails).set({ status: "FAILED" }).where(eq(outboxMails.id, id));
      ids.push(id);
    }
    const first = await listFailedMails(database.db, { limit: 2 });
    expect(first.map((mail) => mail.id)).toEqual([ids[2], ids[1]]);
    const rest = await listFailedMails(database.db, { limit: 2, before: first.at(-1)?.id });
    expect(rest.map((mail) => mail.id)).toEqual([ids[0]]);
  });

  it("sends each mail once when two workers on one database race for them", async () => {
    const { peer, transport } = await peerAndTransport();
    const count = 24;
    for (let reference = 1; reference <= count; reference += 1) {
      await enqueueMail(
        database.db,
        acknowledgement(2000 + reference, `member${reference}@example.com`),
        new Date(),
      );
    }
    const second = createMailTransport({ SMTP_URL: peer.url, MAIL_FROM, DATA_DIR: "/nonexistent" });
    opened.transports.push(second);
    const workers = [
      worker(transport, { batchSize: 3, intervalMs: 5 }),
      worker(second, { batchSize: 3, intervalMs: 5 }),
    ];
    for (const each of workers) each.start();
    try {
      await peer.waitForMessages(count, 20_000);
      // A moment more, in which a duplicate would arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await Promise.all(workers.map((each) => each.stop()));
    }
    const messageIds = peer.received.map((mail) => mail.message.headers.get("message-id"));
    expect(peer.received).toHaveLength(count);
    expect(new Set(messageIds).size).toBe(count);
    const rows = await database.db.select().from(outboxMails);
    expect(rows.every((row) => row.status === "SENT" && row.attempts === 1)).toBe(true);
  });

  it("sends a mail committed while no worker ran, once, when a worker starts", async () => {
    const { peer, transport } = await peerAndTransport();
    // The event's transaction commits; the process dies before any worker sends.
    const id = await database.db.transaction(async (tx) =>
      enqueueMail(tx, acknowledgement(1004), new Date()),
    );
    const restarted = worker(transport, { intervalMs: 10 });
    restarted.start();
    try {
      await peer.waitForMessages(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await restarted.stop();
    }
    expect(peer.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("sends nothing for an event whose transaction rolled back", async () => {
    const { peer, transport } = await peerAndTransport();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, acknowledgement(1005), new Date());
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await worker(transport).runOnce()).toEqual([]);
    expect(peer.attempts).toBe(0);
  });

  it("lets a claim of a worker that died before sending run out; another worker then sends the mail once", async () => {
    const { peer, transport } = await peerAndTransport();
    const clock = testClock();
    const id = await enqueueMail(database.db, acknowledgement(1006), clock.now);
    // The worker that died: it claimed the mail and never sent it.
    const [dead] = await claimDueMails(database.db, { now: clock.now, limit: 10, leaseMs: MAIL_LEASE_MS });
    expect(dead?.id).toBe(id);

    const survivor = worker(transport, { now: () => clock.now });
    clock.advance(MAIL_LEASE_MS - 1);
    expect(await survivor.runOnce()).toEqual([]);
    clock.advance(1);
    expect(await survivor.runOnce()).toEqual([{ id, kind: "QUERY_LOGGED", outcome: "sent" }]);
    expect(peer.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 2 });
    // Had the first worker come back, its old claim could no longer renew or mark the mail.
    if (dead) expect(await markMailSent(database.db, dead, clock.now, "250 late")).toBe(false);
    expect(await survivor.runOnce()).toEqual([]);
    expect(peer.received).toHaveLength(1);
  });

  it("takes over within a minute the mails of a process that died holding them, and sends each once", async () => {
    const { peer, transport } = await peerAndTransport();
    const clock = testClock();
    const diedAt = clock.now;
    const ids: number[] = [];
    for (let reference = 1; reference <= 5; reference += 1) {
      ids.push(
        await enqueueMail(
          database.db,
          acknowledgement(3000 + reference, `m${reference}@example.com`),
          clock.now,
        ),
      );
    }
    // The process that dies: it claims the five and its first send never returns. Its clock stands
    // still, so a renewal it might still make moves no lease past its claim's: as a dead process.
    const stuck = heldTransport(transport);
    const dying = worker(stuck.transport, { now: () => diedAt });
    const dyingRound = dying.runOnce();
    expect(await until(() => stuck.started() === 1)).toBe(true);

    clock.advance(MINUTE);
    const survivor = worker(transport, { now: () => clock.now });
    expect((await survivor.runOnce()).map((result) => result.outcome)).toEqual(Array(5).fill("sent"));
    expect(new Set(peer.received.map((mail) => mail.recipients[0])).size).toBe(5);

    // Its send fails at last (the connection it had is gone): it marks nothing and sends no other.
    stuck.fail(Object.assign(new Error("connection lost"), { code: "ECONNECTION" }));
    expect((await dyingRound).map((result) => result.outcome)).toEqual(Array(5).fill("lost"));
    expect(peer.received).toHaveLength(5);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.every((row) => row.status === "SENT" && row.lastErrorCode === null)).toBe(true);
  });

  it("renews the lease of a live process whose send is slow: no other process takes the mail or sends it", async () => {
    const { peer, transport } = await peerAndTransport();
    const clock = testClock();
    const id = await enqueueMail(database.db, acknowledgement(1009), clock.now);
    const slow = heldTransport(transport);
    const live = worker(slow.transport, { now: () => clock.now, heartbeatMs: 10 });
    const liveRound = live.runOnce();
    expect(await until(() => slow.started() === 1)).toBe(true);

    // Two minutes pass while the relay takes the message; the live process's heartbeat keeps renewing.
    const other = worker(transport, { now: () => clock.now });
    for (let step = 0; step < 6; step += 1) {
      clock.advance(20_000);
      await until(async () => (await rowOf(id)).nextAttemptAt > clock.now, 1_000);
      expect(await other.runOnce()).toEqual([]);
    }
    slow.proceed();
    expect(await liveRound).toEqual([{ id, kind: "QUERY_LOGGED", outcome: "sent" }]);
    expect(peer.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1 });
  });

  it("does not send again a mail the relay accepted, when its first process recorded that only after another took the mail over", async () => {
    const { peer, transport } = await peerAndTransport();
    const clock = testClock();
    const mail: OutgoingMail = {
      ...acknowledgement(1010),
      attachments: [
        { fileName: "statement.pdf", contentType: "application/pdf", blobKey: "attachments/statement" },
      ],
    };
    const id = await enqueueMail(database.db, mail, clock.now);
    // The first process claims the mail and the relay accepts it; then it stalls past its lease.
    const [first] = await claimDueMails(database.db, { now: clock.now, limit: 1, leaseMs: MAIL_LEASE_MS });
    if (!first) throw new Error("nothing claimed");
    const receipt = await transport.send({ ...first, files: [] });
    expect(peer.received).toHaveLength(1);
    clock.advance(2 * MINUTE);
    // Another process takes it over. While it reads the mail's file, the first records its send
    // (the relay's answer with it), then dies before doing anything more.
    const takerOver = worker(transport, {
      now: () => clock.now,
      blobStore: {
        async read() {
          await markMailSent(database.db, first, clock.now, receipt?.answer ?? "");
          return Readable.from([Buffer.from("%PDF-1.4\n")]);
        },
      },
    });
    expect((await takerOver.runOnce()).map((result) => result.outcome)).toEqual(["lost"]);
    expect(peer.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", deliveryAnswer: expect.stringMatching(/^250 /) });
    expect(await takerOver.runOnce()).toEqual([]);
  });

  it("gives back the rest of a round when it stops, unsent and without using an attempt", async () => {
    const { peer, transport } = await peerAndTransport();
    let sendStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A send that waits until the worker has been told to stop.
    const held: MailTransport = {
      description: "held",
      sendTimeoutMs: transport.sendTimeoutMs,
      async send(mail) {
        sendStarted();
        await released;
        return transport.send(mail);
      },
      close: () => undefined,
      verify: () => transport.verify(),
    };
    const ids = [
      await enqueueMail(database.db, acknowledgement(1007), new Date()),
      await enqueueMail(database.db, acknowledgement(1008), new Date()),
    ];
    const stopping = worker(held, { intervalMs: 10 });
    stopping.start();
    await started;
    const stopped = stopping.stop();
    release();
    await stopped;
    expect(peer.received).toHaveLength(1);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["SENT", 1],
      ["PENDING", 0],
    ]);
  });
});
