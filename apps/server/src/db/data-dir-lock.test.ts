import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.js";

describe("lockDataDir", () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a second holder while the first runs, with a message naming the directory", async () => {
    const dir = freshDir();
    // Another live process holds the lock.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "portal.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`${dir}.*pid ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that has gone", () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), "999999999");
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(false);
  });

  it("can be taken again after release", () => {
    const dir = freshDir();
    lockDataDir(dir).release();
    expect(() => lockDataDir(dir).release()).not.toThrow();
  });
});
