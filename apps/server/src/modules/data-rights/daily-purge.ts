import { randomUUID } from "node:crypto";
import type { Config } from "../../config/env.js";
import type { Db } from "../../db/database.js";
import { errorCodeOf, type RepeatingRound, repeatingRound } from "../../lib/repeating-round.js";
import type { BlobStore } from "../storage/index.js";
import {
  PURGE_COUNT_LABELS,
  type PurgeCounts,
  retentionPolicy,
  runRetentionPurge,
} from "./retention-purge.js";

// The retention purge in the server: a minute after start, then a day after each run ends. Every process runs it;
// the purge's advisory lock lets one do the work at a time (the others' runs stop at once).

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;
const STOP_WAIT_MS = 10_000;

interface PurgeLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export function startDailyRetentionPurge(options: {
  db: Db;
  blobStore: BlobStore;
  config: Config;
  log: PurgeLog;
}): RepeatingRound {
  const { log } = options;
  const purge = repeatingRound({
    firstAfterMs: FIRST_RUN_AFTER_MS,
    intervalMs: DAY_MS,
    // Stopping waits a while for the run in hand; a batch the closing database cuts off rolls back
    // (each is its own transaction) and the next run does it.
    stopWaitMs: STOP_WAIT_MS,
    run: async () => {
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
    },
    onFailure: (error) =>
      log.error({ errorCode: errorCodeOf(error, "PURGE_FAILED") }, "retention purge failed"),
  });
  purge.start();
  return purge;
}

/** The kinds with something removed, for one log line. */
function nonZero(counts: PurgeCounts): Record<string, number> {
  return Object.fromEntries(
    (Object.keys(PURGE_COUNT_LABELS) as (keyof PurgeCounts)[])
      .filter((kind) => counts[kind] > 0)
      .map((kind) => [kind, counts[kind]]),
  );
}
