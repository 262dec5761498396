import pg from "pg";
import { StartupError } from "../lib/startup-error.js";

// A server database with a local blob directory: each process would keep attachments in its own
// DATA_DIR, and a second process would answer "not found" (once a 500) for every file the first
// stored. So such a setup runs one process per database, held by a session-level advisory lock on
// a connection of its own for the life of the process; a second process refuses to start.

const SINGLE_PROCESS_LOCK = 7302003;

export class SingleProcessLockedError extends StartupError {
  override name = "SingleProcessLockedError";
}

export interface SingleProcessLock {
  release(): Promise<void>;
}

export async function holdSingleProcessLock(
  connectionString: string,
  onLost: (error: Error) => void,
): Promise<SingleProcessLock> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [
    SINGLE_PROCESS_LOCK,
  ]);
  if (!rows[0]?.taken) {
    await client.end();
    throw new SingleProcessLockedError(
      "Another portal process already uses this PostgreSQL database with a local blob store (BLOB_STORE=local): " +
        "the attachments one process stores would be missing on the other. Run one process, use BLOB_STORE=s3, " +
        "or set BLOB_DIR_SHARED=true when DATA_DIR/blobs is one directory shared by every process.",
    );
  }
  // The lock ends with its connection (a database restart): said in the log, not a crash.
  client.on("error", onLost);
  return { release: () => client.end() };
}
