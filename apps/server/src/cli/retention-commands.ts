import { parseArgs } from "node:util";
import { loadConfig } from "../config/env.js";
import {
  PURGE_COUNT_LABELS,
  type PurgeCounts,
  retentionPolicy,
  runRetentionPurge,
} from "../modules/data-rights/index.js";
import { operatorRequest } from "../modules/members/index.js";
import {
  BLOB_DIRECTORY_MARKER,
  blobStoreFor,
  isMarkedBlobDirectory,
  localBlobDirOf,
} from "../modules/storage/index.js";
import { openConfiguredDatabase } from "../startup/open-configured-database.js";
import { CLI, CommandError, type CommandIo } from "./command-io.js";

// `retention:purge [--dry-run]`: the daily purge of the server (modules/data-rights), on demand,
// printing what it removes (or would remove) by kind. A real run is audited with the operator as
// its actor; a dry run changes nothing. The embedded database is one process's: stop the portal first.

export const RETENTION_USAGE = [`${CLI} retention:purge [--dry-run]`];

export function purgeReport(counts: PurgeCounts, dryRun: boolean): string {
  const kinds = Object.keys(PURGE_COUNT_LABELS) as (keyof PurgeCounts)[];
  const width = Math.max(...kinds.map((kind) => PURGE_COUNT_LABELS[kind].length));
  const lines = kinds.map((kind) => `  ${PURGE_COUNT_LABELS[kind].padEnd(width)}  ${counts[kind]}`);
  return `${dryRun ? "Would remove (dry run: nothing was changed):" : "Removed:"}\n${lines.join("\n")}\n`;
}

async function retentionPurge(args: string[], io: CommandIo): Promise<void> {
  const { values } = parseArgs({ args, options: { "dry-run": { type: "boolean" } }, strict: true });
  const dryRun = values["dry-run"] === true;
  const config = loadConfig(io.env);
  // Before any row goes: rows whose files cannot be deleted stay (and their files with them).
  const blobDir = localBlobDirOf(config);
  if (config.DATABASE_URL && config.BLOB_STORE === "local" && !(await isMarkedBlobDirectory(blobDir))) {
    throw new CommandError(
      `${blobDir} is not the portal's blob directory (it has no ${BLOB_DIRECTORY_MARKER}, which the portal writes there at start): set DATA_DIR to the portal's. Nothing was removed.`,
    );
  }
  const database = await openConfiguredDatabase(config);
  try {
    const operator = operatorRequest();
    const outcome = await runRetentionPurge({
      db: database.db,
      blobStore: blobStoreFor(config),
      policy: retentionPolicy(config),
      now: operator.at,
      dryRun,
      requestId: operator.requestId,
    });
    if (!outcome.ran) {
      throw new CommandError(
        "Another process is running the retention purge now: try again when it is done.",
      );
    }
    io.stdout.write(purgeReport(outcome.counts, dryRun));
  } finally {
    await database.close();
  }
}

export const RETENTION_COMMANDS: Record<string, (args: string[], io: CommandIo) => Promise<void>> = {
  "retention:purge": retentionPurge,
};
