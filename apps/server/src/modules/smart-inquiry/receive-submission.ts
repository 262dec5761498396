import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  ATTACHMENTS_FIELD,
  attachmentContentType,
  ERROR_MESSAGES,
  EXCEPTION_CODES,
  isAllowedAttachment,
} from "@portal/domain";
import type { FastifyRequest } from "fastify";
import { AppError, errors } from "../../lib/errors.js";
import { NUL_IN_TEXT } from "../../lib/nul-text-guard.js";
import type { BlobStore, PendingBlob } from "../storage/index.js";
import { AttachmentRejectedError, createAttachmentGuard, UploadBudget } from "./attachment-guard.js";

/** A file received and checked, written as a pending blob; visible only once committed. */
export interface ReceivedFile {
  pending: PendingBlob;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface ReceivedSubmission<Fields> {
  fields: Fields;
  files: ReceivedFile[];
}

export function attachmentRuleError(reason: "too-large" | "wrong-type"): AppError {
  return new AppError(
    reason === "too-large" ? 413 : 415,
    EXCEPTION_CODES.ATTACHMENT_RULE,
    ERROR_MESSAGES.attachmentRule,
    {
      // The rest of a refused upload is not read; the connection cannot be reused.
      connection: "close",
    },
  );
}

/** A file name safe to store and to send back in Content-Disposition. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "_")
    // Bidirectional controls make "gpj.exe" read as "exe.jpg": removed, not replaced.
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .trim();
  return (cleaned || "attachment").slice(-150);
}

function blobKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `attachments/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

const MALFORMED_MULTIPART = "The upload could not be read: it is not well-formed multipart/form-data.";

/**
 * The parser (busboy, under @fastify/multipart) reports a broken body with plain errors and no
 * code: a missing or wrong boundary, a body cut short, a malformed part header. They are the
 * sender's fault, never ours.
 */
function isMalformedMultipart(error: unknown): boolean {
  const message = error instanceof Error ? error.message : "";
  return /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header)/.test(message);
}

/** Thrown when the member's connection closed before their submission was read. */
export class ClientGoneError extends AppError {
  constructor() {
    super(400, EXCEPTION_CODES.VALIDATION, "The connection closed before the submission was received.");
  }
}

/**
 * Settles when the member's connection closes before the receive is done. The multipart parser
 * never ends, nor fails, when a connection closes just after the last byte of the body (before
 * the parser has read it), so a receive could wait for ever and keep the member's upload slot
 * taken: two such drops and the member could not send anything until the server restarted.
 */
function whenClientGone(request: FastifyRequest): {
  gone: Promise<never>;
  signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  const socket = request.raw.socket;
  let onClose: () => void = () => undefined;
  const gone = new Promise<never>((_resolve, reject) => {
    onClose = () => {
      controller.abort(new ClientGoneError());
      reject(new ClientGoneError());
    };
    if (socket.destroyed) onClose();
    else socket.once("close", onClose);
  });
  // Nobody may be waiting on it when the receive ends first.
  gone.catch(() => undefined);
  return { gone, signal: controller.signal, dispose: () => socket.off("close", onClose) };
}

/**
 * Reads a multipart submission: text fields first (validated as soon as the first file arrives,
 * so a bad form is refused before any upload), then each ATTACHMENTS_FIELD part streamed through the
 * attachment guard into a pending blob. On any failure every pending blob is deleted.
 */
export async function receiveSubmission<Fields>(
  request: FastifyRequest,
  blobStore: BlobStore,
  validateFields: (fields: Record<string, string>) => Fields,
  now: Date,
): Promise<ReceivedSubmission<Fields>> {
  if (!request.isMultipart()) throw errors.validation("The request must be multipart/form-data.");
  const rawFields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const budget = new UploadBudget();
  let fields: Fields | undefined;
  const client = whenClientGone(request);
  const readParts = async () => {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value !== "string")
          throw errors.validation(`The field ${part.fieldname} is not text.`);
        if (part.value.includes("\u0000")) throw errors.validation(NUL_IN_TEXT);
        rawFields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== ATTACHMENTS_FIELD)
        throw errors.validation(`Unexpected file field ${part.fieldname}.`);
      fields ??= validateFields(rawFields);
      const fileName = safeFileName(part.filename);
      if (!isAllowedAttachment({ name: fileName, type: part.mimetype })) {
        part.file.resume();
        throw attachmentRuleError("wrong-type");
      }
      const guard = createAttachmentGuard(fileName, budget);
      const checked = new PassThrough();
      const written = blobStore.writePending(blobKey(now), checked);
      const streamed = pipeline(part.file, guard.stream, checked, { signal: client.signal });
      const [pending] = await Promise.all([written, streamed]).catch(async (error: unknown) => {
        await written.then((blob) => blobStore.discard(blob)).catch(() => undefined);
        throw error;
      });
      const contentType = attachmentContentType(fileName) ?? "application/octet-stream";
      files.push({ pending, fileName, contentType, sizeBytes: guard.bytes() });
    }
  };
  try {
    await Promise.race([readParts(), client.gone]);
    return { fields: fields ?? validateFields(rawFields), files };
  } catch (error) {
    await Promise.allSettled(files.map((file) => blobStore.discard(file.pending)));
    if (error instanceof AttachmentRejectedError) {
      throw attachmentRuleError(error.reason === "too-large" ? "too-large" : "wrong-type");
    }
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw attachmentRuleError("too-large");
    if (isMalformedMultipart(error)) throw errors.validation(MALFORMED_MULTIPART);
    throw error;
  } finally {
    client.dispose();
  }
}
