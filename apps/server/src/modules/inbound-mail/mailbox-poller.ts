import { buffer } from "node:stream/consumers";
import { type FetchMessageObject, ImapFlow } from "imapflow";
import { cleanSubject } from "./mail-reading.js";
import { MailboxTokenError, type MailboxTokenSource } from "./mailbox-token.js";
import type { InboundContext, MailPlace, ProcessedOutcome, TooLargeMail } from "./processing.js";
import { processMail, recordTooLarge, wasProcessed } from "./processing.js";

// Reads the support mailbox over IMAP (INBOUND_IMAP_URL): every poll opens a connection, lists the
// mails in the folder, processes each one that is not yet recorded (processing.ts), and only after
// its transaction committed moves it to the processed folder. A crash between the commit and the
// move leaves a recorded mail in the folder: the next poll finds its row and only moves it. Every
// process may poll; the mail's row decides which one processes a mail.
//
// The log-in is the URL's password, or, with INBOUND_IMAP_OAUTH_* (Exchange Online's client
// credentials or a Google service account), an access token by XOAUTH2 (mailbox-token.ts). A kept token the server refuses (revoked, or expired before
// its time) is dropped and the log-in tried once more with a new one; a new token refused fails the
// poll, and the next poll asks for another.

export interface PollerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailboxSettings {
  /** imap:// or imaps://user:password@host:port; without the password when `tokens` is given. */
  url: string;
  folder: string;
  processedFolder: string;
  /** Where a mail too large to read is moved (created when missing); REFUSED_FOLDER unless given. */
  refusedFolder?: string;
  /** The largest mail read; a larger one is refused. MAX_INBOUND_MAIL_BYTES unless given (the tests' is smaller). */
  maxMailBytes?: number;
  /** The access tokens of an XOAUTH2 log-in as the URL's user, instead of its password. */
  tokens?: MailboxTokenSource;
}

export interface InboundPollerOptions extends MailboxSettings {
  context: InboundContext;
  log: PollerLog;
  intervalMs: number;
  /** Told how each timed poll ended: the metrics count them (a failure is otherwise only a log line). */
  onPoll?: (outcome: PollOutcome) => void;
}

export type PollOutcome = "ok" | "failed";

export interface PolledMail {
  uid: number;
  outcome: ProcessedOutcome["outcome"];
}

export interface InboundPoller {
  start(): void;
  stop(): Promise<void>;
  /** One poll: processes every mail in the folder; answers what became of each. */
  runOnce(): Promise<PolledMail[]>;
  /** At start: the server answers, takes the log-in and has the folder; else an error naming what failed (never the URL). */
  verify(): Promise<void>;
}

/**
 * A mail larger than this is not read into memory: it is refused, listed for staff with its
 * sender, subject and size (from the server's listing, never its body) and moved to REFUSED_FOLDER.
 */
export const MAX_INBOUND_MAIL_BYTES = 64 * 1024 * 1024;
export const REFUSED_FOLDER = "Refused";

export function imapClient(settings: Pick<MailboxSettings, "url">, accessToken?: string): ImapFlow {
  const url = new URL(settings.url);
  const secure = url.protocol === "imaps:";
  const user = decodeURIComponent(url.username);
  return new ImapFlow({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    // imapflow logs in by OAUTHBEARER or XOAUTH2 (whichever the server offers) with an accessToken.
    auth: accessToken ? { user, accessToken } : { user, pass: decodeURIComponent(url.password) },
    // Its log would carry addresses and subjects.
    logger: false,
    connectionTimeout: 30_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
  });
}

/** The server refused the log-in (a tagged NO to the credentials), not a network or protocol failure. */
function isRefusedLogin(error: unknown): boolean {
  return (error as { authenticationFailed?: unknown } | undefined)?.authenticationFailed === true;
}

/** The error's code (IMAP, OAuth, network or database), never its text: the server's words may quote a mail. */
function errorCode(error: unknown): string {
  if (error instanceof MailboxTokenError) return error.code;
  const { code, serverResponseCode, authenticationFailed } = (error ?? {}) as Record<string, unknown>;
  if (authenticationFailed) return "IMAP_AUTHENTICATION_FAILED";
  if (typeof serverResponseCode === "string") return `IMAP_${serverResponseCode}`;
  if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,39}$/.test(code)) return code;
  // A database error: its SQLSTATE.
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return `DB_${code}`;
  return "FAILED";
}

/** What a failed poll logs: the code, and the token endpoint's HTTP status when it answered. */
function failureDetails(error: unknown): Record<string, unknown> {
  const status = error instanceof MailboxTokenError ? error.status : undefined;
  return { errorCode: errorCode(error), ...(status ? { httpStatus: status } : {}) };
}

/** A client logged in: by the URL's password, or by an access token (once more with a new one if the kept one is refused). */
async function connectedClient(settings: Pick<MailboxSettings, "url" | "tokens">): Promise<ImapFlow> {
  const { tokens } = settings;
  const attempt = async (accessToken?: string) => {
    const client = imapClient(settings, accessToken);
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.close();
      throw error;
    }
  };
  if (!tokens) return attempt();
  const token = await tokens.accessToken();
  try {
    return await attempt(token.value);
  } catch (error) {
    if (!isRefusedLogin(error)) throw error;
    tokens.refused(token);
    if (token.fresh) throw error;
    return attempt((await tokens.accessToken()).value);
  }
}

async function ensureFolder(client: ImapFlow, folder: string): Promise<void> {
  const folders = await client.list();
  if (!folders.some((entry) => entry.path === folder)) await client.mailboxCreate(folder);
}

/** The fields of the unmatched list, from the FETCH's envelope: a too large mail is never downloaded. */
function tooLargeMailOf(message: FetchMessageObject): TooLargeMail {
  const { envelope } = message;
  const date = envelope?.date ? new Date(envelope.date) : null;
  const sentAt = date && !Number.isNaN(date.getTime()) ? date : null;
  return {
    messageId: envelope?.messageId?.replace(/^<|>$/g, "") || null,
    from: envelope?.from?.[0]?.address?.trim().toLowerCase() || null,
    subject: cleanSubject(envelope?.subject),
    sentAt,
    sizeBytes: message.size ?? 0,
  };
}

export function createInboundPoller(options: InboundPollerOptions): InboundPoller {
  const { context, log, folder, processedFolder } = options;
  const refusedFolder = options.refusedFolder ?? REFUSED_FOLDER;
  const maxMailBytes = options.maxMailBytes ?? MAX_INBOUND_MAIL_BYTES;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;

  /** One mail: processed (and logged), or DUPLICATE when recorded before; SKIPPED when it is gone. */
  async function processOne(
    client: ImapFlow,
    place: MailPlace,
    messageId: string | null,
  ): Promise<ProcessedOutcome["outcome"] | "SKIPPED"> {
    if (await wasProcessed(context.db, place, messageId)) return "DUPLICATE";
    const download = await client.download(String(place.uid), undefined, { uid: true });
    if (!download.content) return "SKIPPED";
    const processed = await processMail(context, place, await buffer(download.content));
    const details = processed.outcome === "UNMATCHED" ? { reason: processed.reason } : {};
    log.info({ uid: place.uid, outcome: processed.outcome, ...details }, "inbound mail processed");
    return processed.outcome;
  }

  async function runOnce(): Promise<PolledMail[]> {
    const client = await connectedClient(options);
    const results: PolledMail[] = [];
    try {
      await ensureFolder(client, processedFolder);
      const lock = await client.getMailboxLock(folder);
      try {
        const mailbox = client.mailbox;
        if (!mailbox || mailbox.exists === 0) return results;
        const uidValidity = Number(mailbox.uidValidity);
        const listed: FetchMessageObject[] = [];
        // Listed first: no other command may run while a FETCH is being read.
        for await (const message of client.fetch("1:*", { uid: true, size: true, envelope: true })) {
          listed.push(message);
        }
        let refusedFolderReady = false;
        for (const message of listed) {
          if (stopping) break;
          const place: MailPlace = { folder, uidValidity, uid: message.uid };
          const tooLarge = (message.size ?? 0) > maxMailBytes;
          let outcome: ProcessedOutcome["outcome"] | "SKIPPED";
          try {
            outcome = tooLarge
              ? (await recordTooLarge(context, place, tooLargeMailOf(message))).outcome
              : await processOne(client, place, message.envelope?.messageId?.replace(/^<|>$/g, "") ?? null);
          } catch (error) {
            // This mail stays in the folder and is tried at the next poll; the others go on.
            log.error({ uid: message.uid, errorCode: errorCode(error) }, "inbound mail not processed");
            continue;
          }
          if (outcome === "SKIPPED") continue;
          if (tooLarge) {
            log.warn(
              { uid: message.uid, sizeBytes: message.size, outcome },
              "inbound mail too large to read; refused and moved to the refused folder",
            );
            if (!refusedFolderReady) await ensureFolder(client, refusedFolder);
            refusedFolderReady = true;
          }
          // Only now, after the commit: the mail leaves the folder the poll reads.
          await client.messageMove(String(message.uid), tooLarge ? refusedFolder : processedFolder, {
            uid: true,
          });
          results.push({ uid: message.uid, outcome });
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return results;
  }

  async function poll(): Promise<void> {
    try {
      await runOnce();
      options.onPoll?.("ok");
    } catch (error) {
      log.error(failureDetails(error), "inbound mail poll failed");
      options.onPoll?.("failed");
    }
  }

  function next(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      round = poll().finally(() => {
        round = undefined;
        next(options.intervalMs);
      });
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      stopping = false;
      next(0);
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
    },
    runOnce,
    async verify() {
      let client: ImapFlow | undefined;
      try {
        client = await connectedClient(options);
        const lock = await client.getMailboxLock(folder);
        lock.release();
        await client.logout();
      } catch (error) {
        client?.close();
        if (error instanceof MailboxTokenError && options.tokens) {
          throw new Error(
            `the support mailbox's access token could not be obtained from ${options.tokens.endpointSetting} (${error.code})`,
          );
        }
        throw new Error(`the support mailbox cannot be read (${errorCode(error)})`);
      }
    },
  };
}
