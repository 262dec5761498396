import os from "node:os";
import { parseArgs } from "node:util";
import type { Database } from "../../db/database.js";
import { RegisterFolderError } from "./csv-reading.js";
import { importRegister, type RegisterImportOutcome } from "./import-register.js";
import { streamProgress } from "./progress.js";
import { countsTable, filesLine, problemsReport } from "./report.js";

// The operator's command: arguments in, report on stdout, progress on stderr, an exit code out.
// Exit codes: 0 imported (or compared, with --dry-run); 1 problems found or the database refused,
// nothing written; 2 the command was not used as documented.

export const REGISTER_IMPORT_USAGE =
  "node apps/server/dist/cli.js register:import PATH [--dry-run] [--remove-missing]";

export const EXIT = { ok: 0, nothingWritten: 1, usage: 2 } as const;

export interface CommandStreams {
  stdout: { write(text: string): unknown };
  stderr: { isTTY?: boolean; write(text: string): unknown };
}

/** The operating-system account running the command, as the record of the run names it. */
export function operatingSystemAccount(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? "unknown";
  }
}

export async function registerImportCommand(
  args: readonly string[],
  openDatabase: () => Promise<Database>,
  streams: CommandStreams,
  ranBy: string = operatingSystemAccount(),
): Promise<number> {
  let options: { folder: string; dryRun: boolean; removeMissing: boolean };
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { "dry-run": { type: "boolean" }, "remove-missing": { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new Error("Name one folder of register files.");
    options = {
      folder: positionals[0] ?? "",
      dryRun: values["dry-run"] === true,
      removeMissing: values["remove-missing"] === true,
    };
  } catch (error) {
    streams.stderr.write(`${(error as Error).message}\nUsage: ${REGISTER_IMPORT_USAGE}\n`);
    return EXIT.usage;
  }

  const database = await openDatabase();
  try {
    const outcome = await importRegister(database.db, {
      ...options,
      ranBy,
      progress: streamProgress(streams.stderr),
    });
    streams.stdout.write(report(options, outcome));
    return outcome.kind === "problems" ? EXIT.nothingWritten : EXIT.ok;
  } catch (error) {
    if (error instanceof RegisterFolderError) {
      streams.stderr.write(`${error.message}\nUsage: ${REGISTER_IMPORT_USAGE}\n`);
      return EXIT.usage;
    }
    streams.stderr.write(`${databaseRefusal(error)}\n`);
    return EXIT.nothingWritten;
  } finally {
    await database.close();
  }
}

function report(
  options: { folder: string; dryRun: boolean; removeMissing: boolean },
  outcome: RegisterImportOutcome,
): string {
  const title = `Register import of ${options.folder}${options.dryRun ? " (dry run)" : ""}`;
  const lines = [title, filesLine(outcome.files)];
  if (outcome.kind === "problems") return [...lines, problemsReport(outcome.problems)].join("\n");
  lines.push(countsTable(outcome.counts));
  if (outcome.removals.length > 0) {
    lines.push(outcome.kind === "dry-run" ? "Would remove:" : "Removed:");
    lines.push(...outcome.removals.map((removal) => `  ${removal}`));
  }
  lines.push(
    outcome.kind === "dry-run"
      ? "Dry run: nothing was written."
      : `Written in one transaction; recorded as register import ${outcome.recordId}.`,
  );
  return `${lines.join("\n")}\n`;
}

/**
 * A failure the checks did not foresee (a lost connection, a constraint): the transaction rolled
 * back. Only the error's code and the constraint are shown: the server's own words may quote a value.
 */
function databaseRefusal(error: unknown): string {
  const { code, constraint, table } = (error ?? {}) as { code?: string; constraint?: string; table?: string };
  const cause = (error as { cause?: { code?: string; constraint?: string; table?: string } })?.cause;
  const details = [code ?? cause?.code, table ?? cause?.table, constraint ?? cause?.constraint]
    .filter((part) => typeof part === "string")
    .join(", ");
  // Not the database's: a program fault; its kind helps whoever looks into it, its message may not be safe.
  if (!details && error instanceof Error) return `The import failed and nothing was written (${error.name}).`;
  return `The import failed and nothing was written${details ? ` (${details})` : ""}.`;
}
