import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "../config/owner-only-files.js";
import { StartupError } from "../lib/startup-error.js";

/**
 * One process per embedded data directory: PGlite is a single-process database, and a second
 * process writing the same files would corrupt them.
 *
 * On Linux the lock is an abstract Unix socket named after the directory: binding it is atomic in
 * the kernel, and the kernel frees it the moment its process dies, so there is no stale lock to
 * take over and no race in taking one over (a pid file alone let two processes started together
 * over a stale lock both open the database). Elsewhere a pid file created exclusively is the lock,
 * and a stale one is taken over: best effort. The pid file is written on Linux too, so the refusal
 * can say which process holds the directory.
 */
export class DataDirLockedError extends StartupError {
  override name = "DataDirLockedError";
}

export interface DataDirLock {
  release(): void;
}

const PID_FILE = "portal.lock";

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lockedMessage(dataDir: string, pidFile: string): string {
  const owner = Number.parseInt(readOrEmpty(pidFile), 10);
  const who = Number.isInteger(owner) ? ` (pid ${owner})` : "";
  return (
    `The data directory ${dataDir} is in use by another portal process${who}. ` +
    "Stop that process first, or set DATA_DIR to another directory."
  );
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** The directory itself must be writable: said in one line, not a stack trace. */
function prepareDirectory(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new StartupError(
      `The data directory ${dataDir} cannot be written (${code}). Give the portal's user write access, or set DATA_DIR to a writable directory.`,
    );
  }
}

function bindAbstractSocket(name: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(null) : reject(error),
    );
    server.listen({ path: `\0${name}` }, () => {
      server.unref(); // the lock never keeps the process alive
      resolve(server);
    });
  });
}

async function lockWithKernel(dataDir: string, pidFile: string): Promise<DataDirLock> {
  const id = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 40);
  const server = await bindAbstractSocket(`member-portal-data-dir-${id}`);
  if (!server) throw new DataDirLockedError(lockedMessage(dataDir, pidFile));
  fs.writeFileSync(pidFile, String(process.pid), { mode: OWNER_ONLY_FILE });
  return {
    release: () => {
      if (readOrEmpty(pidFile).trim() === String(process.pid)) fs.rmSync(pidFile, { force: true });
      server.close();
    },
  };
}

function lockWithPidFile(dataDir: string, pidFile: string): DataDirLock {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(pidFile, String(process.pid), { flag: "wx", mode: OWNER_ONLY_FILE });
      return {
        release: () => {
          if (readOrEmpty(pidFile).trim() === String(process.pid)) fs.rmSync(pidFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readOrEmpty(pidFile), 10);
      if (Number.isInteger(owner) && isRunning(owner)) {
        throw new DataDirLockedError(lockedMessage(dataDir, pidFile));
      }
      fs.rmSync(pidFile, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${pidFile}.`);
}

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  prepareDirectory(dataDir);
  const pidFile = path.join(dataDir, PID_FILE);
  return process.platform === "linux" ? lockWithKernel(dataDir, pidFile) : lockWithPidFile(dataDir, pidFile);
}
