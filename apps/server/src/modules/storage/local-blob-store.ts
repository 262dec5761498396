import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { OWNER_ONLY_DIRECTORY } from "../../config/owner-only-files.js";
import { BlobNotFoundError, type BlobStore, type PendingBlob } from "./blob-store.js";
import { assertSafeKey, SpoolDirectory, syncDirectory } from "./spool-directory.js";

/**
 * Attachments as files under `rootDir` (DATA_DIR/blobs by default). Uploads land in
 * `rootDir/.pending`, are flushed, and commit by an atomic rename, so a committed key always
 * holds a whole file. Directories are 0700 and files 0600 (the spool's): owner-only.
 */
export function createLocalBlobStore(rootDir: string): BlobStore {
  const spool = new SpoolDirectory(path.join(rootDir, ".pending"));
  const finalPath = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, ...key.split("/"));
  };

  return {
    async writePending(key, source) {
      const { size } = await spool.write(key, source);
      return { key, size };
    },

    async commit(pending: PendingBlob) {
      const target = finalPath(pending.key);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
      try {
        await fsp.rename(spool.pathFor(pending.key), target);
      } catch (error) {
        // Committing twice is fine: the first rename already put the file in place.
        if ((error as NodeJS.ErrnoException).code === "ENOENT" && fs.existsSync(target)) return;
        throw error;
      }
      await syncDirectory(path.dirname(target));
    },

    async discard(pending) {
      await spool.remove(pending.key);
    },

    async read(key): Promise<Readable> {
      const target = finalPath(key);
      const handle = await fsp.open(target, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") throw new BlobNotFoundError(key);
        throw error;
      });
      return handle.createReadStream();
    },

    async delete(key) {
      await fsp.rm(finalPath(key), { force: true });
    },

    sweepPending(olderThanMs) {
      return spool.sweep(olderThanMs);
    },
  };
}
