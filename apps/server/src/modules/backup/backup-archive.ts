import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { type Pack, extract as tarExtract, pack as tarPack } from "tar-stream";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "../../config/owner-only-files.js";
import { assertSafeKey } from "../storage/index.js";

// The backup of an embedded data directory: one gzip-compressed tar holding
//   portal-backup.json    what the archive is (format, version, when, what it holds)
//   pglite-data-dir.tar   the PGlite data directory, dumped by the process that has it open
//   session-secret        DATA_DIR's session secret, when there is one: a SECRET, as is the rest
//   blobs/<key>           every committed attachment (DATA_DIR/blobs), copied AFTER the dump
// The order is what makes it consistent: a submission commits its blobs before the rows that name
// them, so every row in the dump has its file among the blobs copied after it. A blob committed
// after the dump is an extra file no row names (one recorded in flight is swept after a restore,
// like any a crash leaves). docs/decisions/0019.
// The tar is written and read by tar-stream (docs/decisions/0036): POSIX ustar, a pax header for a
// path longer than ustar holds, files 0600 with their mtimes, read as streams. Archives of the
// portal's own earlier tar writer are the same format and restore as they did.

export const BACKUP_FORMAT = "member-portal-backup";
export const BACKUP_VERSION = 1;
const MANIFEST = "portal-backup.json";
const DATABASE = "pglite-data-dir.tar";
const SESSION_SECRET = "session-secret";
const BLOBS = "blobs/";

export interface BackupSources {
  /** The PGlite data directory as one tar (Database.dumpDataDir). */
  dumpDatabase(): Promise<Blob>;
  /** DATA_DIR/blobs; null when attachments live in a bucket (BLOB_STORE=s3), backed up apart. */
  blobDir: string | null;
  /** DATA_DIR/session-secret; left out when it does not exist (SESSION_SECRET is set). */
  sessionSecretFile: string;
  now: Date;
}

export interface BackupSummary {
  createdAt: string;
  databaseBytes: number;
  blobs: number;
  blobBytes: number;
  sessionSecret: boolean;
  /** "archive": in this archive; "bucket": in the S3 bucket, to be copied with its own tools. */
  attachments: "archive" | "bucket";
}

interface Manifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  attachments: "archive" | "bucket";
  sessionSecret: boolean;
}

/** Why an archive cannot be restored, worded for the operator. */
export class BackupArchiveError extends Error {
  override name = "BackupArchiveError";
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fsp.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Every committed blob under `root` (uploads in progress in .pending left out), by key. */
async function* committedBlobs(root: string, prefix = ""): AsyncGenerator<{ key: string; file: string }> {
  const entries = await fsp.readdir(path.join(root, prefix), { withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (prefix === "" && entry.name === ".pending") continue;
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* committedBlobs(root, key);
    else if (entry.isFile() && isSafeKey(key)) yield { key, file: path.join(root, ...key.split("/")) };
  }
}

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the archive to `output` (gzip-compressed): the database is dumped first, the blobs are
 * copied after it. Resolves with what it holds once the last byte was handed to `output`.
 */
export async function writeBackupArchive(sources: BackupSources, output: Writable): Promise<BackupSummary> {
  const secret = await readIfExists(sources.sessionSecretFile);
  const summary: BackupSummary = {
    createdAt: sources.now.toISOString(),
    databaseBytes: 0,
    blobs: 0,
    blobBytes: 0,
    sessionSecret: secret !== null,
    attachments: sources.blobDir === null ? "bucket" : "archive",
  };
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: summary.createdAt,
    attachments: summary.attachments,
    sessionSecret: summary.sessionSecret,
  };
  const mtime = sources.now;
  const pack = tarPack();
  const writing = pipeline(pack, createGzip(), output);
  const adding = (async () => {
    const described = Buffer.from(`${JSON.stringify(manifest)}\n`);
    await addEntry(pack, { name: MANIFEST, mtime, size: described.byteLength }, [described]);
    // First the database, then the files its rows name.
    const dump = await sources.dumpDatabase();
    summary.databaseBytes = dump.size;
    await addEntry(pack, { name: DATABASE, mtime, size: dump.size }, dump.stream());
    if (secret) await addEntry(pack, { name: SESSION_SECRET, mtime, size: secret.byteLength }, [secret]);
    if (sources.blobDir) {
      for await (const blob of committedBlobs(sources.blobDir)) {
        // Committed blobs never change; one deleted meanwhile (a discarded upload) is left out.
        const stats = await fsp.stat(blob.file).catch(() => null);
        if (!stats) continue;
        // Exactly the size stated in the header, whatever happens to the file meanwhile.
        const contents =
          stats.size === 0 ? [] : fs.createReadStream(blob.file, { start: 0, end: stats.size - 1 });
        const entry = { name: `${BLOBS}${blob.key}`, mtime: stats.mtime, size: stats.size };
        await addEntry(pack, entry, contents, blob.file);
        summary.blobs += 1;
        summary.blobBytes += stats.size;
      }
    }
    pack.finalize();
  })().catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  await Promise.all([writing, adding]);
  return summary;
}

/**
 * Adds one regular file (0600) of `size` bytes to the archive and resolves once it is in: its
 * contents are handed on as they are read, at the pace the archive is written, never a whole
 * file in memory. Contents of another size than the header states are refused.
 */
function addEntry(
  pack: Pack,
  entry: { name: string; mtime: Date; size: number },
  contents: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  what = entry.name,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ ...entry, mode: OWNER_ONLY_FILE, type: "file" }, (error) =>
      error ? reject(error) : resolve(),
    );
    void (async () => {
      let written = 0;
      try {
        for await (const chunk of contents) {
          if (written + chunk.byteLength > entry.size) break;
          written += chunk.byteLength;
          if (!sink.write(chunk)) {
            await new Promise((next) => {
              sink.once("drain", () => next(null));
              sink.once("close", () => next(null));
            });
            if (sink.destroyed) return;
          }
        }
        if (written !== entry.size) throw new Error(`${what} changed its size while it was archived`);
        sink.end(null);
      } catch (error) {
        sink.destroy(error as Error);
      }
    })();
  });
}

export interface RestoreSummary {
  createdAt: string;
  databaseBytes: number;
  blobs: number;
  blobBytes: number;
  sessionSecret: boolean;
  attachments: "archive" | "bucket";
}

async function collect(contents: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of contents) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new BackupArchiveError(`The archive's ${MANIFEST} is not JSON.`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupArchiveError("This is not a member portal backup.");
  if (typeof manifest.version !== "number" || manifest.version > BACKUP_VERSION) {
    throw new BackupArchiveError(
      `The backup is of format version ${manifest.version}; this portal reads version ${BACKUP_VERSION} and older. Restore it with the release that made it.`,
    );
  }
  return manifest as Manifest;
}

async function writeNewFile(target: string, contents: AsyncIterable<Buffer>): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  await pipeline(
    Readable.from(contents),
    fs.createWriteStream(target, { flags: "wx", mode: OWNER_ONLY_FILE }),
  );
}

/**
 * Unpacks an archive of writeBackupArchive into `dataDir`, which the caller has checked is empty
 * and holds locked: blobs and the session secret as files (0600), the database through
 * `loadDatabase` (PGlite's loadDataDir) into dataDir/pglite once the whole archive was read. Any
 * entry but those four kinds, any path that could leave dataDir, a damaged or truncated archive:
 * refused with BackupArchiveError.
 */
export async function restoreBackupArchive(
  input: Readable,
  dataDir: string,
  loadDatabase: (directory: string, dump: Blob) => Promise<void>,
): Promise<RestoreSummary> {
  let manifest: Manifest | null = null;
  let dump: Buffer | null = null;
  const summary = { blobs: 0, blobBytes: 0, sessionSecret: false };
  const onEntry = async (name: string, type: string, size: number, contents: AsyncIterable<Buffer>) => {
    if (type !== "file")
      throw new BackupArchiveError(`The archive holds ${JSON.stringify(name)}, which is not a file.`);
    if (!manifest) {
      if (name !== MANIFEST) throw new BackupArchiveError("This is not a member portal backup.");
      manifest = parseManifest(await collect(contents));
    } else if (name === DATABASE && !dump) {
      dump = await collect(contents);
    } else if (name === SESSION_SECRET && !summary.sessionSecret) {
      await writeNewFile(path.join(dataDir, SESSION_SECRET), contents);
      summary.sessionSecret = true;
    } else if (name.startsWith(BLOBS) && dump) {
      const key = name.slice(BLOBS.length);
      if (!isSafeKey(key))
        throw new BackupArchiveError(`The archive holds a blob named ${JSON.stringify(key)}: refused.`);
      await writeNewFile(path.join(dataDir, "blobs", ...key.split("/")), contents);
      summary.blobs += 1;
      summary.blobBytes += size;
    } else {
      throw new BackupArchiveError(`The archive holds ${JSON.stringify(name)}, which a backup does not.`);
    }
  };
  await readArchive(input, onEntry);
  const found = manifest as Manifest | null;
  const database = dump as Buffer | null;
  if (!found || !database) throw new BackupArchiveError("The archive holds no database.");
  await loadDatabase(path.join(dataDir, "pglite"), new Blob([database as Uint8Array<ArrayBuffer>]));
  return {
    createdAt: found.createdAt,
    databaseBytes: database.byteLength,
    blobs: summary.blobs,
    blobBytes: summary.blobBytes,
    sessionSecret: summary.sessionSecret,
    attachments: found.attachments,
  };
}

/**
 * Reads a gzip-compressed tar entry by entry, each entry's contents to the end before the next.
 * A damaged or truncated archive, or one without the two blocks that end a tar, is refused with
 * BackupArchiveError; an error of `onEntry` is passed on as it is.
 */
async function readArchive(
  input: Readable,
  onEntry: (name: string, type: string, size: number, contents: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  // tar-stream reads an archive that stops after a whole entry as complete; the bytes after the
  // last entry tell whether the end blocks are there.
  let unpackedBytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      unpackedBytes += chunk.length;
      done(null, chunk);
    },
  });
  const extract = tarExtract();
  let tarError: unknown = null;
  extract.on("error", (error) => {
    tarError ??= error;
  });
  // Its error is taken at once (and the loop below sees it too): never an unhandled rejection.
  const fed = pipeline(input, createGunzip(), counted, extract).then(
    () => null,
    (error: unknown) => error,
  );
  let lastEntryEnd = 0;
  try {
    for await (const entry of extract) {
      const { name, type, size } = entry.header;
      lastEntryEnd = entry.offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      // tar-stream hands a file's contents on as Buffers.
      await onEntry(name, type, size, entry as AsyncIterable<Buffer>);
      // Whatever onEntry left unread is skipped.
      entry.resume();
    }
    const failed = await fed;
    if (failed) throw failed;
  } catch (error) {
    // Whichever stream failed first, the others' errors (a premature close) say nothing more.
    await fed;
    throw asArchiveError(error, tarError);
  }
  if (unpackedBytes < lastEntryEnd + 2 * BLOCK) {
    throw new BackupArchiveError("The archive is truncated: it has no end.");
  }
}

const BLOCK = 512;

/** The operator's words for what went wrong reading the archive; anything else as it is. */
function asArchiveError(error: unknown, tarError: unknown): unknown {
  if (error instanceof BackupArchiveError) return error;
  if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) {
    return new BackupArchiveError(
      "The archive is damaged or truncated (its compression does not check out).",
    );
  }
  // tar-stream's own errors ("Invalid tar header", "Unexpected end of data") carry no code.
  if (error === tarError && error instanceof Error && !("code" in error)) {
    return new BackupArchiveError(`The archive is damaged or truncated: ${error.message}.`);
  }
  return error;
}
