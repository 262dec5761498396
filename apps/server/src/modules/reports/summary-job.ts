import type { Db } from "../../db/database.js";
import { errorCodeOf, repeatingRound } from "../../lib/repeating-round.js";
import { DEFAULT_BATCH_SIZE, type SummariseProgress, summarisePendingConversations } from "./summarise.js";

// The reports' summaries, worked out in the background by every server process (decision 0025):
// a round every few seconds does what is pending, batch after batch. Several processes share the
// work, each batch skipping the conversations another holds (SKIP LOCKED). In steady state a round
// finds the few conversations answered or closed since the last; after an upgrade, every
// conversation the upgrade found, and it says how far it is in a log line every LOG_EVERY batches.

const LOG_EVERY_BATCHES = 100;

export interface SummaryJobOptions {
  db: Db;
  timeZone: string;
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void };
  intervalMs?: number;
  batchSize?: number;
}

export interface SummaryJob {
  start(): void;
  /** Summarises everything pending now (tests, and the loop's own round); returns how many. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const perSecond = (progress: SummariseProgress) =>
  Math.round((progress.summarised * 1000) / Math.max(progress.elapsedMs, 1));

export function createSummaryJob(options: SummaryJobOptions): SummaryJob {
  const { db, log } = options;
  const intervalMs = options.intervalMs ?? 10_000;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;

  async function runOnce(): Promise<number> {
    let last: SummariseProgress | undefined;
    const summarised = await summarisePendingConversations(db, options.timeZone, {
      batchSize,
      keepGoing: () => !rounds.stopping,
      onBatch: (progress) => {
        last = progress;
        if (progress.batches % LOG_EVERY_BATCHES === 0) {
          log.info(
            { summarised: progress.summarised, perSecond: perSecond(progress) },
            "report summaries: conversations worked out so far in this round",
          );
        }
      },
    });
    if (last && last.batches >= LOG_EVERY_BATCHES) {
      log.info(
        { summarised: last.summarised, perSecond: perSecond(last) },
        "report summaries: round done, nothing pending that another process does not hold",
      );
    }
    return summarised;
  }

  const rounds = repeatingRound({
    intervalMs,
    run: runOnce,
    onFailure: (error) =>
      log.error(
        { errorCode: errorCodeOf(error, "REPORT_SUMMARIES_FAILED") },
        "report summaries round failed",
      ),
  });

  // A round stops after its batch in hand (a short transaction): stop() waits for it.
  return { start: rounds.start, runOnce, stop: rounds.stop };
}
