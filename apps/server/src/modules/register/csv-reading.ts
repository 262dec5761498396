import { createHash } from "node:crypto";
import { constants as fsConstants, type Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { CsvError, parse } from "csv-parse/sync";
import type { Problem } from "./problems.js";
import {
  columnsOf,
  kindOfFile,
  REGISTER_FILES,
  REGISTER_KINDS,
  type RegisterKind,
} from "./register-files.js";

// Reading the folder: which files are there, their checksums, and each file's records as column →
// text with the line each record starts on, handed on one at a time (a register of 250 000 people is
// never held twice over). Nothing here knows what a value means (row-schemas.ts).

export interface CsvRecord {
  /** The line the record starts on (1 is the header). */
  line: number;
  /** Every column of the kind; a column the header leaves out reads as "". */
  values: Record<string, string>;
}

export interface RegisterFile {
  kind: RegisterKind;
  fileName: string;
  /** SHA-256 of the file's bytes, hex: what the record of the run keeps. */
  sha256: string;
  /** The records handed on. */
  records: number;
  /** False when the file could not be read as a whole (no header, bad CSV, not UTF-8). */
  readable: boolean;
}

/** The folder is not there or not a folder: a usage error, not a problem in the files. */
export class RegisterFolderError extends Error {
  override name = "RegisterFolderError";
}

/** The register files in the folder, in the order of REGISTER_KINDS; problems with its other entries. */
export async function listRegisterFiles(folder: string) {
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new RegisterFolderError(`${folder} is not a folder.`);
  const problems: Problem[] = [];
  const present = new Map<RegisterKind, string>();
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    // Hidden files (.DS_Store and the like) are the file system's, not the operator's.
    if (entry.name.startsWith(".")) continue;
    const kind = kindOfFile(entry.name);
    // The entry as it is, not what a symbolic link points to: readdir does not follow links.
    const notFile = kind ? notAFile(entry) : undefined;
    if (kind && !notFile) present.set(kind, path.join(folder, entry.name));
    else problems.push({ file: entry.name, message: notFile ?? unknownFileMessage(entry.name) });
  }
  const files = REGISTER_KINDS.flatMap((kind) => {
    const filePath = present.get(kind);
    return filePath ? [{ kind, filePath }] : [];
  });
  if (files.length === 0 && problems.length === 0) {
    problems.push({
      file: path.basename(folder),
      message: `The folder holds none of the register files (${REGISTER_KINDS.map((kind) => REGISTER_FILES[kind].fileName).join(", ")}).`,
    });
  }
  return { files, problems };
}

const SYMBOLIC_LINK = "A symbolic link; links are not followed: put the file itself in the folder.";

/** What the entry is when it is not a regular file; undefined when it is one. */
function notAFile(
  entry: Pick<Stats, "isFile" | "isDirectory" | "isSymbolicLink" | "isFIFO">,
): string | undefined {
  if (entry.isFile()) return undefined;
  if (entry.isDirectory()) return "A folder, not a file.";
  if (entry.isSymbolicLink()) return SYMBOLIC_LINK;
  if (entry.isFIFO()) return "A named pipe, not a file.";
  return "Not a file (a socket or a device).";
}

/**
 * Never through a symbolic link, and never waiting for a named pipe's writer (O_NONBLOCK changes
 * nothing for a regular file). Where the system has neither flag, the listing's check stands alone.
 */
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

/**
 * A listed file's bytes, or what it is instead of a file: the name may have been replaced (by a
 * link, a pipe, a folder) since the folder was listed, so the file is checked again once open.
 */
export async function readRegisterBytes(filePath: string): Promise<{ bytes: Buffer } | { problem: string }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(filePath, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // O_NOFOLLOW refuses a link with ELOOP (EMLINK on FreeBSD); a socket cannot be opened (ENXIO).
    if (code === "ELOOP" || code === "EMLINK") return { problem: SYMBOLIC_LINK };
    if (code === "ENXIO") return { problem: "Not a file (a socket or a device)." };
    throw error;
  }
  try {
    const problem = notAFile(await handle.stat());
    return problem ? { problem } : { bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

function unknownFileMessage(name: string): string {
  const known = REGISTER_KINDS.map((kind) => REGISTER_FILES[kind].fileName);
  const near = known.find((fileName) => fileName === name.toLowerCase().trim());
  return near
    ? `Not a register file; file names are lower-case: ${near}.`
    : `Not a register file (expected: ${known.join(", ")}).`;
}

/**
 * Hands each record of one file to `onRecord`, in file order; problems of the file as a whole (and
 * of a record's shape) are added to `problems`.
 */
export function readRegisterFile(
  kind: RegisterKind,
  bytes: Buffer,
  problems: Problem[],
  onRecord: (record: CsvRecord) => void,
  /** Told how far into the file the reading is, in bytes: the progress bar. */
  onBytes: (bytesRead: number) => void = () => undefined,
): RegisterFile {
  const { fileName } = REGISTER_FILES[kind];
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const file: RegisterFile = { kind, fileName, sha256, records: 0, readable: true };
  const unreadable = (problem: Omit<Problem, "file">): RegisterFile => {
    problems.push({ file: fileName, ...problem });
    return { ...file, readable: false };
  };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return unreadable({ line: firstBadLine(bytes), message: "Not UTF-8 text; save the file as UTF-8." });
  }
  let names: string[] | undefined;
  // One kind of line break, so lines count the same in files from any system (csv-parse counts a
  // CRLF inside a quoted value as two lines); a line break inside a value becomes "\n".
  const csvText = text.replace(/\r\n?/g, "\n");
  /** The line the last record read ends on (the header's is 1). */
  let lastRecordEnd = 0;
  try {
    parse(csvText, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Each record is dealt with here and dropped (null): the parser keeps none of them.
      on_record: (record: string[], info) => {
        lastRecordEnd = info.lines;
        // A record ends on info.lines; a quoted value with line breaks in it started that many lines earlier.
        const line = info.lines - record.reduce((breaks, value) => breaks + countLineBreaks(value), 0);
        if (names === undefined) {
          names = record.map((name) => name.trim());
          const headerProblems = checkHeader(kind, names);
          for (const problem of headerProblems) problems.push({ file: fileName, line: 1, ...problem });
          if (headerProblems.length > 0) file.readable = false;
          return null;
        }
        if (!file.readable || record.every((value) => value.trim() === "")) return null;
        if (record.length !== names.length) {
          problems.push({
            file: fileName,
            line,
            message: `Expected ${names.length} values (as many as the header names), found ${record.length}.`,
          });
          return null;
        }
        const values: Record<string, string> = {};
        for (const column of columnsOf(kind)) values[column] = "";
        names.forEach((name, index) => {
          values[name] = record[index] ?? "";
        });
        file.records += 1;
        onRecord({ line, values });
        onBytes(info.bytes);
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // csv-parse tells where it gave up: for a quote never closed, the end of the file.
    const givenUpOn = typeof error.lines === "number" ? error.lines : undefined;
    const line =
      error.code === "CSV_QUOTE_NOT_CLOSED"
        ? (unclosedQuoteLine(csvText, lastRecordEnd) ?? givenUpOn)
        : givenUpOn;
    return unreadable({ line, message: csvErrorMessage(error) });
  }
  if (names === undefined)
    return unreadable({ message: "The file is empty; it needs at least its header row." });
  return file;
}

function checkHeader(kind: RegisterKind, names: readonly string[]): Omit<Problem, "file" | "line">[] {
  const known = columnsOf(kind);
  const problems: Omit<Problem, "file" | "line">[] = [];
  names.forEach((name, index) => {
    if (!known.includes(name))
      problems.push({ column: name || `(column ${index + 1})`, message: "Unknown column." });
    else if (names.indexOf(name) !== index) problems.push({ column: name, message: "Column named twice." });
  });
  for (const required of REGISTER_FILES[kind].required) {
    if (!names.includes(required)) problems.push({ column: required, message: "Required column missing." });
  }
  return problems;
}

function countLineBreaks(value: string): number {
  let count = 0;
  for (const character of value) if (character === "\n") count += 1;
  return count;
}

/**
 * The line the quote that is never closed opens on, looked for after the last record read (every
 * record before it was read, so the quoting up to there is sound).
 */
function unclosedQuoteLine(text: string, lastRecordEnd: number): number | undefined {
  let index = 0;
  let line = 1;
  while (line <= lastRecordEnd) {
    const next = text.indexOf("\n", index);
    if (next === -1) return undefined;
    index = next + 1;
    line += 1;
  }
  if (index === 0 && text.startsWith("\uFEFF")) index = 1;
  let fieldStart = true;
  let openedOn: number | undefined;
  for (; index < text.length; index += 1) {
    const character = text[index];
    if (character === "\n") line += 1;
    if (openedOn !== undefined) {
      // Inside quotes: a doubled quote is a quote in the value, a single one closes it.
      if (character === '"') {
        if (text[index + 1] === '"') index += 1;
        else openedOn = undefined;
      }
    } else if (character === '"' && fieldStart) {
      openedOn = line;
      fieldStart = false;
    } else fieldStart = character === "," || character === "\n";
  }
  return openedOn;
}

/** The line of the first byte that is not UTF-8. */
function firstBadLine(bytes: Buffer): number {
  const text = new TextDecoder("utf-8").decode(bytes);
  const bad = text.indexOf("\uFFFD");
  return countLineBreaks(text.slice(0, Math.max(bad, 0))) + 1;
}

/** csv-parse's own messages quote the text around the fault; these say what is wrong without it. */
function csvErrorMessage(error: CsvError): string {
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return "A quoted value is opened and never closed.";
    case "CSV_INVALID_CLOSING_QUOTE":
      return 'A quote inside a value: write it twice ("") and quote the whole value.';
    case "INVALID_OPENING_QUOTE":
      return 'A quote in the middle of a value: quote the whole value and write the quote twice ("").';
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return "Text after a closing quote; quote the whole value.";
    default:
      return `Not readable as CSV (${error.code}).`;
  }
}
