import { buffer } from "node:stream/consumers";
import type { Db } from "../../db/database.js";
import { inSpan } from "../monitoring/index.js";
import type { BlobStore } from "../storage/index.js";
import { type DeliveryReceipt, type MailTransport, mailErrorCode } from "./mail-transport.js";
import {
  type ClaimedMail,
  claimDueMails,
  MAIL_LEASE_MS,
  markMailFailed,
  markMailSent,
  releaseMail,
  renewLeases,
} from "./outbox.js";
import { replyAddress } from "./reply-token.js";
import { withOpenedLink } from "./sealed-links.js";

// Sends what the outbox holds. Every app process runs one; they share the database, and a mail is
// claimed by one worker at a time (outbox.ts). A mail whose send fails is tried again later,
// waiting longer each time, and after the last attempt is parked as FAILED.
//
// Once only, as far as it can be: the worker renews the leases it holds while it works (a
// heartbeat), so a slow send keeps its mail; just before a send it renews that mail's lease once
// more, which fails when another worker took it over or recorded it sent, and then it does not
// send. A mail the server accepted is recorded sent with the server's answer in one statement.
// What stays at-least-once is a process killed between the server's acceptance and that
// statement: its mail is sent again once its lease runs out (docs/running-the-server.md, docs/operations.md).
// The log names a mail by its kind and id and says what happened: never addresses or content.

/** The logger's methods the worker uses (pino's, as app.log has them). */
export interface MailWorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  log: MailWorkerLog;
  /** The session secret: it opens the sealed account links of the mails that carry one. */
  secret: string;
  /** The scheme's support mailbox (SUPPORT_MAILBOX): a conversation's mails answer to it with the conversation's token. */
  supportMailbox?: string | undefined;
  /** Attempts before a mail is parked (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Where the files a mail carries are read from (a reply's attachments); needed only by such mails. */
  blobStore?: Pick<BlobStore, "read">;
  /** The pause between rounds when there was nothing more to send. */
  intervalMs?: number;
  /** Mails claimed per round. */
  batchSize?: number;
  /** How long a claim holds unless renewed (MAIL_LEASE_MS). */
  leaseMs?: number;
  /** How often the leases a round holds are renewed: a third of the lease, so one late renewal loses nothing. */
  heartbeatMs?: number;
  /** The wait after the first failure; it doubles with each further one, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => Date;
}

export type MailOutcome =
  /** Delivered (or written) and marked sent. */
  | "sent"
  /** Failed; tried again later. */
  | "retrying"
  /** Failed for the last time; waits for a supervisor. */
  | "parked"
  /** Claimed but not tried (the worker stops); due again at once. */
  | "released"
  /** Not sent: before the send its claim was no longer this worker's (taken over, or recorded sent by another). */
  | "lost"
  /** Sent, but another worker had recorded it sent already: delivered twice (the at-least-once window). */
  | "sent-twice";

export interface MailWorker {
  /** Sends what is due now, then keeps looking every intervalMs. */
  start(): void;
  /** Finishes the send in progress, gives back the rest of the round, and stops. */
  stop(): Promise<void>;
  /** One round: claims due mails and sends them, one after another. */
  runOnce(): Promise<{ id: number; kind: string; outcome: MailOutcome }[]>;
}

export const DEFAULT_MAIL_INTERVAL_MS = 2_000;
export const DEFAULT_MAIL_BATCH_SIZE = 10;
const DEFAULT_RETRY_BASE_MS = 60_000;
const DEFAULT_RETRY_MAX_MS = 60 * 60_000;

/** A database error's code only (its text may quote values). */
function databaseErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : mailErrorCode(error);
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log, maxAttempts } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_MAIL_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_MAIL_BATCH_SIZE;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? Math.floor(leaseMs / 3);

  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  const retryDelay = (attempt: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempt - 1));

  /** One mail's delivery, as one span of a trace when tracing is on (its statements inside). */
  function deliver(mail: ClaimedMail): Promise<MailOutcome> {
    return inSpan("mail deliver", { "mail.kind": mail.kind }, () => deliverNow(mail));
  }

  /**
   * The bytes of the files the mail carries, read for this attempt (a reply's attachments are a
   * few megabytes at most, the member's own limit). A file that cannot be read fails the attempt,
   * which is tried again like a relay that did not answer.
   */
  async function filesOf(mail: ClaimedMail) {
    if (mail.attachments.length === 0) return [];
    const store = options.blobStore;
    if (!store) throw new Error("a mail with attachments needs the blob store");
    return Promise.all(
      mail.attachments.map(async (file) => ({
        fileName: file.fileName,
        contentType: file.contentType,
        content: await buffer(await store.read(file.blobKey)),
      })),
    );
  }

  /** A conversation's mail answers to the support mailbox with the conversation's signed token. */
  function replyToOf(mail: ClaimedMail): { replyTo?: string } {
    const conversation = mail.conversationReferenceNumber;
    if (!options.supportMailbox || conversation === null) return {};
    return { replyTo: replyAddress(options.supportMailbox, options.secret, conversation) };
  }

  const leaseFromNow = () => new Date(now().getTime() + leaseMs);

  /**
   * Renews the leases of the mails a round still holds, every heartbeatMs, so that a send slower
   * than a lease keeps its mail while a dead process's mails run out. One renewal at a time; a
   * failed one is logged and the next tried (the check before each send decides what is sent).
   */
  function startHeartbeat(held: Map<number, ClaimedMail>): { stop(): Promise<void> } {
    let renewing: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (renewing || held.size === 0) return;
      renewing = renewLeases(db, [...held.values()], leaseFromNow())
        .then(
          () => undefined,
          (error: unknown) => log.warn({ errorCode: databaseErrorCode(error) }, "mail leases not renewed"),
        )
        .finally(() => {
          renewing = undefined;
        });
    }, heartbeatMs);
    // Never what keeps a process alive.
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  async function deliverNow(mail: ClaimedMail): Promise<MailOutcome> {
    const about = { mailId: mail.id, mailKind: mail.kind };
    let receipt: DeliveryReceipt;
    try {
      const files = await filesOf(mail);
      // The last check before the mail leaves, renewing its lease for the send: another worker may
      // have taken it over (this one's lease ran out) or recorded it sent meanwhile.
      if ((await renewLeases(db, [mail], leaseFromNow())).length === 0) {
        log.warn({ ...about, outcome: "lost" }, "mail not sent: another worker holds it or sent it");
        return "lost";
      }
      receipt = await transport.send({ ...withOpenedLink(mail, options.secret), ...replyToOf(mail), files });
    } catch (error) {
      const errorCode = mailErrorCode(error);
      const at = now();
      const parked = mail.attempt >= maxAttempts;
      const marked = await markMailFailed(db, mail, {
        errorCode,
        retryAt: parked ? null : new Date(at.getTime() + retryDelay(mail.attempt)),
        now: at,
      });
      // Taken over meanwhile: the other worker's claim decides what becomes of the mail.
      if (!marked) {
        log.warn({ ...about, outcome: "lost", errorCode }, "mail not sent; another worker holds it now");
        return "lost";
      }
      if (parked) log.error({ ...about, outcome: "parked", errorCode }, "mail parked after its last attempt");
      else log.warn({ ...about, outcome: "retrying", errorCode }, "mail not sent; will try again");
      return parked ? "parked" : "retrying";
    }
    // Sent: recorded with the server's answer at once. A failure to record it would send it again
    // once the lease runs out, so try twice (the heartbeat keeps the lease meanwhile).
    const record = () => markMailSent(db, mail, now(), receipt.answer);
    const recorded = await record().catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return record();
    });
    if (!recorded) {
      log.warn({ ...about, outcome: "sent-twice" }, "mail sent, but another worker had sent it already");
      return "sent-twice";
    }
    log.info({ ...about, outcome: "sent" }, "mail sent");
    return "sent";
  }

  async function runOnce() {
    const claimed = await claimDueMails(db, { now: now(), limit: batchSize, leaseMs });
    const held = new Map(claimed.map((mail) => [mail.id, mail]));
    const heartbeat = startHeartbeat(held);
    const results: { id: number; kind: string; outcome: MailOutcome }[] = [];
    try {
      for (const mail of claimed) {
        if (stopping) {
          await releaseMail(db, mail, now());
          results.push({ id: mail.id, kind: mail.kind, outcome: "released" });
        } else {
          results.push({ id: mail.id, kind: mail.kind, outcome: await deliver(mail) });
        }
        held.delete(mail.id);
      }
    } finally {
      await heartbeat.stop();
    }
    return results;
  }

  async function rounds(): Promise<void> {
    try {
      // A full round suggests more is due: go on at once.
      while (!stopping && (await runOnce()).length >= batchSize);
    } catch (error) {
      log.error({ errorCode: databaseErrorCode(error) }, "mail round failed");
    }
  }

  function next(delayMs: number): void {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      round = rounds().finally(() => {
        round = undefined;
        next(intervalMs);
      });
    }, delayMs);
    // Never what keeps a process alive.
    timer.unref();
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      next(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
      started = false;
    },
    runOnce,
  };
}
