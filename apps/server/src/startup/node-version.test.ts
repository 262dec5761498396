import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { olderNodeProblem } from "./node-version.js";

// An older Node than 24 is refused at once, in one line naming Node 24, by the server and by the
// command line, before anything else loads (Node 20 printed V8's "unrecognized flag" and started).
// The older Node is one on PATH outside node_modules (the machine's own; npm's scripts run
// node_modules' Node 24), when the machine has one.

const serverDir = fileURLToPath(new URL("../../", import.meta.url));

function nodeVersion(executable: string): string | undefined {
  const run = spawnSync(executable, ["--version"], { encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

function findOlderNode(): string | undefined {
  const directories = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes("node_modules"));
  for (const directory of [...directories, "/usr/bin", "/usr/local/bin"]) {
    const candidate = path.join(directory, "node");
    if (!fs.existsSync(candidate)) continue;
    const version = nodeVersion(candidate);
    if (version && olderNodeProblem(version)) return candidate;
  }
  return undefined;
}

const olderNode = findOlderNode();

function runFromSources(node: string, entry: string, args: string[] = []) {
  const started = Date.now();
  const run = spawnSync(node, ["--conditions", "source", "--import", "tsx", entry, ...args], {
    cwd: serverDir,
    encoding: "utf8",
    timeout: 20_000,
    // An older Node ignored SIGTERM once it had started (graceful-drain.ts).
    killSignal: "SIGKILL",
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      METRICS_PORT: "0",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "node-version-")),
    },
  });
  return {
    ...run,
    ms: Date.now() - started,
    lines: `${run.stdout}${run.stderr}`.split("\n").filter(Boolean),
  };
}

describe("the Node the portal runs on", () => {
  it("accepts Node 24 and later, and names Node 24 to any older one", () => {
    expect(olderNodeProblem("v24.11.0")).toBeUndefined();
    expect(olderNodeProblem("26.0.0")).toBeUndefined();
    expect(olderNodeProblem("v20.20.2")).toMatch(/needs Node 24 .*Node 20\.20\.2/);
    expect(olderNodeProblem(process.version)).toBeUndefined();
  }, 60_000);

  it.skipIf(!olderNode)(
    "the server refuses an older Node at once, in one JSON line naming Node 24",
    () => {
      const run = runFromSources(olderNode ?? "", "./src/server.ts");
      expect(run.status, run.lines.join("\n")).toBe(1);
      expect(run.lines).toHaveLength(1);
      const line = JSON.parse(run.lines[0] ?? "") as { level: number; msg: string };
      expect(line.level).toBe(60);
      expect(line.msg).toContain("Node 24");
      // The tracing preload npm start uses refuses the same way, before the server is loaded.
      const preloaded = spawnSync(
        olderNode ?? "",
        [
          "--conditions",
          "source",
          "--import",
          "tsx",
          "--import",
          "./src/tracing.ts",
          "-e",
          "console.log('started')",
        ],
        {
          cwd: serverDir,
          encoding: "utf8",
          timeout: 20_000,
          // An older Node ignored SIGTERM once it had started (graceful-drain.ts).
          killSignal: "SIGKILL",
        },
      );
      expect(preloaded.status).toBe(1);
      expect(preloaded.stdout).not.toContain("started");
      expect(JSON.parse(preloaded.stderr.trim()).msg).toContain("Node 24");
    },
    60_000,
  );

  it.skipIf(!olderNode)(
    "the command line refuses an older Node at once, in one line naming Node 24",
    () => {
      const run = runFromSources(olderNode ?? "", "./src/cli.ts", ["retention:purge", "--dry-run"]);
      expect(run.status, run.lines.join("\n")).toBe(1);
      expect(run.lines).toHaveLength(1);
      expect(run.lines[0]).toMatch(/^The portal needs Node 24 /);
    },
    60_000,
  );
});
