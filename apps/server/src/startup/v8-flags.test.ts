import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The allocation-site pretenuring V8 is asked to leave off (v8-flags.ts), observed the way V8
// reports it: a process that keeps every object one object literal makes, across several young
// collections, has that literal's site tenured ("=> tenure" in --trace-pretenuring-statistics),
// unless the flags module ran first.

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

function tenureDecisions(flagsFirst: boolean): string[] {
  const script = `${flagsFirst ? 'await import("./src/startup/v8-flags.ts");' : ""}console.log("${START}");${KEEP_EVERY_OBJECT}`;
  const run = spawnSync(
    process.execPath,
    [
      "--conditions",
      "source",
      "--import",
      "tsx",
      "--expose-gc",
      "--trace-pretenuring-statistics",
      "--input-type=module",
      "-e",
      script,
    ],
    { cwd: serverDir, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain("kept 400000");
  // Only what the loop did: tsx's own loading comes before.
  const ofTheLoop = run.stdout.slice(run.stdout.indexOf(START));
  return ofTheLoop.split("\n").filter((line) => / => tenure/.test(line));
}

describe("V8 flags set at start", () => {
  it("without them, a site whose objects all survive is tenured (the control: the trace is read right)", () => {
    expect(tenureDecisions(false).length).toBeGreaterThan(0);
  });

  it("with them, no allocation site is tenured", () => {
    expect(tenureDecisions(true)).toEqual([]);
  });
});
