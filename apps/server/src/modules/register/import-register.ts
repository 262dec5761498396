import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { applyPlan, recordImport, rowsToWrite } from "./apply-plan.js";
import { listRegisterFiles, readRegisterBytes, readRegisterFile } from "./csv-reading.js";
import { loadDatabaseState } from "./database-state.js";
import { checkAcrossRows } from "./file-checks.js";
import { COUNT_KINDS, type CountKind, type ImportPlan, type KindCounts, planImport } from "./import-plan.js";
import type { ImportScope } from "./import-scope.js";
import { type Problem, sortProblems } from "./problems.js";
import { type Progress, silentProgress } from "./progress.js";
import { checkAgainstDatabase } from "./reference-checks.js";
import { REGISTER_FILES, REGISTER_KINDS } from "./register-files.js";
import { COUNT_NAMES, type FileSummary, removalLines } from "./report.js";
import { RowChecker } from "./row-validation.js";

// `register:import`: read every file, check everything, compare with the database, then write it
// all in one transaction, or nothing. The run holds an advisory lock from the comparison to the
// commit, so two imports never interleave and what was compared is what is written.

export interface RegisterImportOptions {
  folder: string;
  /** Check and compare only: nothing is written, not even the record of the run. */
  dryRun: boolean;
  /** Remove what the files no longer list (import-scope.ts says exactly what). */
  removeMissing: boolean;
  /** Who runs it (the operating-system account): kept in register_imports. */
  ranBy: string;
  progress?: Progress;
  now?: () => Date;
}

interface Compared {
  files: FileSummary[];
  counts: Record<CountKind, KindCounts>;
  /** Each removed row by its keys. */
  removals: string[];
}

export type RegisterImportOutcome =
  | { kind: "problems"; files: FileSummary[]; problems: Problem[] }
  | ({ kind: "dry-run" } & Compared)
  | ({ kind: "imported"; recordId: number } & Compared);

/** Ends the transaction without writing, carrying the outcome out of it. */
class RollBack extends Error {
  constructor(readonly outcome: RegisterImportOutcome) {
    super("rolled back");
  }
}

/** Any fixed number will do, as long as nothing else takes this lock (migrations use 7302001). */
const IMPORT_LOCK = 7302002;

export async function importRegister(db: Db, options: RegisterImportOptions): Promise<RegisterImportOutcome> {
  const now = options.now ?? (() => new Date());
  const progress = options.progress ?? silentProgress;
  const startedAt = now();

  const { files, checked, problems } = await readAndCheck(options.folder, progress);
  const scope: ImportScope = { ...checked, removeMissing: options.removeMissing };
  const fileOrder = REGISTER_KINDS.map((kind) => REGISTER_FILES[kind].fileName);

  try {
    return await db.transaction(async (tx) => {
      // An import waits for the one before it, and for rows requests hold, as long as it must.
      await tx.execute(sql`set local lock_timeout = 0`);
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const comparing = progress.stage("Comparing with the database");
      const state = await loadDatabaseState(tx, scope);
      problems.push(...checkAgainstDatabase(scope, state));
      const plan = problems.length === 0 ? planImport(scope, state) : undefined;
      comparing.done();
      if (!plan) throw new RollBack({ kind: "problems", files, problems: sortProblems(problems, fileOrder) });
      const compared = { files, counts: plan.counts, removals: removalLines(plan) };
      if (options.dryRun) throw new RollBack({ kind: "dry-run", ...compared });

      const writing = progress.stage("Writing", rowsToWrite(plan));
      await applyPlan(tx, plan, writing.advance);
      const recordId = await recordImport(
        tx,
        {
          ranBy: options.ranBy,
          startedAt,
          fileChecksums: Object.fromEntries(files.map((file) => [file.fileName, file.sha256])),
          counts: recordedCounts(plan),
          removeMissing: options.removeMissing,
        },
        now(),
      );
      writing.done();
      return { kind: "imported", recordId, ...compared };
    });
  } catch (error) {
    if (error instanceof RollBack) return error.outcome;
    throw error;
  }
}

/** Every file read and every record checked as it is read; the raw records are not kept. */
async function readAndCheck(folder: string, progress: Progress) {
  const listed = await listRegisterFiles(folder);
  const problems = [...listed.problems];
  const checker = new RowChecker(problems);
  const sizes = await Promise.all(listed.files.map(async (file) => (await fs.lstat(file.filePath)).size));
  const kilobytes = (bytes: number) => Math.ceil(bytes / 1024);
  const stage = progress.stage(
    "Reading and checking files",
    kilobytes(sizes.reduce((a, b) => a + b, 0)),
    "kB",
  );
  const files: FileSummary[] = [];
  let previousFiles = 0;
  for (const [index, { kind, filePath }] of listed.files.entries()) {
    const { fileName } = REGISTER_FILES[kind];
    const read = await readRegisterBytes(filePath);
    if ("problem" in read) {
      problems.push({ file: fileName, message: read.problem });
      previousFiles += sizes[index] ?? 0;
      checker.fileRead({ kind, readable: false });
      continue;
    }
    let reported = 0;
    const file = readRegisterFile(
      kind,
      read.bytes,
      problems,
      (record) => checker.check({ kind, fileName }, record),
      (bytesRead) => {
        const now = kilobytes(previousFiles + bytesRead);
        stage.advance(now - reported);
        reported = now;
      },
    );
    previousFiles += sizes[index] ?? 0;
    checker.fileRead(file);
    files.push({ fileName: file.fileName, records: file.records, sha256: file.sha256 });
  }
  stage.done();
  checkAcrossRows(checker.rows, problems);
  return { files, checked: checker.result(), problems };
}

function recordedCounts(plan: ImportPlan) {
  return Object.fromEntries(
    COUNT_KINDS.map((kind) => {
      const { inserted, updated, removed } = plan.counts[kind];
      return [COUNT_NAMES[kind], { inserted, updated, removed }];
    }),
  );
}
