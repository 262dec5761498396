import path from "node:path";
import type { Config } from "../config/env.js";
import { lockDataDir } from "./data-dir-lock.js";
import { type Database, openEmbeddedDatabase, openServerDatabase } from "./database.js";

/** The database the configuration names, migrated; the embedded one under the data-dir lock. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) return openServerDatabase(config.DATABASE_URL);
  const lock = await lockDataDir(config.DATA_DIR);
  try {
    const database = await openEmbeddedDatabase(path.join(config.DATA_DIR, "pglite"));
    return {
      ...database,
      close: async () => {
        try {
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
