import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Db } from "../../db/database.js";
import { schemaState } from "../../db/migrations.js";
import type { BlobStore } from "../storage/index.js";

// What /readyz asks before it says "ready": the database answers, every migration this build ships
// is applied, and the blob store takes a write. The first two are asked on every probe (two small
// statements); the blob store's answer is kept for a few seconds, so a probe every second does not
// write to an S3 bucket every second. Each part answers within a few seconds or counts as failed:
// a probe must not hang on a database that does not answer.

export type ReadinessPart = "database" | "schema" | "blob store";
export const READINESS_PARTS: readonly ReadinessPart[] = ["database", "schema", "blob store"];

export interface ReadinessReport {
  ready: boolean;
  /** The parts that are not ready, in READINESS_PARTS order. */
  failing: ReadinessPart[];
  /** One short phrase a part: "ok", or what is wrong. Never an error's message, only its code. */
  checks: Record<ReadinessPart, string>;
}

export interface ReadinessOptions {
  db: Db;
  blobStore: BlobStore;
  /** How long a part may take to answer. */
  timeoutMs?: number;
  /** How long the blob store's answer is kept. */
  blobCheckTtlMs?: number;
  now?: () => number;
}

const DEFAULT_READINESS_TIMEOUT_MS = 3_000;
const DEFAULT_BLOB_CHECK_TTL_MS = 5_000;

class NoAnswer extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(ms)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What went wrong, by code: an error's message may name a host, a bucket or a path. */
export function failureOf(error: unknown): string {
  if (error instanceof NoAnswer) return `no answer within ${error.ms / 1000} s`;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === "object" && current !== null; depth += 1) {
    const { code, name, cause, statusCode } = current as Record<string, unknown>;
    if (typeof code === "string" && code) return `failed (${code})`;
    if (typeof statusCode === "number") return `failed (HTTP ${statusCode})`;
    if (typeof name === "string" && name !== "Error" && name !== "AggregateError") return `failed (${name})`;
    current = cause;
  }
  return "failed";
}

/** A blob written, committed and deleted again: the store takes writes. */
export async function writeProbeBlob(blobStore: BlobStore): Promise<void> {
  const key = `readiness-probes/${randomUUID()}`;
  const pending = await blobStore.writePending(key, Readable.from([Buffer.from("ready\n")]));
  try {
    await blobStore.commit(pending);
  } catch (error) {
    await blobStore.discard(pending).catch(() => undefined);
    throw error;
  }
  await blobStore.delete(key);
}

export function createReadinessCheck(options: ReadinessOptions): () => Promise<ReadinessReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_READINESS_TIMEOUT_MS;
  const blobCheckTtlMs = options.blobCheckTtlMs ?? DEFAULT_BLOB_CHECK_TTL_MS;
  const now = options.now ?? (() => performance.now());
  let blobCheck: { at: number; answer: Promise<string> } | undefined;

  const checkBlobStore = (): Promise<string> => {
    // One check at a time, and its answer kept for a while, whatever it was.
    if (!blobCheck || now() - blobCheck.at >= blobCheckTtlMs) {
      blobCheck = {
        at: now(),
        answer: within(writeProbeBlob(options.blobStore), timeoutMs).then(() => "ok", failureOf),
      };
    }
    return blobCheck.answer;
  };

  const checkDatabase = async (): Promise<Pick<ReadinessReport["checks"], "database" | "schema">> => {
    try {
      const state = await within(schemaState(options.db), timeoutMs);
      if (state.pending.length === 0) return { database: "ok", schema: "ok" };
      const names = state.pending.slice(0, 3).join(", ");
      const more = state.pending.length > 3 ? ", …" : "";
      return {
        database: "ok",
        schema: `${state.pending.length} migration(s) of this build not applied (${names}${more})`,
      };
    } catch (error) {
      return { database: failureOf(error), schema: "not checked: the database did not answer" };
    }
  };

  return async () => {
    const [database, blobStore] = await Promise.all([checkDatabase(), checkBlobStore()]);
    const checks: ReadinessReport["checks"] = { ...database, "blob store": blobStore };
    // A schema that could not be read because the database did not answer is the database's fault.
    const failing = READINESS_PARTS.filter(
      (part) => checks[part] !== "ok" && !(part === "schema" && checks.database !== "ok"),
    );
    return { ready: failing.length === 0, failing, checks };
  };
}
