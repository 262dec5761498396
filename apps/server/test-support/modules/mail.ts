import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerAuthentication } from "smtp-server";
import type { MailWorkerLog } from "../../src/modules/mail/mail-worker.js";

/** The secret the tests' mail workers open sealed links with (the test app's session secret). */
export const TEST_SECRET = "test-secret-test-secret-test-secret!";

/** One message an SMTP peer accepted: its envelope and the message as it arrived. */
export interface ReceivedMail {
  mailFrom: string;
  recipients: string[];
  raw: string;
  message: ParsedMessage;
  user: string | undefined;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:port, with the credentials when the peer asks for them. */
  url: string;
  received: ReceivedMail[];
  /** Delivery attempts seen, refused ones included. */
  attempts: number;
  /** Resolves once `count` messages have been accepted. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  /**
   * The reply to the n-th delivery attempt (0 first): a refusal code, where it is given ("rcpt" at
   * RCPT TO, "data" after the message), or null to accept.
   */
  refuse?: (attempt: number) => { code: number; at: "rcpt" | "data" } | null;
  /** Ask for AUTH with these credentials (URL-encoded into `url`). */
  credentials?: { user: string; password: string };
}

/** A real SMTP server on loopback, port 0, for the mail paths to deliver to. */
export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let attempts = 0;
  // Each send is one connection with one MAIL FROM: the attempt it opens is the one answered.
  const refusal = () => options.refuse?.(attempts - 1) ?? null;
  const smtpError = (code: number) =>
    Object.assign(new Error(code >= 500 ? "Refused for good by the test peer" : "Try again later"), {
      responseCode: code,
    });

  const server = new SMTPServer({
    disabledCommands: options.credentials ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.credentials,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session, callback) {
      const { credentials } = options;
      if (credentials && auth.username === credentials.user && auth.password === credentials.password) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Invalid credentials"), { responseCode: 535 }));
      }
    },
    onMailFrom(_address, _session, callback) {
      attempts += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      const answer = refusal();
      callback(answer?.at === "rcpt" ? smtpError(answer.code) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const answer = refusal();
        if (answer?.at === "data") {
          callback(smtpError(answer.code));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          message: parseMessage(raw),
          user: session.user,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const auth = options.credentials
    ? `${encodeURIComponent(options.credentials.user)}:${encodeURIComponent(options.credentials.password)}@`
    : "";

  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    get attempts() {
      return attempts;
    },
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, the peer has ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough of RFC 822 and MIME to read what nodemailer writes: headers and the two parts. */
export interface ParsedMessage {
  headers: Map<string, string>;
  /** Every part's content type with its decoded body (the message itself when it is not multipart). */
  parts: { contentType: string; body: string }[];
  text: string | undefined;
  html: string | undefined;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The decoded body, its line ends as \n. */
function decodeBody(body: string, encoding: string | undefined): string {
  return decodeTransfer(body, encoding).replace(/\r\n/g, "\n");
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable": {
      const bytes = Buffer.from(body.replace(/=\r\n/g, ""), "latin1").toString("latin1");
      return Buffer.from(
        bytes.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    }
    default:
      return body;
  }
}

export function parseMessage(raw: string): ParsedMessage {
  const { headers, body } = splitHead(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts: ParsedMessage["parts"] = [];
  if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`);
    // Before the first boundary is the preamble; after the closing one ("--boundary--") the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      const part = splitHead(section.replace(/^\r\n/, "").replace(/\r\n$/, ""));
      parts.push({
        contentType: part.headers.get("content-type") ?? "text/plain",
        body: decodeBody(part.body, part.headers.get("content-transfer-encoding")),
      });
    }
  } else {
    parts.push({ contentType, body: decodeBody(body, headers.get("content-transfer-encoding")) });
  }
  const find = (type: string) => parts.find((part) => part.contentType.toLowerCase().startsWith(type))?.body;
  return { headers, parts, text: find("text/plain"), html: find("text/html") };
}

/** A logger that keeps what the worker logs, to check that it says nothing personal. */
export function recordingLog(): MailWorkerLog & {
  lines: { level: string; details: Record<string, unknown>; message: string }[];
} {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  const keep = (level: string) => (details: object, message: string) =>
    lines.push({ level, details: { ...details }, message });
  return { lines, info: keep("info"), warn: keep("warn"), error: keep("error") };
}
