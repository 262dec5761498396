import path from "node:path";
import type { Writable } from "node:stream";
import type { Config } from "../../config/env.js";
import { type AdminSocket, serveAdminSocket } from "./admin-socket.js";
import { type BackupSummary, writeBackupArchive } from "./backup-archive.js";

/** What a backup of this configuration's DATA_DIR holds, the database dumped by `dumpDatabase`. */
export function backupEmbedded(
  config: Pick<Config, "DATA_DIR" | "BLOB_STORE">,
  dumpDatabase: () => Promise<Blob>,
  output: Writable,
): Promise<BackupSummary> {
  return writeBackupArchive(
    {
      dumpDatabase,
      blobDir: config.BLOB_STORE === "local" ? path.join(config.DATA_DIR, "blobs") : null,
      sessionSecretFile: path.join(config.DATA_DIR, "session-secret"),
      now: new Date(),
    },
    output,
  );
}

/**
 * The admin socket of the process that holds DATA_DIR (admin-socket.ts), answering backups of
 * it. Never stops a start: when it cannot listen, it says why and backups need the portal stopped.
 */
export async function serveEmbeddedBackups(
  config: Pick<Config, "DATA_DIR" | "BLOB_STORE">,
  dumpDatabase: () => Promise<Blob>,
): Promise<AdminSocket | null> {
  const say = (line: string) => console.warn(line);
  return serveAdminSocket(
    config.DATA_DIR,
    { backup: (output) => backupEmbedded(config, dumpDatabase, output) },
    say,
  ).catch((error: NodeJS.ErrnoException) => {
    say(
      `Cannot listen on ${path.join(config.DATA_DIR, "admin.sock")} (${error.code ?? error.message}): "cli backup" needs the portal stopped.`,
    );
    return null;
  });
}
