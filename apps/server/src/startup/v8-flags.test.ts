import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// What the flags of v8-flags.ts change, observed in a new process with the module imported first
// and without it. Allocation-site pretenuring, the way V8 reports it: a process that keeps every
// object one object literal makes, across several young collections, has that literal's site
// marked for tenure in --trace-pretenuring-statistics: "=> maybe tenure" first, "=> tenure" at a
// later collection only when the young generation is at its largest then, which depends on how
// busy the machine is (a CI run with no "=> tenure" at all). Both count as a decision. Spent
// buffers: how much of them waits for a collection.

const serverDir = fileURLToPath(new URL("../../", import.meta.url));

const START = "the loop starts";
const KEEP_EVERY_OBJECT = `
  const kept = [];
  for (let round = 0; round < 20; round += 1) {
    for (let i = 0; i < 20000; i += 1) kept.push({ round, i });
    globalThis.gc({ type: "minor" });
  }
  console.log("kept", kept.length);
`;

/** Runs a script in a new process, with the flags module imported first or not; its output. */
function runScript(flagsFirst: boolean, script: string, nodeFlags: string[] = []): string {
  const run = spawnSync(
    process.execPath,
    [
      "--conditions",
      "source",
      "--import",
      "tsx",
      ...nodeFlags,
      "--input-type=module",
      "-e",
      `${flagsFirst ? 'await import("./src/startup/v8-flags.ts");' : ""}${script}`,
    ],
    { cwd: serverDir, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

function tenureDecisions(flagsFirst: boolean): string[] {
  const stdout = runScript(flagsFirst, `console.log("${START}");${KEEP_EVERY_OBJECT}`, [
    "--expose-gc",
    "--trace-pretenuring-statistics",
  ]);
  expect(stdout).toContain("kept 400000");
  // Only what the loop did: tsx's own loading comes before.
  const ofTheLoop = stdout.slice(stdout.indexOf(START));
  return ofTheLoop.split("\n").filter((line) => / => (maybe )?tenure/.test(line));
}

describe("allocation sites", () => {
  it("without them, a site whose objects all survive is marked for tenure (the control: the trace is read right)", () => {
    expect(tenureDecisions(false).length).toBeGreaterThan(0);
  });

  it("with them, no allocation site is marked for tenure", () => {
    expect(tenureDecisions(true)).toEqual([]);
  });
});

// Short-lived buffers outside the heap, as a socket's reads during an upload: 4 000 of 64 KB, each
// dropped at once. The most they hold together is the buffers' own young-collection trigger: over
// 100 MB without the flags; with them about 32 MB on a quiet machine and up to the high 40s on a
// busy one (the scavenge runs on a helper thread, later when the cores are taken; 48 seen in CI),
// so the line between the two is Node 24's own 64 MB.
const SPENT_BUFFERS = `
  let most = 0;
  for (let i = 0; i < 4000; i += 1) {
    Buffer.allocUnsafe(65536)[0] = i;
    most = Math.max(most, process.memoryUsage().arrayBuffers);
  }
  console.log("most", Math.round(most / 1048576));
`;

function mostSpentBufferMegabytes(flagsFirst: boolean): number {
  const stdout = runScript(flagsFirst, SPENT_BUFFERS);
  return Number(/most (\d+)/.exec(stdout)?.[1]);
}

describe("spent buffers", () => {
  it("without the flags, wait past 64 MB for a collection (the control: Node 24's trigger)", () => {
    expect(mostSpentBufferMegabytes(false)).toBeGreaterThan(64);
  });

  it("with them, are collected young before 64 MB (about 32 MB, as before Node 24)", () => {
    expect(mostSpentBufferMegabytes(true)).toBeLessThan(64);
  });
});
