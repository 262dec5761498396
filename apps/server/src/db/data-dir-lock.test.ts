import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StartupError } from "../lib/startup-error.js";
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

  it("refuses a second holder while the first holds it, with a message naming the directory and pid", async () => {
    const dir = freshDir();
    const first = await lockDataDir(dir);
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(new RegExp(`${dir}.*pid ${process.pid}`));
    } finally {
      first.release();
    }
  });

  it("gives the directory to exactly one of many takers started together over a stale lock", async () => {
    const dir = freshDir();
    // Left by a process that has gone.
    fs.writeFileSync(path.join(dir, "portal.lock"), "999999999");
    const takers = await Promise.allSettled(Array.from({ length: 24 }, () => lockDataDir(dir)));
    const holders = takers.filter((taker) => taker.status === "fulfilled");
    expect(holders).toHaveLength(1);
    expect(
      takers
        .filter((taker) => taker.status === "rejected")
        .every((taker) => taker.reason instanceof DataDirLockedError),
    ).toBe(true);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    (holders[0] as PromiseFulfilledResult<{ release(): void }>).value.release();
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(false);
  });

  it("is free the moment its holder dies, however it dies", async () => {
    const dir = freshDir();
    // A process that takes the lock (through the same kernel name) and is then killed.
    const holder = spawn(process.execPath, [
      "--import",
      "tsx",
      "-e",
      `
      const { lockDataDir } = await import(${JSON.stringify(new URL("./data-dir-lock.ts", import.meta.url).href)});
      await lockDataDir(${JSON.stringify(dir)});
      console.log("held");
      setInterval(() => {}, 1000);
    `,
    ]);
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on("data", (chunk) => String(chunk).includes("held") && resolve());
      holder.once("exit", (code) => reject(new Error(`holder exited with ${code}`)));
    });
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    const lock = await lockDataDir(dir);
    lock.release();
  });

  it("says in one line when the directory cannot be made or written", async () => {
    const dir = freshDir();
    // A file where a directory should be: refused for root too (unlike permissions).
    const file = path.join(dir, "not-a-directory");
    fs.writeFileSync(file, "");
    const refusal = lockDataDir(path.join(file, "data"));
    await expect(refusal).rejects.toThrow(StartupError);
    await expect(lockDataDir(path.join(file, "data"))).rejects.toThrow(/cannot be written \(ENOTDIR\)/);
  });

  it("can be taken again after release", async () => {
    const dir = freshDir();
    (await lockDataDir(dir)).release();
    (await lockDataDir(dir)).release();
  });
});
