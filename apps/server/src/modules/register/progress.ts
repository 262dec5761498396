// Progress of a long import on the operator's terminal: a bar redrawn in place when stderr is a
// terminal, one plain line per finished stage otherwise (a log file or CI keeps no carriage
// returns). Written here rather than taken from a library: a single bar with a count is all that is
// needed, and it is a few lines. Never a name or a number from the files: only counts.

export interface StageProgress {
  /** `count` more items of the stage are done. */
  advance(count: number): void;
  done(): void;
}

export interface Progress {
  /** A stage begins; `total` is its number of items (rows, or `unit`s) when known. */
  stage(label: string, total?: number, unit?: string): StageProgress;
}

export const silentProgress: Progress = {
  stage: () => ({ advance: () => undefined, done: () => undefined }),
};

interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR_WIDTH = 30;
const REDRAW_MS = 100;
const grouped = (value: number) => value.toLocaleString("en-ZA");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function streamProgress(stream: ProgressStream, now: () => number = Date.now): Progress {
  return {
    stage(label, total, unit = "rows") {
      const started = now();
      let done = 0;
      let drawnAt = 0;
      const line = () => {
        if (total === undefined || total === 0) return `${label}…`;
        const share = Math.min(done / total, 1);
        const filled = Math.round(share * BAR_WIDTH);
        const bar = `${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}`;
        return `${label} ${bar} ${Math.floor(share * 100)}% ${grouped(Math.min(done, total))}/${grouped(total)} ${unit}`;
      };
      const draw = () => {
        drawnAt = now();
        stream.write(`\r\u001b[2K${line()}`);
      };
      if (stream.isTTY) draw();
      return {
        advance(count) {
          done += count;
          if (stream.isTTY && now() - drawnAt >= REDRAW_MS) draw();
        },
        done() {
          done = total ?? done;
          const took = seconds(now() - started);
          if (stream.isTTY) {
            draw();
            stream.write(` (${took})\n`);
          } else {
            const size = total === undefined ? "" : ` (${grouped(total)} ${unit})`;
            stream.write(`${label}${size}: done in ${took}\n`);
          }
        },
      };
    },
  };
}
