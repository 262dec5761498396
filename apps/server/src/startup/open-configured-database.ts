import path from "node:path";
import type { Config } from "../config/env.js";
import { tightenToOwner } from "../config/owner-only-files.js";
import { lockDataDir } from "../db/data-dir-lock.js";
import {
  type Database,
  type MigrationLog,
  openEmbeddedDatabase,
  openServerDatabase,
} from "../db/database.js";
import { unreachableDatabase } from "../db/unreachable-database.js";
import { serveEmbeddedBackups } from "../modules/backup/index.js";

/**
 * The database the configuration names, migrated (each migration applied said to `log` by name);
 * the embedded one under the data-dir lock, its holder answering `cli backup` on DATA_DIR/admin.sock
 * while it is open (modules/backup/admin-socket.ts).
 */
export async function openConfiguredDatabase(config: Config, log?: MigrationLog): Promise<Database> {
  const url = config.DATABASE_URL;
  if (url) {
    return openServerDatabase(url, { lockWaitSeconds: config.DATABASE_LOCK_WAIT_SECONDS, log }).catch(
      (error: unknown) => {
        throw unreachableDatabase(url, error) ?? error;
      },
    );
  }
  const lock = await lockDataDir(config.DATA_DIR);
  try {
    const directory = path.join(config.DATA_DIR, "pglite");
    const database = await openEmbeddedDatabase(directory, log);
    // PGlite gives the files of a new database 0666 itself, whatever the umask: owner-only here.
    // (The files PostgreSQL creates later it creates 0600.)
    await tightenToOwner(directory).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    const { dumpDataDir } = database;
    const adminSocket = dumpDataDir ? await serveEmbeddedBackups(config, dumpDataDir) : null;
    return {
      ...database,
      close: async () => {
        try {
          await adminSocket?.close();
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
