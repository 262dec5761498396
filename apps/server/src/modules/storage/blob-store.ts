import type { Readable } from "node:stream";

/** A blob written but not yet visible under its final key. */
export interface PendingBlob {
  readonly key: string;
  readonly size: number;
}

export interface BlobStore {
  /** Streams `source` to a temporary place (never buffering it whole), flushed to durable storage. If the stream errors (e.g. the caller destroys it because a limit was passed) the partial data is deleted and the error is rethrown. */
  writePending(key: string, source: Readable): Promise<PendingBlob>;
  /** Makes a pending blob visible under its key (local: fsync + atomic rename; S3: the object is already atomic, this is a no-op or a copy). Idempotent. */
  commit(pending: PendingBlob): Promise<void>;
  /** Deletes a pending blob (best effort, never throws for a missing one). */
  discard(pending: PendingBlob): Promise<void>;
  /** A readable stream of a committed blob; throws BlobNotFoundError when there is none. */
  read(key: string): Promise<Readable>;
  /** Deletes a committed blob; no error when missing. */
  delete(key: string): Promise<void>;
  /** Deletes pending blobs older than `olderThanMs` left by a crash; returns how many. */
  sweepPending(olderThanMs: number): Promise<number>;
}

export class BlobNotFoundError extends Error {}
