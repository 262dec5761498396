import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { processLog } from "../lib/process-log.js";
import { assertSchemaNotNewer, migrationsFolder, schemaState } from "./migrations.js";
import * as schema from "./schema.js";
import { retryTransactions, sqlStateOf } from "./transaction-retry.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction's callback is given. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a repository function runs on: the database, or a transaction the caller opened. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "embedded" | "server";
  close(): Promise<void>;
  /**
   * Embedded only: the whole PGlite data directory as one uncompressed tar, taken between two
   * statements (never inside one), so it is what a crash at that moment would have left: every
   * committed transaction, nothing of one still open (modules/backup).
   */
  dumpDataDir?: () => Promise<Blob>;
}

/** Said of each migration applied at start, by name (the server passes its logger). */
export type MigrationLog = (names: string[]) => void;

/**
 * Migrates with the guard of migrations.ts: a database a newer release migrated stops this build
 * before anything is applied; what is applied is said by name.
 */
async function migrateGuarded(db: Db, migrate: () => Promise<void>, log: MigrationLog | undefined) {
  const before = await schemaState(db);
  assertSchemaNotNewer(before);
  if (before.pending.length === 0) return;
  await migrate();
  const after = await schemaState(db);
  log?.(before.pending.filter((name) => !after.pending.includes(name)));
}

/**
 * Every PGlite the portal starts, with the extensions its migrations create (btree_gin, for the
 * desk's search index): a data directory whose indexes need one cannot be read without it.
 */
export function startPglite(options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { btree_gin } });
}

/** PGlite: in memory when dataDir is undefined (tests), else persisted in that directory. */
export async function openEmbeddedDatabase(dataDir?: string, log?: MigrationLog): Promise<Database> {
  const client = await startPglite(dataDir ? { dataDir } : {});
  return migrateEmbeddedDatabase(client, log).catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
}

/**
 * A started PGlite, migrated; closing the Database closes it. Tests start theirs from a copy of an
 * already migrated one, where this only confirms there is nothing left to apply.
 */
export async function migrateEmbeddedDatabase(client: PGlite, log?: MigrationLog): Promise<Database> {
  const db = drizzlePglite({ client, schema });
  // One connection cannot deadlock with itself, but a transaction may still be aborted for a retry
  // (a serialisation failure): handled the same on both databases.
  retryTransactions(db, processLog);
  await migrateGuarded(db, () => migratePglite(db, { migrationsFolder }), log);
  return { db, kind: "embedded", close: () => client.close(), dumpDataDir: () => client.dumpDataDir("none") };
}

/**
 * The PGlite data directory `dataDir` dumped as dumpDataDir does, opened without migrating (a
 * backup changes nothing). The caller holds the data-dir lock.
 */
export async function dumpEmbeddedDataDir(dataDir: string): Promise<Blob> {
  const client = await startPglite({ dataDir });
  try {
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

/** Writes a dumped PGlite data directory into `dataDir` (absent or empty): a restore. */
export async function loadEmbeddedDataDir(dataDir: string, dump: Blob): Promise<void> {
  const client = await startPglite({ dataDir, loadDataDir: dump });
  await client.close();
}

async function unlockAndRelease(client: pg.PoolClient): Promise<void> {
  await client.query("select pg_advisory_unlock(7302001)").catch(() => undefined);
  client.release();
}

export interface ServerDatabaseOptions {
  /** Connections in the pool. */
  poolSize?: number;
  /**
   * How long one statement may wait for a lock another transaction holds (PostgreSQL's
   * lock_timeout) before it gives up: its transaction rolls back and the request answers 503
   * with Retry-After (lib/unavailable.ts), rather than waiting on without end.
   */
  lockWaitSeconds?: number;
  log?: MigrationLog;
}

// No JIT compilation: the portal's statements read a page of rows each, and the planner's cost
// estimate for a search (words it has no statistics for) crossed JIT's threshold, so a statement
// of 0.04 ms spent 30-40 ms compiling. No parallel workers either, for the same reason: the desk
// search's window of days (a handful of keys the statistics cannot size) was planned for a
// hundred thousand rows, and starting two workers for an empty window cost 6 ms of a 0.1 ms
// read; and requests run side by side, so a worker only takes a core from another request. Set
// on each new connection before the pool hands it out, not as a startup option, which a
// connection pooler may refuse.
const PLANNER_SETTINGS = "set jit = off; set max_parallel_workers_per_gather = 0";

export async function openServerDatabase(
  connectionString: string,
  { poolSize = 10, lockWaitSeconds = 10, log }: ServerDatabaseOptions = {},
): Promise<Database> {
  // Migrating may wait as long as it must (for another process's migration, for a table's lock):
  // it runs on connections of its own, without the requests' limit on lock waits.
  await migrateServerDatabase(connectionString, log);
  const lockTimeoutMs = Math.round(lockWaitSeconds * 1000);
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    onConnect: async (client) => {
      await client.query(`${PLANNER_SETTINGS}; set lock_timeout = ${lockTimeoutMs}`);
    },
  });
  // A connection can die (a server restart, a failover, a network cut), idle or in use. The pool
  // listens only to its idle connections; a connection handed out (inside a transaction, between
  // two statements) emits its error with no listener, which would end the process. So each
  // connection gets a listener of its own for life: its statement in hand fails (the request
  // answers 503, lib/unavailable.ts) and the pool drops it when it is given back, as it does an
  // idle one, and opens a new one when needed.
  pool.on("connect", (client) => {
    client.on("error", (error) =>
      processLog.warn({ code: sqlStateOf(error) ?? "CONNECTION_LOST" }, "PostgreSQL connection lost"),
    );
  });
  // The pool's own event for an idle connection's error: said above already.
  pool.on("error", () => undefined);
  const db = drizzleNodePostgres({ client: pool, schema });
  retryTransactions(db, processLog);
  return { db, kind: "server", close: () => pool.end() };
}

async function migrateServerDatabase(connectionString: string, log: MigrationLog | undefined) {
  // Two connections: one holds the advisory lock, the migration runs on the other.
  const pool = new pg.Pool({
    connectionString,
    max: 2,
    onConnect: async (client) => {
      await client.query(PLANNER_SETTINGS);
    },
  });
  pool.on("error", () => undefined);
  try {
    const db = drizzleNodePostgres({ client: pool, schema });
    // Several app processes may start at once: one migrates, the others wait for it.
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(7302001)");
      await migrateGuarded(db, () => migrateNodePostgres(db, { migrationsFolder }), log);
    } finally {
      await unlockAndRelease(lockClient);
    }
  } finally {
    await pool.end();
  }
}
