import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "../../config/owner-only-files.js";

// Keys are made by the server ("attachments/2026/11/<uuid>"); anything else is refused so a key
// can never leave the store's directory.
const SAFE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Refused blob key ${JSON.stringify(key)}`);
}

async function syncPath(target: string, flags: "r" | "r+"): Promise<void> {
  const handle = await fsp.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a directory entry (a rename or a new file) to disk; not supported everywhere, so best effort. */
export async function syncDirectory(directory: string): Promise<void> {
  await syncPath(directory, "r").catch(() => undefined);
}

/**
 * A directory of in-progress uploads. A file here is never an attachment: it is renamed or
 * uploaded under its key on commit, deleted on discard, and swept when a crash left it behind.
 */
export class SpoolDirectory {
  constructor(readonly directory: string) {}

  /** The spool file for a key (one per key; keys are unique uuids). */
  pathFor(key: string): string {
    assertSafeKey(key);
    return path.join(this.directory, key.replaceAll("/", "~"));
  }

  /** Streams `source` into the spool file and flushes it; on error the partial file is deleted. */
  async write(key: string, source: Readable): Promise<{ filePath: string; size: number }> {
    // Uploads are members' files: readable by the portal's user only.
    await fsp.mkdir(this.directory, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
    const filePath = this.pathFor(key);
    // A unique temporary name first, so a retried key never appends to a half-written file.
    const writing = `${filePath}.${randomUUID()}.part`;
    try {
      await pipeline(source, fs.createWriteStream(writing, { flags: "wx", mode: OWNER_ONLY_FILE }));
      await syncPath(writing, "r+");
      await fsp.rename(writing, filePath);
      const { size } = await fsp.stat(filePath);
      return { filePath, size };
    } catch (error) {
      await fsp.rm(writing, { force: true });
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathFor(key), { force: true });
  }

  /** Deletes spool files older than `olderThanMs`; returns how many. */
  async sweep(olderThanMs: number, now = Date.now()): Promise<number> {
    const names = await fsp.readdir(this.directory).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [] as string[];
      throw error;
    });
    let removed = 0;
    for (const name of names) {
      const filePath = path.join(this.directory, name);
      const stats = await fsp.stat(filePath).catch(() => undefined);
      if (stats?.isFile() && now - stats.mtimeMs >= olderThanMs) {
        await fsp.rm(filePath, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
