import { createHash } from "node:crypto";
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
// text with the line each record starts on. Nothing here knows what a value means (row-schemas.ts).

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
  records: CsvRecord[];
  /** False when the file could not be read as a whole (no header, bad CSV, not UTF-8). */
  readable: boolean;
}

export interface RegisterFolder {
  files: RegisterFile[];
  problems: Problem[];
}

/** The folder is not there or not a folder: a usage error, not a problem in the files. */
export class RegisterFolderError extends Error {
  override name = "RegisterFolderError";
}

export async function readRegisterFolder(folder: string): Promise<RegisterFolder> {
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new RegisterFolderError(`${folder} is not a folder.`);
  const problems: Problem[] = [];
  const present = new Map<RegisterKind, string>();
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    // Hidden files (.DS_Store and the like) are the file system's, not the operator's.
    if (entry.name.startsWith(".")) continue;
    const kind = entry.isFile() ? kindOfFile(entry.name) : undefined;
    if (kind) present.set(kind, path.join(folder, entry.name));
    else problems.push({ file: entry.name, message: unknownFileMessage(entry.name) });
  }
  const files: RegisterFile[] = [];
  for (const kind of REGISTER_KINDS) {
    const filePath = present.get(kind);
    if (filePath) files.push(readRegisterFile(kind, await fs.readFile(filePath), problems));
  }
  if (files.length === 0 && problems.length === 0) {
    problems.push({
      file: path.basename(folder),
      message: `The folder holds none of the register files (${REGISTER_KINDS.map((kind) => REGISTER_FILES[kind].fileName).join(", ")}).`,
    });
  }
  return { files, problems };
}

function unknownFileMessage(name: string): string {
  const known = REGISTER_KINDS.map((kind) => REGISTER_FILES[kind].fileName);
  const near = known.find((fileName) => fileName === name.toLowerCase().trim());
  return near
    ? `Not a register file; file names are lower-case: ${near}.`
    : `Not a register file (expected: ${known.join(", ")}).`;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/** One file's records; problems of the file as a whole are added to `problems`. */
export function readRegisterFile(kind: RegisterKind, bytes: Buffer, problems: Problem[]): RegisterFile {
  const { fileName } = REGISTER_FILES[kind];
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const unreadable = (problem: Omit<Problem, "file">): RegisterFile => {
    problems.push({ file: fileName, ...problem });
    return { kind, fileName, sha256, records: [], readable: false };
  };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return unreadable({ line: firstBadLine(bytes), message: "Not UTF-8 text; save the file as UTF-8." });
  }
  let parsed: ParsedRecord[];
  try {
    // With `info`, each record comes with the parser's position; the typings do not say so.
    parsed = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === "number" ? error.lines : undefined;
    return unreadable({ line, message: csvErrorMessage(error) });
  }
  const [header, ...rows] = parsed;
  if (!header) return unreadable({ message: "The file is empty; it needs at least its header row." });
  const names = header.record.map((name) => name.trim());
  const headerProblems = checkHeader(kind, names);
  if (headerProblems.length > 0) {
    for (const problem of headerProblems) problems.push({ file: fileName, line: 1, ...problem });
    return { kind, fileName, sha256, records: [], readable: false };
  }
  const records: CsvRecord[] = [];
  for (const { record, info } of rows) {
    // A record ends on info.lines; a quoted value with line breaks in it started that many lines earlier.
    const line = info.lines - record.reduce((breaks, value) => breaks + countLineBreaks(value), 0);
    if (record.every((value) => value.trim() === "")) continue;
    if (record.length !== names.length) {
      problems.push({
        file: fileName,
        line,
        message: `Expected ${names.length} values (as many as the header names), found ${record.length}.`,
      });
      continue;
    }
    const values: Record<string, string> = {};
    for (const column of columnsOf(kind)) values[column] = "";
    names.forEach((name, index) => {
      values[name] = record[index] ?? "";
    });
    records.push({ line, values });
  }
  return { kind, fileName, sha256, records, readable: true };
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
