import { randomBytes } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { Config } from "../../config/env.js";
import { type MailSender, parseMailFrom } from "../../config/mail-from.js";
import { inSpan, SpanKind } from "../monitoring/index.js";
import type { ClaimedMail } from "./outbox.js";

// How a claimed mail leaves: through an SMTP relay (SMTP_URL), or, by default, as an .eml file in
// DATA_DIR/outbox/ that a developer can open in any mail client. Both build the same RFC 822
// message with nodemailer, from MAIL_FROM, with the Message-ID fixed when the mail was queued.

export type MailToSend = Pick<
  ClaimedMail,
  "messageId" | "to" | "cc" | "subject" | "html" | "text" | "createdAt"
> &
  Partial<Pick<ClaimedMail, "threadReferences">> & {
    /** The conversation's support address with its token (reply-token.ts); absent: replies go to From. */
    replyTo?: string;
    /** The files' bytes, read by the worker: the transport never opens a path or a URL. */
    files?: { fileName: string; contentType: string; content: Buffer }[];
  };

/** What the receiving side said when it took a mail: kept with the mail when it is marked sent. */
export interface DeliveryReceipt {
  /** The SMTP server's reply to the message ("250 2.0.0 Ok: queued as 4F2A1"), or the .eml file written. */
  answer: string;
}

export interface MailTransport {
  /** For the start-up line: never the URL, which may hold a password. */
  readonly description: string;
  /** The longest one send may take before it is abandoned (the worker renews its lease meanwhile). */
  readonly sendTimeoutMs: number;
  send(mail: MailToSend): Promise<DeliveryReceipt>;
  close(): void;
  /** At start: the relay answers and takes our log-in (SMTP), or the outbox directory can be written. */
  verify(): Promise<void>;
}

export const DEFAULT_SEND_TIMEOUT_MS = 60_000;

export type MailTransportConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;

export function createMailTransport(
  config: MailTransportConfig,
  options: { sendTimeoutMs?: number } = {},
): MailTransport {
  const sender = parseMailFrom(config.MAIL_FROM);
  if (!sender) throw new Error("MAIL_FROM is not a valid sender");
  const sendTimeoutMs = options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS;
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, sender, sendTimeoutMs)
    : emlTransport(path.join(config.DATA_DIR, "outbox"), sender, sendTimeoutMs);
}

/** `<outbox-…@domain>`: the stored unique part with the sender's domain. */
export function messageIdHeader(stored: string, domain: string): string {
  const bare = stored.replace(/^<|>$/g, "");
  return `<${bare.includes("@") ? bare : `${bare}@${domain}`}>`;
}

function threadHeaders(
  references: readonly string[],
  domain: string,
): Pick<SendMailOptions, "inReplyTo" | "references"> {
  const ids = references.map((reference) => messageIdHeader(reference, domain));
  const last = ids.at(-1);
  return last ? { inReplyTo: last, references: ids } : {};
}

function messageOptions(mail: MailToSend, sender: MailSender): SendMailOptions {
  return {
    from: sender.name ? { name: sender.name, address: sender.address } : sender.address,
    to: mail.to,
    cc: mail.cc,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdHeader(mail.messageId, sender.domain),
    // One thread in the member's mail program: the conversation's earlier mails, the newest answered.
    ...threadHeaders(mail.threadReferences ?? [], sender.domain),
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    // The time of the event: every attempt and resend is the same message.
    date: mail.createdAt,
    // RFC 3834: out-of-office and other automatic replies stay away from a no-reply address.
    headers: { "Auto-Submitted": "auto-generated" },
    attachments: (mail.files ?? []).map((file) => ({
      filename: file.fileName,
      contentType: file.contentType,
      content: file.content,
    })),
  };
}

// Content is always strings: nodemailer must never read a path or fetch a URL named in a mail.
const CONTENT_ACCESS = { disableFileAccess: true, disableUrlAccess: true } as const;

function smtpTransport(url: string, sender: MailSender, sendTimeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    ...CONTENT_ACCESS,
    // Each below the whole send's limit, so a dead relay is noticed early.
    connectionTimeout: Math.min(15_000, sendTimeoutMs),
    greetingTimeout: Math.min(15_000, sendTimeoutMs),
    socketTimeout: Math.min(30_000, sendTimeoutMs),
  });
  const address = new URL(url);
  const relay = {
    "server.address": address.hostname,
    ...(address.port ? { "server.port": Number(address.port) } : {}),
  };
  return {
    description: `SMTP relay ${address.hostname}${address.port ? `:${address.port}` : ""}`,
    sendTimeoutMs,
    async send(mail) {
      const info = await inSpan(
        "smtp send",
        relay,
        () =>
          transporter.sendMail({
            ...messageOptions(mail, sender),
            signal: AbortSignal.timeout(sendTimeoutMs),
          }),
        SpanKind.CLIENT,
      );
      return { answer: typeof info.response === "string" ? info.response : "accepted" };
    },
    close: () => transporter.close(),
    verify: async () => {
      await transporter.verify();
    },
  };
}

function emlTransport(directory: string, sender: MailSender, sendTimeoutMs: number): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "windows",
    ...CONTENT_ACCESS,
  });
  return {
    description: `.eml files in ${directory}`,
    sendTimeoutMs,
    async send(mail) {
      const info = await composer.sendMail(messageOptions(mail, sender));
      if (!Buffer.isBuffer(info.message)) throw new Error("the stream transport returned no buffer");
      // The files hold members' mail: readable by the portal's user only.
      await fs.mkdir(directory, { recursive: true, mode: 0o700 });
      const name = `${mail.messageId.replace(/[^A-Za-z0-9._-]/g, "_")}.eml`;
      await writeWhole(path.join(directory, name), info.message);
      return { answer: `written as ${name}` };
    },
    close: () => composer.close(),
    verify: async () => {
      await fs.mkdir(directory, { recursive: true, mode: 0o700 });
      await fs.access(directory, fsConstants.W_OK);
    },
  };
}

/** Written under a temporary name, flushed, then renamed: a reader sees the whole file or none. */
async function writeWhole(file: string, content: Buffer): Promise<void> {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(6).toString("hex")}.partial`,
  );
  try {
    const handle = await fs.open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

/** Makes the rename itself durable before the mail is marked sent. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(directory, "r");
    await handle.sync();
  } catch {
    // Some platforms cannot open or flush a directory; the file itself is flushed already.
  } finally {
    await handle?.close();
  }
}

/**
 * What a failed send is recorded and logged as: the SMTP reply code (SMTP_451) or the error's code
 * (ECONNECTION, EAUTH, ENOSPC…), never its message, which may quote an address.
 */
export function mailErrorCode(error: unknown): string {
  if (typeof error === "object" && error !== null) {
    const { responseCode, code, name } = error as { responseCode?: unknown; code?: unknown; name?: unknown };
    if (typeof responseCode === "number" && Number.isInteger(responseCode)) return `SMTP_${responseCode}`;
    // The only abort is the send's own time limit.
    if (code === "EABORT" || name === "TimeoutError" || name === "AbortError") return "ETIMEDOUT";
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,39}$/.test(code)) return code;
  }
  return "SEND_FAILED";
}
