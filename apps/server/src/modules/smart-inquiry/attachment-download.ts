import type { FastifyReply } from "fastify";
import type { BlobStore } from "../storage/index.js";
import type { AttachmentRow } from "./queries-repository.js";

/**
 * `inline; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name. `attachment`
 * for a file the member saves rather than opens (the files sent with a reply).
 */
export function contentDisposition(fileName: string, disposition: Disposition = "inline"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export type Disposition = "inline" | "attachment";

/**
 * Sends a stored attachment as the checked type, never sniffed, never cached, and sandboxed so
 * that even a document opened in a tab cannot run anything in the portal's origin.
 */
export async function sendAttachment(
  reply: FastifyReply,
  blobStore: BlobStore,
  attachment: AttachmentRow,
  disposition: Disposition = "inline",
) {
  const stream = await blobStore.read(attachment.blobKey);
  return reply
    .type(attachment.contentType)
    .header("content-length", String(attachment.sizeBytes))
    .header("content-disposition", contentDisposition(attachment.fileName, disposition))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .header("content-security-policy", "sandbox")
    .send(stream);
}
