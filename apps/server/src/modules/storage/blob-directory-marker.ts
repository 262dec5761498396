import fsp from "node:fs/promises";
import path from "node:path";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "../../config/owner-only-files.js";

// A file the portal writes into its blob directory (DATA_DIR/blobs) at start. A command that
// deletes files there for rows it deletes from a PostgreSQL server (retention:purge) first checks
// it is there: run with another DATA_DIR, the purge deleted the rows and silently left the files,
// which no row named any more. With the embedded database the rows live in the same DATA_DIR, so
// the two cannot disagree.

export const BLOB_DIRECTORY_MARKER = ".member-portal-blobs";

const MARKER_TEXT =
  "This directory holds the member portal's attachments (BLOB_STORE=local). Keep this file.\n";

/** Writes the marker into `rootDir` (made if missing) unless it is there. */
export async function markBlobDirectory(rootDir: string): Promise<void> {
  await fsp.mkdir(rootDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  await fsp
    .writeFile(path.join(rootDir, BLOB_DIRECTORY_MARKER), MARKER_TEXT, { flag: "wx", mode: OWNER_ONLY_FILE })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
}

/** Whether `rootDir` carries the marker a portal writes at start. */
export async function isMarkedBlobDirectory(rootDir: string): Promise<boolean> {
  return fsp.stat(path.join(rootDir, BLOB_DIRECTORY_MARKER)).then(
    (stats) => stats.isFile(),
    () => false,
  );
}
