import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A refused start says what is wrong in plain words on standard error (docs/operations.md), and,
// standard error not being a terminal here, the JSON line a log shipper reads as well.

const serverDir = fileURLToPath(new URL("../../", import.meta.url));

describe("a refused start", () => {
  it("prints the reason as a plain sentence and as one JSON line, exit code 1", () => {
    const run = spawnSync(process.execPath, ["--conditions", "source", "--import", "tsx", "src/server.ts"], {
      cwd: serverDir,
      encoding: "utf8",
      timeout: 20_000,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: "not-a-port",
        METRICS_PORT: "0",
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "refused-start-")),
      },
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.split("\n").filter(Boolean);
    const json = lines.filter((line) => line.startsWith("{"));
    expect(json).toHaveLength(1);
    const { level, msg } = JSON.parse(json[0] ?? "{}") as { level: number; msg: string };
    expect(level).toBe(60);
    expect(msg).toMatch(/^Invalid configuration:\n {2}PORT: /);
    // The same words, unquoted, for a person.
    expect(run.stderr).toContain(`\n${msg}\n`);
  });
});
