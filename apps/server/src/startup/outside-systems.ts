import type { Config } from "../config/env.js";
import { StartupError } from "../lib/startup-error.js";
import type { MailTransport } from "../modules/mail/index.js";
import { failureOf, within, writeProbeBlob } from "../modules/monitoring/index.js";
import type { BlobStore } from "../modules/storage/index.js";

// Before the portal listens, it tries what it will need at the first request: the attachment store
// takes a write (a wrong S3 endpoint or a missing bucket, a read-only directory) and the mail relay
// answers and takes the log-in (SMTP) or the outbox directory can be written. What fails is named
// in one line and the process does not start, instead of answering 500 at the first upload or
// queueing mail that never leaves. (The database was tried when it was opened.)

const CHECK_TIMEOUT_MS = 15_000;

/** nodemailer's codes, in words an operator can act on. */
const MAIL_CODE_WORDS: Record<string, string> = {
  ESOCKET: "no connection could be made",
  ECONNECTION: "the connection was refused or dropped",
  ETIMEDOUT: "the relay did not answer in time",
  EAUTH: "the relay refused the user name or password in SMTP_URL",
  ETLS: "the TLS handshake failed",
  EDNS: "the host name is not known",
};

function mailFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const words = typeof code === "string" ? MAIL_CODE_WORDS[code] : undefined;
  return words ? `failed (${code}: ${words})` : failureOf(error);
}

export class OutsideSystemsError extends StartupError {
  override name = "OutsideSystemsError";
}

/** Where the store is, for the message: never a key or a secret. */
function blobStoreWhere(config: Pick<Config, "BLOB_STORE" | "S3_BUCKET" | "S3_ENDPOINT" | "DATA_DIR">) {
  if (config.BLOB_STORE === "s3") {
    return `the S3 bucket ${config.S3_BUCKET ?? ""}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ""}`;
  }
  return `the blob directory in ${config.DATA_DIR}`;
}

export async function checkOutsideSystems(
  config: Pick<Config, "BLOB_STORE" | "S3_BUCKET" | "S3_ENDPOINT" | "DATA_DIR">,
  blobStore: BlobStore,
  mailTransport: MailTransport,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<void> {
  const [store, mail] = await Promise.allSettled([
    within(writeProbeBlob(blobStore), timeoutMs),
    within(mailTransport.verify(), timeoutMs),
  ]);
  const failures: string[] = [];
  if (store.status === "rejected") {
    failures.push(`${blobStoreWhere(config)} cannot be written: ${failureOf(store.reason)}`);
  }
  if (mail.status === "rejected") {
    failures.push(
      `the mail transport (${mailTransport.description}) does not work: ${mailFailure(mail.reason)}`,
    );
  }
  if (failures.length > 0) throw new OutsideSystemsError(`Cannot start: ${failures.join("; ")}.`);
}
