import { buffer } from "node:stream/consumers";
import type { Db } from "../../db/database.js";
import { inSpan } from "../monitoring/index.js";
import type { BlobStore } from "../storage/index.js";
import { type MailTransport, mailErrorCode } from "./mail-transport.js";
import { type ClaimedMail, claimDueMails, markMailFailed, markMailSent, releaseMail } from "./outbox.js";
import { replyAddress } from "./reply-token.js";
import { withOpenedLink } from "./sealed-links.js";

// Sends what the outbox holds. Every app process runs one; they share the database, and a mail is
// claimed by one worker at a time (outbox.ts), so each is sent once. A mail whose send fails is
// tried again later, waiting longer each time, and after the last attempt is parked as FAILED.
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
  /** Claimed but not tried (the worker stops, or its claim ran too short); due again at once. */
  | "released"
  /** Sent, but its claim had run out meanwhile and another worker holds it now. */
  | "sent-claim-lost";

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
/** Beyond the transport's own limit: time to mark the mail once it is sent. */
const LEASE_MARGIN_MS = 30_000;

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log, maxAttempts } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_MAIL_INTERVAL_MS;
  const batchSize = options.batchSize ?? DEFAULT_MAIL_BATCH_SIZE;
  const retryBaseMs = options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? DEFAULT_RETRY_MAX_MS;
  const now = options.now ?? (() => new Date());
  const leaseMs = transport.sendTimeoutMs + LEASE_MARGIN_MS;

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

  async function deliverNow(mail: ClaimedMail): Promise<MailOutcome> {
    const about = { mailId: mail.id, mailKind: mail.kind };
    try {
      await transport.send({
        ...withOpenedLink(mail, options.secret),
        ...replyToOf(mail),
        files: await filesOf(mail),
      });
    } catch (error) {
      const errorCode = mailErrorCode(error);
      const at = now();
      const parked = mail.attempt >= maxAttempts;
      await markMailFailed(db, mail, {
        errorCode,
        retryAt: parked ? null : new Date(at.getTime() + retryDelay(mail.attempt)),
        now: at,
      });
      if (parked) log.error({ ...about, outcome: "parked", errorCode }, "mail parked after its last attempt");
      else log.warn({ ...about, outcome: "retrying", errorCode }, "mail not sent; will try again");
      return parked ? "parked" : "retrying";
    }
    // Sent: a failure to record it would send it again once the claim runs out, so try twice.
    const marked = await markMailSent(db, mail, now()).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return markMailSent(db, mail, now());
    });
    if (!marked) {
      log.warn({ ...about, outcome: "sent-claim-lost" }, "mail sent after its claim ran out");
      return "sent-claim-lost";
    }
    log.info({ ...about, outcome: "sent" }, "mail sent");
    return "sent";
  }

  async function runOnce() {
    const claimed = await claimDueMails(db, { now: now(), limit: batchSize, leaseMs });
    const results: { id: number; kind: string; outcome: MailOutcome }[] = [];
    for (const mail of claimed) {
      // Past its claim another worker may take it: give it back rather than risk sending it twice.
      const tooLate = now().getTime() + transport.sendTimeoutMs > mail.leaseUntil.getTime();
      if (stopping || tooLate) {
        await releaseMail(db, mail, now());
        results.push({ id: mail.id, kind: mail.kind, outcome: "released" });
      } else {
        results.push({ id: mail.id, kind: mail.kind, outcome: await deliver(mail) });
      }
    }
    return results;
  }

  async function rounds(): Promise<void> {
    try {
      // A full round suggests more is due: go on at once.
      while (!stopping && (await runOnce()).length >= batchSize);
    } catch (error) {
      // A database error: its code only (its text may quote values).
      const code = (error as { code?: unknown }).code;
      log.error({ errorCode: typeof code === "string" ? code : mailErrorCode(error) }, "mail round failed");
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
