import fs from "node:fs";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { BlobNotFoundError, type BlobStore } from "./blob-store.js";
import { assertSafeKey, SpoolDirectory } from "./spool-directory.js";

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Local directory for uploads in progress (S3 needs the length before the first byte). */
  spoolDir: string;
}

/**
 * Attachments in an S3-compatible bucket. An upload is spooled to local disk while it is checked;
 * commit puts the whole object (a PUT is atomic: readers see all of it or nothing).
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Extra checksums only when the operation needs them: S3-compatible servers vary in support.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const spool = new SpoolDirectory(options.spoolDir);
  const Bucket = options.bucket;

  return {
    async writePending(key, source) {
      const { size } = await spool.write(key, source);
      return { key, size };
    },

    async commit(pending) {
      const filePath = spool.pathFor(pending.key);
      if (!fs.existsSync(filePath)) {
        // Committed before (a retry): the object is already there.
        return;
      }
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: pending.key,
          Body: fs.createReadStream(filePath),
          ContentLength: pending.size,
        }),
      );
      await spool.remove(pending.key);
    },

    discard(pending) {
      return spool.remove(pending.key);
    },

    async read(key): Promise<Readable> {
      assertSafeKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") {
          throw new BlobNotFoundError(key);
        }
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    sweepPending(olderThanMs) {
      return spool.sweep(olderThanMs);
    },
  };
}
