import { Transform, type TransformCallback } from "node:stream";
import { MAX_ATTACHMENTS_TOTAL_BYTES } from "@portal/domain";
import { contentMatchesExtension, SNIFF_BYTES } from "./attachment-content.js";

export type AttachmentRejection = "too-large" | "wrong-content";

/** Thrown inside the upload stream; the route turns it into the required attachment message. */
export class AttachmentRejectedError extends Error {
  override name = "AttachmentRejectedError";
  constructor(readonly reason: AttachmentRejection) {
    super(`attachment rejected: ${reason}`);
  }
}

/** The bytes left for one submission: all files together may not pass 10 MB. */
export class UploadBudget {
  private used = 0;
  constructor(private readonly limit = MAX_ATTACHMENTS_TOTAL_BYTES) {}

  /** Counts bytes; false once the total is over the limit. */
  take(bytes: number): boolean {
    this.used += bytes;
    return this.used <= this.limit;
  }
}

/**
 * Passes a file through while checking it: holds back the first bytes until its content is
 * recognised, and fails the stream as soon as the submission's total passes the limit. Nothing
 * is ever buffered beyond the sniffed sample.
 */
export interface AttachmentGuard {
  stream: Transform;
  /** Bytes of this file seen so far. */
  bytes(): number;
}

export function createAttachmentGuard(fileName: string, budget: UploadBudget): AttachmentGuard {
  let total = 0;
  let sample: Buffer[] = [];
  let sampled = 0;
  let checked = false;

  const check = async (): Promise<Buffer> => {
    const head = Buffer.concat(sample);
    sample = [];
    checked = true;
    if (!(await contentMatchesExtension(head, fileName))) throw new AttachmentRejectedError("wrong-content");
    return head;
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      total += chunk.length;
      if (!budget.take(chunk.length)) return callback(new AttachmentRejectedError("too-large"));
      if (checked) return callback(null, chunk);
      sample.push(chunk);
      sampled += chunk.length;
      if (sampled < SNIFF_BYTES) return callback();
      check().then(
        (head) => callback(null, head),
        (error: unknown) => callback(error as Error),
      );
    },
    flush(callback: TransformCallback) {
      if (checked) return callback();
      // A file shorter than the sample: check what there is (an empty file is refused).
      check().then(
        (head) => callback(null, head),
        (error: unknown) => callback(error as Error),
      );
    },
  });
  return { stream, bytes: () => total };
}
