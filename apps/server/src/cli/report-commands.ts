import { parseArgs } from "node:util";
import { loadConfig } from "../config/env.js";
import { summarisePendingConversations } from "../modules/reports/index.js";
import { openConfiguredDatabase } from "../startup/open-configured-database.js";
import { CLI, type CommandIo } from "./command-io.js";

// `reports:summarise`: works out the business minutes every conversation still lacks (modules/
// reports), in TIME_ZONE. The upgrade that brought the reports leaves all of them to do; without
// this the first report does it, and takes as long. Safe to run while the portal serves.

export const REPORT_USAGE = [`${CLI} reports:summarise`];

async function reportsSummarise(args: string[], io: CommandIo): Promise<void> {
  parseArgs({ args, options: {}, strict: true });
  const config = loadConfig(io.env);
  const database = await openConfiguredDatabase(config);
  try {
    const summarised = await summarisePendingConversations(database.db, config.TIME_ZONE);
    io.stdout.write(`Summarised ${summarised} conversation${summarised === 1 ? "" : "s"} for the reports.\n`);
  } finally {
    await database.close();
  }
}

export const REPORT_COMMANDS: Record<string, (args: string[], io: CommandIo) => Promise<void>> = {
  "reports:summarise": reportsSummarise,
};
