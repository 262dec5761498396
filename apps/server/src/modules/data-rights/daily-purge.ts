import { randomUUID } from "node:crypto";
import type { Config } from "../../config/env.js";
import type { Db } from "../../db/database.js";
import type { BlobStore } from "../storage/index.js";
import {
  PURGE_COUNT_LABELS,
  type PurgeCounts,
  retentionPolicy,
  runRetentionPurge,
} from "./retention-purge.js";

// The retention purge in the server: a minute after start, then once a day. Every process runs it;
// the purge's advisory lock lets one do the work at a time (the others' runs stop at once).

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;

interface PurgeLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export function startDailyRetentionPurge(options: {
  db: Db;
  blobStore: BlobStore;
  config: Config;
  log: PurgeLog;
}): { stop(): void } {
  const { log } = options;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await runRetentionPurge({
        db: options.db,
        blobStore: options.blobStore,
        policy: retentionPolicy(options.config),
        now: new Date(),
        dryRun: false,
        requestId: `retention:${randomUUID()}`,
      });
      if (outcome.ran) log.info({ removed: nonZero(outcome.counts) }, "retention purge done");
      else log.info({}, "retention purge skipped: another process is running it");
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      log.error({ errorCode: typeof code === "string" ? code : "PURGE_FAILED" }, "retention purge failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), FIRST_RUN_AFTER_MS);
  const daily = setInterval(() => void run(), DAY_MS);
  first.unref();
  daily.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}

/** The kinds with something removed, for one log line. */
function nonZero(counts: PurgeCounts): Record<string, number> {
  return Object.fromEntries(
    (Object.keys(PURGE_COUNT_LABELS) as (keyof PurgeCounts)[])
      .filter((kind) => counts[kind] > 0)
      .map((kind) => [kind, counts[kind]]),
  );
}
