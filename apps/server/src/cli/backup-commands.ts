import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { type Config, loadConfig } from "../config/env.js";
import { OWNER_ONLY_FILE, tightenToOwner } from "../config/owner-only-files.js";
import { DataDirLockedError, lockDataDir } from "../db/data-dir-lock.js";
import { dumpEmbeddedDataDir, loadEmbeddedDataDir } from "../db/database.js";
import {
  ADMIN_SOCKET,
  BackupArchiveError,
  type BackupSummary,
  backupEmbedded,
  requestBackup,
  restoreBackupArchive,
} from "../modules/backup/index.js";
import { CLI, CommandError, type CommandIo } from "./command-io.js";

// `backup --to FILE` and `restore --from FILE` for the embedded mode (docs/operations.md, "Backup
// and restore"; docs/decisions/0019). While a portal runs on DATA_DIR, the backup is taken by it,
// asked over DATA_DIR/admin.sock (PGlite is one process's alone); with none running, this command
// takes DATA_DIR's lock and dumps it itself. A server database is backed up with pg_dump instead.

export const BACKUP_USAGE = [`${CLI} backup --to FILE`, `${CLI} restore --from FILE`];

const SERVER_MODE =
  'With DATABASE_URL the database is a PostgreSQL server: back it up with pg_dump and copy the attachments after it, as docs/operations.md ("Backup and restore") says.';
const LOCK_FILE = "portal.lock";

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function embeddedConfig(io: CommandIo): Config {
  const config = loadConfig(io.env);
  if (config.DATABASE_URL) throw new CommandError(SERVER_MODE);
  return config;
}

/** With no portal answering on the socket: this process holds DATA_DIR and dumps it. */
async function backupWhileStopped(config: Config, output: Writable): Promise<BackupSummary> {
  const databaseDir = path.join(config.DATA_DIR, "pglite");
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new CommandError(
      `${config.DATA_DIR} holds no embedded database (no pglite/ in it): nothing to back up.`,
    );
  }
  const lock = await lockDataDir(config.DATA_DIR).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CommandError(
      `${error.message.replace(/ Stop that process first.*$/, "")} It does not answer backups on ${path.join(config.DATA_DIR, ADMIN_SOCKET)} (an older release, or still starting): try again in a moment, or stop it and run the backup then.`,
    );
  });
  try {
    return await backupEmbedded(config, () => dumpEmbeddedDataDir(databaseDir), output);
  } finally {
    lock.release();
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await fsp.open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function backup(args: string[], io: CommandIo): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: "string" } }, strict: true });
  if (!values.to) throw new CommandError("Missing --to.", true);
  const config = embeddedConfig(io);
  const target = path.resolve(values.to);
  if (fs.existsSync(target)) throw new CommandError(`${target} exists already: name a new file.`);
  // Written aside and put in place whole: a FILE that exists is a complete backup.
  const partial = `${target}.partial-${process.pid}`;
  const output = fs.createWriteStream(partial, { flags: "wx", mode: OWNER_ONLY_FILE });
  await new Promise<void>((resolve, reject) => {
    output.once("open", () => resolve());
    output.once("error", (error: NodeJS.ErrnoException) =>
      reject(new CommandError(`Cannot write ${partial} (${error.code ?? error.message}).`)),
    );
  });
  let summary: BackupSummary | null;
  let takenBy: string;
  try {
    summary = await requestBackup(config.DATA_DIR, output);
    takenBy = "by the running portal";
    if (!summary) {
      summary = await backupWhileStopped(config, output);
      takenBy = "with no portal running";
    }
    await syncFile(partial);
    fs.linkSync(partial, target);
  } catch (error) {
    output.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.rmSync(partial, { force: true });
  const attachments =
    summary.attachments === "archive"
      ? `${summary.blobs} attachment file${summary.blobs === 1 ? "" : "s"} (${megabytes(summary.blobBytes)})`
      : "no attachments: they are in the S3 bucket, which you copy with its own tools now, after this archive";
  io.stdout.write(
    [
      `Backup of ${path.resolve(config.DATA_DIR)} written to ${target}, taken ${takenBy} at ${summary.createdAt}:`,
      `  the database (${megabytes(summary.databaseBytes)} before compression), ${attachments}${summary.sessionSecret ? ", the session secret" : ""}.`,
      `  It holds every member's data${summary.sessionSecret ? " and the session secret" : ""}: keep it as you keep DATA_DIR (it is 0600, the portal's user's alone).`,
      "",
    ].join("\n"),
  );
}

/** Everything a failed restore left in DATA_DIR, the lock file aside. */
function emptyAgain(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (name !== LOCK_FILE) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

function refuseNonEmpty(dataDir: string, except: readonly string[] = []): void {
  const entries = fs.existsSync(dataDir)
    ? fs.readdirSync(dataDir).filter((name) => !except.includes(name))
    : [];
  if (entries.length > 0) {
    throw new CommandError(
      `${dataDir} is not empty: a backup is restored only into an empty or new DATA_DIR, so nothing in it is mixed up or overwritten. Move it aside, or set DATA_DIR to a new directory.`,
    );
  }
}

async function restore(args: string[], io: CommandIo): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: "string" } }, strict: true });
  if (!values.from) throw new CommandError("Missing --from.", true);
  const config = embeddedConfig(io);
  const source = path.resolve(values.from);
  if (!fs.existsSync(source)) throw new CommandError(`${source} does not exist.`);
  const dataDir = path.resolve(config.DATA_DIR);
  refuseNonEmpty(dataDir);
  const lock = await lockDataDir(dataDir);
  let summary: Awaited<ReturnType<typeof restoreBackupArchive>>;
  try {
    // Another restore or a portal could have come first.
    refuseNonEmpty(dataDir, [LOCK_FILE]);
    try {
      summary = await restoreBackupArchive(fs.createReadStream(source), dataDir, loadEmbeddedDataDir);
      // PGlite gives the files it writes 0666: owner-only, as everything in DATA_DIR.
      await tightenToOwner(dataDir);
    } catch (error) {
      emptyAgain(dataDir);
      if (error instanceof BackupArchiveError)
        throw new CommandError(`${source}: ${error.message} Nothing was restored.`);
      throw error;
    }
  } finally {
    lock.release();
  }
  const lines = [
    `Restored ${source} (taken ${summary.createdAt}) into ${dataDir}: the database, ${summary.blobs} attachment file${summary.blobs === 1 ? "" : "s"}${summary.sessionSecret ? ", the session secret" : ""}.`,
  ];
  if (summary.attachments === "bucket") {
    lines.push("  The attachments were in the S3 bucket: restore the bucket's copy too (BLOB_STORE=s3).");
  }
  if (!summary.sessionSecret) {
    lines.push(
      "  The backup holds no session secret (SESSION_SECRET was set, or no portal had started on that DATA_DIR): with SESSION_SECRET, start with the same one.",
    );
  }
  lines.push(
    `  Start the portal with DATA_DIR=${dataDir}; a newer release migrates the database at start.`,
    "",
  );
  io.stdout.write(lines.join("\n"));
}

export const BACKUP_COMMANDS: Record<string, (args: string[], io: CommandIo) => Promise<void>> = {
  backup,
  restore,
};
