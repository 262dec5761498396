// A background round repeated on a timer in every server process (the data archives, the reports'
// summaries, the counters' folds, the retention purge, the upload sweeps): the next round is timed from the end of the last, a failed round is logged and the
// timer goes on, and stopping clears the timer and waits for the round in hand.

export interface RepeatingRound {
  start(): void;
  /** Set once stop() is called: a round checks it between its steps. */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

export interface RepeatingRoundOptions {
  intervalMs: number;
  /** When the first round runs after start(); intervalMs when unset (0: at once). */
  firstAfterMs?: number;
  run(): Promise<unknown>;
  /** Logs a round that threw; the next round is timed as usual. */
  onFailure(error: unknown): void;
  /** How long stop() waits for the round in hand; all of it when unset. */
  stopWaitMs?: number;
}

export function repeatingRound(options: RepeatingRoundOptions): RepeatingRound {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;
  let stopping = false;

  function schedule(afterMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      round = options
        .run()
        .catch(options.onFailure)
        .finally(() => schedule(options.intervalMs));
    }, afterMs);
    timer.unref();
  }

  return {
    start: () => schedule(options.firstAfterMs ?? options.intervalMs),
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (options.stopWaitMs === undefined) {
        await round;
        return;
      }
      await Promise.race([round, new Promise((resolve) => setTimeout(resolve, options.stopWaitMs).unref())]);
    },
  };
}

/** The error's code for the log when it has a string one, else the fallback. */
export function errorCodeOf(error: unknown, fallback: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : fallback;
}
