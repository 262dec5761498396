import pg from "pg";
import { StartupError } from "../lib/startup-error.js";

// A server database with a local blob directory: each process would keep attachments in its own
// DATA_DIR, and a second process would answer "not found" (once a 500) for every file the first
// stored. So such a setup runs one process per database, held by a session-level advisory lock on
// a connection of its own for the life of the process; a second process refuses to start.
//
// The lock lives as long as its connection. A database restart (or a dropped connection) ends it,
// and a second process could then start: so the lock is taken again on a new connection, tried
// every few seconds, and `held` says whether it is held now (attachments wait for it: see
// blob-store-guard.ts). Should another process have taken it in between, this one must stop.

const SINGLE_PROCESS_LOCK = 7302003;
const DEFAULT_RETRY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 10_000;

export class SingleProcessLockedError extends StartupError {
  override name = "SingleProcessLockedError";
}

export interface SingleProcessLock {
  /** False from the moment the lock's connection is lost until the lock is taken again. */
  readonly held: boolean;
  /** Ends the lock's connection (the lock with it) and stops taking it again. */
  release(): Promise<void>;
}

export interface SingleProcessLockEvents {
  /** The connection, and the lock with it, was lost; it is being taken again. */
  onLost(error: Error): void;
  /** Taken again on a new connection. */
  onRegained(): void;
  /** Another process took the lock while this one did not hold it: this process must stop. No more retries. */
  onTakenByAnother(): void;
}

/** The backend that holds the lock: a pid alone may be reused by another after a restart. */
interface Holder {
  pid: number;
  startedAt: number | null;
}

type Attempt =
  | { taken: true; client: pg.Client; holder: Holder }
  | { taken: false; holder: Holder | undefined };

async function tryLock(connectionString: string): Promise<Attempt> {
  const client = new pg.Client({
    connectionString,
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Until the caller watches it: a connection that dies here only fails this attempt.
  const ignore = () => undefined;
  client.on("error", ignore);
  try {
    await client.connect();
    const { rows } = await client.query<{ taken: boolean; pid: number; started: Date | null }>(
      `select pg_try_advisory_lock($1) as taken, pg_backend_pid() as pid,
              (select backend_start from pg_stat_activity where pid = pg_backend_pid()) as started`,
      [SINGLE_PROCESS_LOCK],
    );
    const row = rows[0];
    if (row?.taken) {
      client.off("error", ignore);
      return { taken: true, client, holder: { pid: row.pid, startedAt: row.started?.getTime() ?? null } };
    }
    // bigint keys are held as (classid, objid) = (high, low 32 bits), objsubid 1.
    const held = await client.query<{ pid: number; started: Date | null }>(
      `select l.pid, a.backend_start as started
         from pg_locks l left join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and l.granted and l.classid = 0 and l.objid = $1 and l.objsubid = 1
          and l.database = (select oid from pg_database where datname = current_database())`,
      [SINGLE_PROCESS_LOCK],
    );
    await client.end().catch(() => undefined);
    const holder = held.rows[0];
    return {
      taken: false,
      holder: holder && { pid: holder.pid, startedAt: holder.started?.getTime() ?? null },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

const sameBackend = (a: Holder, b: Holder) =>
  a.pid === b.pid && (a.startedAt === null || b.startedAt === null || a.startedAt === b.startedAt);

/** Ends this process's own earlier backend, still holding the lock after its client lost it. */
async function endBackend(connectionString: string, holder: Holder): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select pg_terminate_backend($1)", [holder.pid]);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function holdSingleProcessLock(
  connectionString: string,
  events: SingleProcessLockEvents,
  options: { retryMs?: number } = {},
): Promise<SingleProcessLock> {
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const first = await tryLock(connectionString);
  if (!first.taken) {
    throw new SingleProcessLockedError(
      "Another portal process already uses this PostgreSQL database with a local blob store (BLOB_STORE=local): " +
        "the attachments one process stores would be missing on the other. Run one process, use BLOB_STORE=s3, " +
        "or set BLOB_DIR_SHARED=true when DATA_DIR/blobs is one directory shared by every process.",
    );
  }

  let client: pg.Client | undefined;
  let ours: Holder = first.holder;
  let released = false;
  let timer: NodeJS.Timeout | undefined;

  const retryLater = () => {
    timer = setTimeout(() => void takeAgain(), retryMs);
    timer.unref(); // never keeps the process alive
  };

  const watch = (connection: pg.Client) => {
    client = connection;
    let lost = false;
    const onGone = (error: Error) => {
      if (lost || released) return;
      lost = true;
      client = undefined;
      void connection.end().catch(() => undefined);
      events.onLost(error);
      retryLater();
    };
    connection.on("error", onGone);
    connection.on("end", () => onGone(new Error("the connection ended")));
  };

  const takeAgain = async () => {
    if (released) return;
    let attempt: Attempt;
    try {
      attempt = await tryLock(connectionString);
    } catch {
      retryLater(); // the database is not back yet
      return;
    }
    if (released) {
      if (attempt.taken) await attempt.client.end().catch(() => undefined);
      return;
    }
    if (attempt.taken) {
      ours = attempt.holder;
      watch(attempt.client);
      events.onRegained();
      return;
    }
    // Our own backend outlived our side of the connection (a dropped network, not a restart): it
    // is ended, and the lock freed with it is taken on the next try.
    if (!attempt.holder || sameBackend(attempt.holder, ours)) {
      if (attempt.holder) await endBackend(connectionString, attempt.holder).catch(() => undefined);
      retryLater();
      return;
    }
    events.onTakenByAnother();
  };

  watch(first.client);
  return {
    get held() {
      return client !== undefined;
    },
    async release() {
      released = true;
      clearTimeout(timer);
      const connection = client;
      client = undefined;
      await connection?.end();
    },
  };
}
