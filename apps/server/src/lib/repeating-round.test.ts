import { describe, expect, it } from "vitest";
import { errorCodeOf, repeatingRound } from "./repeating-round.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("repeatingRound", () => {
  it("runs round after round, goes on after a failed one, and stops waiting for the round in hand", async () => {
    const failures: unknown[] = [];
    let runs = 0;
    let finished = 0;
    const rounds = repeatingRound({
      intervalMs: 5,
      run: async () => {
        runs += 1;
        if (runs === 2) throw Object.assign(new Error("database gone"), { code: "ECONNRESET" });
        await sleep(30);
        finished += 1;
      },
      onFailure: (error) => failures.push(errorCodeOf(error, "ROUND_FAILED")),
    });
    rounds.start();
    while (runs < 4) await sleep(5);
    expect(failures).toEqual(["ECONNRESET"]);
    await rounds.stop();
    expect(rounds.stopping).toBe(true);
    // The round in hand finished before stop() returned, and no other began.
    expect(finished).toBe(runs - 1);
    const after = runs;
    await sleep(30);
    expect(runs).toBe(after);
  });

  it("runs the first round after firstAfterMs, then every intervalMs after the last ended", async () => {
    const started: number[] = [];
    const begun = Date.now();
    const rounds = repeatingRound({
      firstAfterMs: 0,
      intervalMs: 10_000,
      run: async () => {
        started.push(Date.now() - begun);
      },
      onFailure: () => undefined,
    });
    rounds.start();
    await sleep(100);
    await rounds.stop();
    // One round at once, none of the next: it waits its ten seconds.
    expect(started).toHaveLength(1);
    expect(started[0]).toBeLessThan(100);
  });

  it("waits no longer than stopWaitMs for a long round", async () => {
    let started = false;
    const rounds = repeatingRound({
      intervalMs: 1,
      run: async () => {
        started = true;
        await sleep(1_000);
      },
      onFailure: () => undefined,
      stopWaitMs: 20,
    });
    rounds.start();
    while (!started) await sleep(2);
    const before = Date.now();
    await rounds.stop();
    expect(Date.now() - before).toBeLessThan(500);
  });

  it("names an error by its string code, else by the fallback", () => {
    expect(errorCodeOf({ code: "EAUTH" }, "X")).toBe("EAUTH");
    expect(errorCodeOf(new Error("no code"), "X")).toBe("X");
    expect(errorCodeOf(null, "X")).toBe("X");
  });
});
