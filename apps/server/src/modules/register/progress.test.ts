import { describe, expect, it } from "vitest";
import { streamProgress } from "./progress.js";

// Progress on stderr: redrawn in place on a terminal, a line per stage in a log.

function stream(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe("streamProgress", () => {
  it("writes one plain line per finished stage when stderr is not a terminal", () => {
    const log = stream(false);
    let now = 0;
    const stage = streamProgress(log, () => now).stage("Writing", 1200);
    stage.advance(600);
    stage.advance(600);
    now = 2500;
    stage.done();
    expect(log.written).toEqual(["Writing (1\u00a0200 rows): done in 2.5 s\n"]);
  });

  it("redraws a bar in place on a terminal, at most every 100 ms, and ends the line when done", () => {
    const terminal = stream(true);
    let now = 0;
    const stage = streamProgress(terminal, () => now).stage("Reading and checking files", 200, "kB");
    stage.advance(50);
    now = 150;
    stage.advance(50);
    stage.done();
    // Carriage return and "erase line", then the bar.
    expect(terminal.written[0]).toBe(`\r\u001b[2KReading and checking files ${"░".repeat(30)} 0% 0/200 kB`);
    expect(terminal.written).toHaveLength(4);
    expect(terminal.written[1]).toMatch(/ 50% 100\/200 kB$/);
    expect(terminal.written[2]).toMatch(/█{30} 100% 200\/200 kB$/);
    expect(terminal.written[3]).toBe(" (0.1 s)\n");
  });
});
