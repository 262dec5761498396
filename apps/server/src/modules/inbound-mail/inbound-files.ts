import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { attachmentContentType, isAllowedAttachment, MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import {
  AttachmentRejectedError,
  createAttachmentGuard,
  safeFileName,
  UploadBudget,
} from "../smart-inquiry/index.js";
import type { BlobStore, PendingBlob } from "../storage/index.js";
import type { InboundFile } from "./mail-reading.js";

// A mail's attachments under the portal's own rules: the allowed kinds (by name and declared
// type), the content matching the kind, and 10 MB for all files of one message together. A file
// that breaks a rule is left out and named in the acknowledgement; the rest are written as
// pending blobs, committed with the update (storage/commit-blobs.ts).

export interface AcceptedFile {
  pending: PendingBlob;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export interface CheckedFiles {
  accepted: AcceptedFile[];
  /** The names of the files left out, as the member named them (made safe). */
  refused: string[];
}

function blobKey(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `attachments/${now.getUTCFullYear()}/${month}/${randomUUID()}`;
}

export async function checkFiles(
  files: readonly InboundFile[],
  blobStore: BlobStore,
  now: Date,
): Promise<CheckedFiles> {
  const accepted: AcceptedFile[] = [];
  const refused: string[] = [];
  let left = MAX_ATTACHMENTS_TOTAL_BYTES;
  try {
    for (const file of files) {
      const fileName = safeFileName(file.fileName);
      const contentType = attachmentContentType(fileName);
      if (
        !contentType ||
        !isAllowedAttachment({ name: fileName, type: file.declaredType }) ||
        file.content.length > left
      ) {
        refused.push(fileName);
        continue;
      }
      const guard = createAttachmentGuard(fileName, new UploadBudget(left));
      const written = blobStore.writePending(blobKey(now), guard.stream);
      const streamed = pipeline(Readable.from([file.content]), guard.stream);
      const outcome = await Promise.all([written, streamed]).then(
        ([pending]) => pending,
        async (error: unknown) => {
          await written.then((blob) => blobStore.discard(blob)).catch(() => undefined);
          // A file the rules refuse is left out; a store that fails fails the whole mail (tried again).
          if (error instanceof AttachmentRejectedError) return undefined;
          throw error;
        },
      );
      if (!outcome) {
        refused.push(fileName);
        continue;
      }
      left -= file.content.length;
      accepted.push({ pending: outcome, fileName, contentType, sizeBytes: file.content.length });
    }
  } catch (error) {
    await discardFiles(accepted, blobStore);
    throw error;
  }
  return { accepted, refused };
}

export async function discardFiles(files: readonly AcceptedFile[], blobStore: BlobStore): Promise<void> {
  await Promise.allSettled(files.map((file) => blobStore.discard(file.pending)));
}
