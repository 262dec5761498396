import type { Db } from "../db/database.js";
import { errorCodeOf, type RepeatingRound, repeatingRound } from "../lib/repeating-round.js";
import { foldQueueCounts } from "../modules/conversations/index.js";
import { foldReportVolumes } from "../modules/reports/index.js";

// The folds of the counters kept as changes (decision 0031), a round every few seconds in every
// process: one process folds a table at a time, the others find it held and skip. Reads add up
// the changes not yet folded, so a late or failed fold leaves every figure right, only a little
// more to add up.

const FOLD_INTERVAL_MS = 3_000;

export function createCounterFolds(options: {
  db: Db;
  log: { error(fields: object, message: string): void };
  intervalMs?: number;
}): RepeatingRound {
  const { db, log } = options;
  return repeatingRound({
    intervalMs: options.intervalMs ?? FOLD_INTERVAL_MS,
    run: async () => {
      await foldQueueCounts(db);
      await foldReportVolumes(db);
    },
    onFailure: (error) =>
      log.error({ errorCode: errorCodeOf(error, "COUNTER_FOLD_FAILED") }, "counter fold round failed"),
  });
}
