import fs from "node:fs";

// The little of tar (POSIX ustar, with pax records for long paths and large sizes) that a backup
// archive needs: regular files, written and read as streams, never a whole archive in memory.
// Reading is strict: links, devices and paths that could leave the target are refused by the
// caller (backup-archive.ts), and an archive without its end blocks is a truncated one.

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;
const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

/** A regular file to write: its bytes in memory, or a file read as it is written. */
export type TarSource = { bytes: Uint8Array } | { file: string; size: number };

export interface TarFile {
  path: string;
  /** Permission bits; the archive's files are the portal user's alone (0600). */
  mode?: number;
  mtime?: Date;
  source: TarSource;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  // "<length> key=value\n", where the length counts its own digits too.
  const base = Buffer.byteLength(body);
  let length = base + 1;
  while (base + String(length).length !== length) length = base + String(length).length;
  return Buffer.from(`${length}${body}`, "utf8");
}

function header(name: string, size: number, mode: number, mtime: Date, type: string): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(mode & 0o7777, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(Math.min(size, MAX_OCTAL_SIZE), 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\u000000", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

function sizeOf(source: TarSource): number {
  return "bytes" in source ? source.bytes.byteLength : source.size;
}

/** The blocks of one file: a pax header when the path or size does not fit ustar, then the file. */
export async function* tarFileBlocks(entry: TarFile): AsyncGenerator<Buffer> {
  const size = sizeOf(entry.source);
  const mtime = entry.mtime ?? new Date();
  const mode = entry.mode ?? 0o600;
  const records: Buffer[] = [];
  const fits = Buffer.byteLength(entry.path) <= 100 && /^[\x20-\x7e]*$/.test(entry.path);
  if (!fits) records.push(paxRecord("path", entry.path));
  if (size > MAX_OCTAL_SIZE) records.push(paxRecord("size", String(size)));
  if (records.length > 0) {
    const pax = Buffer.concat(records);
    yield header("PaxHeader", pax.length, 0o600, mtime, "x");
    yield pax;
    yield padding(pax.length);
  }
  const shortName = fits ? entry.path : entry.path.replace(/[^\x20-\x7e]/g, "_").slice(-100);
  yield header(shortName, size, mode, mtime, "0");
  if ("bytes" in entry.source) {
    yield Buffer.from(
      entry.source.bytes.buffer,
      entry.source.bytes.byteOffset,
      entry.source.bytes.byteLength,
    );
  } else if (size > 0) {
    // Exactly the size stated in the header, whatever happens to the file meanwhile.
    let written = 0;
    for await (const chunk of fs.createReadStream(entry.source.file, { start: 0, end: size - 1 })) {
      written += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (written !== size) throw new Error(`${entry.source.file} shrank while it was archived`);
  }
  yield padding(size);
}

/** The two zero blocks that end an archive. */
export function tarEnd(): Buffer {
  return END_OF_ARCHIVE;
}

/** Why an archive cannot be read, worded for the operator. */
export class TarFormatError extends Error {
  override name = "TarFormatError";
}

export interface TarEntry {
  path: string;
  size: number;
  mode: number;
  /** "file" for a regular file, "directory", or the raw type flag of anything else. */
  type: string;
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  private pending: Buffer[] = [];
  private buffered = 0;
  constructor(private readonly chunks: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<boolean> {
    while (this.buffered < wanted) {
      const next = await this.chunks.next();
      if (next.done) return false;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.pending.push(chunk);
      this.buffered += chunk.length;
    }
    return true;
  }

  /** Exactly `size` bytes, or null when the stream ends first. */
  async read(size: number): Promise<Buffer | null> {
    if (!(await this.fill(size))) return null;
    const all = Buffer.concat(this.pending);
    this.pending = [all.subarray(size)];
    this.buffered = all.length - size;
    return all.subarray(0, size);
  }

  /** `size` bytes in pieces as they come. */
  async *stream(size: number): AsyncGenerator<Buffer> {
    let left = size;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.fill(1)))
        throw new TarFormatError("The archive ends inside a file.");
      const chunk = this.pending.shift() ?? Buffer.alloc(0);
      this.buffered -= chunk.length;
      if (chunk.length > left) {
        this.pending.unshift(chunk.subarray(left));
        this.buffered += chunk.length - left;
        yield chunk.subarray(0, left);
        left = 0;
      } else {
        left -= chunk.length;
        if (chunk.length > 0) yield chunk;
      }
    }
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octalField(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError("The archive has a damaged header.");
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function checksumMatches(block: Buffer): boolean {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (block[index] ?? 0);
  return sum === octalField(block, 148, 8);
}

function parsePax(records: Buffer): Map<string, string> {
  const values = new Map<string, string>();
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = Number.parseInt(records.subarray(offset, space).toString("ascii"), 10);
    if (space === -1 || !Number.isInteger(length) || length <= 0) {
      throw new TarFormatError("The archive has a damaged pax header.");
    }
    const record = records.subarray(space + 1, offset + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) values.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return values;
}

async function* counted(chunks: AsyncGenerator<Buffer>, unread: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    unread.bytes -= chunk.length;
    yield chunk;
  }
}

/**
 * Calls `onEntry` for each entry of the archive in order, with its contents as a stream that the
 * callback may read to the end, in part or not at all (what is left is skipped). Throws TarFormatError
 * on a damaged or truncated archive.
 */
export async function readTar(
  chunks: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry, contents: AsyncGenerator<Buffer>) => Promise<void>,
): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  const reader = new ChunkReader(iterator);
  let pax = new Map<string, string>();
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block) throw new TarFormatError("The archive is truncated: it has no end.");
    if (block.every((byte) => byte === 0)) {
      // Read to the very end, so a compressed stream checks its trailer too.
      while (!(await iterator.next()).done) {
        // Padding after the end blocks.
      }
      return;
    }
    if (!checksumMatches(block)) throw new TarFormatError("The archive has a damaged header.");
    const type = field(block, 156, 1) || "0";
    const prefix = field(block, 345, 155);
    const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    const paxSize = pax.get("size");
    const size = paxSize === undefined ? octalField(block, 124, 12) : Number.parseInt(paxSize, 10);
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === "x" || type === "g") {
      const records = await reader.read(padded);
      if (!records) throw new TarFormatError("The archive ends inside a header.");
      if (type === "x") pax = parsePax(records.subarray(0, size));
      continue;
    }
    const entry: TarEntry = {
      path: pax.get("path") ?? name,
      size,
      mode: octalField(block, 100, 8),
      type: type === "0" ? "file" : type === "5" ? "directory" : type,
    };
    pax = new Map();
    const unread = { bytes: entry.type === "file" ? size : 0 };
    await onEntry(entry, counted(reader.stream(unread.bytes), unread));
    // Whatever the callback left unread is skipped.
    for await (const _skipped of reader.stream(unread.bytes)) {
      // Skipped.
    }
    if (entry.type === "file") {
      if (!(await reader.read(padded - size)) && padded > size) {
        throw new TarFormatError("The archive ends inside a file.");
      }
    } else if (padded > 0 && !(await reader.read(padded))) {
      throw new TarFormatError("The archive ends inside an entry.");
    }
  }
}
