import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { OWNER_ONLY_DIRECTORY, OWNER_ONLY_FILE } from "../../config/owner-only-files.js";
import { assertSafeKey } from "../storage/index.js";
import { readTar, TarFormatError, tarEnd, tarFileBlocks } from "./tar.js";

// The backup of an embedded data directory: one gzip-compressed tar holding
//   portal-backup.json    what the archive is (format, version, when, what it holds)
//   pglite-data-dir.tar   the PGlite data directory, dumped by the process that has it open
//   session-secret        DATA_DIR's session secret, when there is one: a SECRET, as is the rest
//   blobs/<key>           every committed attachment (DATA_DIR/blobs), copied AFTER the dump
// The order is what makes it consistent: a submission commits its blobs before the rows that name
// them, so every row in the dump has its file among the blobs copied after it. A blob committed
// after the dump is an extra file no row names (one recorded in flight is swept after a restore,
// like any a crash leaves). docs/decisions/0019.

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
  async function* blocks(): AsyncGenerator<Buffer> {
    yield* tarFileBlocks({
      path: MANIFEST,
      mtime,
      source: { bytes: Buffer.from(`${JSON.stringify(manifest)}\n`) },
    });
    // First the database, then the files its rows name.
    const dump = new Uint8Array(await (await sources.dumpDatabase()).arrayBuffer());
    summary.databaseBytes = dump.byteLength;
    yield* tarFileBlocks({ path: DATABASE, mtime, source: { bytes: dump } });
    if (secret) yield* tarFileBlocks({ path: SESSION_SECRET, mtime, source: { bytes: secret } });
    if (sources.blobDir) {
      for await (const blob of committedBlobs(sources.blobDir)) {
        // Committed blobs never change; one deleted meanwhile (a discarded upload) is left out.
        const stats = await fsp.stat(blob.file).catch(() => null);
        if (!stats) continue;
        yield* tarFileBlocks({
          path: `${BLOBS}${blob.key}`,
          mtime: stats.mtime,
          source: { file: blob.file, size: stats.size },
        });
        summary.blobs += 1;
        summary.blobBytes += stats.size;
      }
    }
    yield tarEnd();
  }
  await pipeline(Readable.from(blocks()), createGzip(), output);
  return summary;
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
  const gunzip = createGunzip();
  const unpacked = input.pipe(gunzip);
  input.once("error", (error) => gunzip.destroy(error));
  try {
    await readTar(unpacked, async (entry, contents) => {
      if (entry.type !== "file")
        throw new BackupArchiveError(`The archive holds ${JSON.stringify(entry.path)}, which is not a file.`);
      if (!manifest) {
        if (entry.path !== MANIFEST) throw new BackupArchiveError("This is not a member portal backup.");
        manifest = parseManifest(await collect(contents));
      } else if (entry.path === DATABASE && !dump) {
        dump = await collect(contents);
      } else if (entry.path === SESSION_SECRET && !summary.sessionSecret) {
        await writeNewFile(path.join(dataDir, SESSION_SECRET), contents);
        summary.sessionSecret = true;
      } else if (entry.path.startsWith(BLOBS) && dump) {
        const key = entry.path.slice(BLOBS.length);
        if (!isSafeKey(key))
          throw new BackupArchiveError(`The archive holds a blob named ${JSON.stringify(key)}: refused.`);
        await writeNewFile(path.join(dataDir, "blobs", ...key.split("/")), contents);
        summary.blobs += 1;
        summary.blobBytes += entry.size;
      } else {
        throw new BackupArchiveError(
          `The archive holds ${JSON.stringify(entry.path)}, which a backup does not.`,
        );
      }
    });
  } catch (error) {
    if (error instanceof TarFormatError) throw new BackupArchiveError(error.message);
    if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) {
      throw new BackupArchiveError(
        "The archive is damaged or truncated (its compression does not check out).",
      );
    }
    throw error;
  }
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
