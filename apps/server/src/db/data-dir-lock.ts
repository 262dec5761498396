import fs from "node:fs";
import path from "node:path";
import { StartupError } from "../lib/startup-error.js";

/**
 * One process per embedded data directory: PGlite is a single-process database, and a second
 * process writing the same files would corrupt them. The lock file holds the owner's pid; a lock
 * left by a process that no longer runs is taken over.
 */
export class DataDirLockedError extends StartupError {
  override name = "DataDirLockedError";
}

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "portal.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return {
        release: () => {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another portal process (pid ${owner}). ` +
            "Stop that process first, or set DATA_DIR to another directory.",
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${lockPath}.`);
}
