import fs from "node:fs";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { processLog } from "../../lib/process-log.js";
import { type SdkLogger, sdkLoggerFor } from "../../lib/sdk-log.js";
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
  /** Where the SDK's warnings and errors go: the process's JSON log unless given. */
  sdkLogger?: SdkLogger;
}

const PUT_ATTEMPTS = 3;

// The connection went away under the request: most often a kept-alive socket the server closed
// just as it was reused. A PUT of the whole object is safe to send again.
const CONNECTION_LOST = new Set(["ECONNRESET", "EPIPE", "ECONNREFUSED", "ETIMEDOUT"]);

function isConnectionLost(error: unknown): boolean {
  const { code, name } = error as { code?: string; name?: string };
  return (
    (code !== undefined && CONNECTION_LOST.has(code)) ||
    name === "TimeoutError" ||
    (error instanceof Error && error.message === "socket hang up")
  );
}

const ignore = () => undefined;
const QUIET_SDK_LOGGER = { debug: ignore, info: ignore, warn: ignore, error: ignore };

/**
 * Attachments in an S3-compatible bucket. An upload is spooled to local disk while it is checked;
 * commit puts the whole object (a PUT is atomic: readers see all of it or nothing).
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const clientOptions = {
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
  } as const;
  // Its warnings as JSON lines like every other (the SDK's default, the console, writes plain text).
  const client = new S3Client({
    ...clientOptions,
    logger: options.sdkLogger ?? sdkLoggerFor(processLog, "aws-s3"),
  });
  // A PUT's body is a file stream, which the SDK cannot rewind: its own retry would resend a
  // half-read stream. Puts are retried here instead, each try with a fresh stream from the spool.
  // Its logger is quiet: the SDK would print to the console that it could not retry, which this
  // loop does, and a put that still fails reaches the request's own error log.
  const putClient = new S3Client({ ...clientOptions, maxAttempts: 1, logger: QUIET_SDK_LOGGER });
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
      for (let attempt = 1; ; attempt++) {
        try {
          await putClient.send(
            new PutObjectCommand({
              Bucket,
              Key: pending.key,
              Body: fs.createReadStream(filePath),
              ContentLength: pending.size,
            }),
          );
          break;
        } catch (error) {
          if (attempt >= PUT_ATTEMPTS || !isConnectionLost(error)) throw error;
        }
      }
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
