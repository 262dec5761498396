import { parseArgs } from "node:util";
import { loadConfig } from "../config/env.js";
import { countPendingConversations, summarisePendingConversations } from "../modules/reports/index.js";
import { openConfiguredDatabase } from "../startup/open-configured-database.js";
import { CLI, type CommandIo } from "./command-io.js";

// `reports:summarise`: works out now, in TIME_ZONE, every report summary still pending (modules/
// reports): after an upgrade, every conversation found. The server's background job does the same
// in the background; this is for an operator who wants it done at once, and says how far it is.
// Safe to run while the portal serves: both skip the conversations the other holds.

export const REPORT_USAGE = [`${CLI} reports:summarise`];

/** A progress line every this many batches (of 500 conversations). */
const PROGRESS_EVERY_BATCHES = 20;

const conversations = (count: number) => `${count} conversation${count === 1 ? "" : "s"}`;

async function reportsSummarise(args: string[], io: CommandIo): Promise<void> {
  parseArgs({ args, options: {}, strict: true });
  const config = loadConfig(io.env);
  const database = await openConfiguredDatabase(config);
  try {
    const pending = await countPendingConversations(database.db);
    io.stdout.write(`${conversations(pending)} to summarise for the reports.\n`);
    const summarised = await summarisePendingConversations(database.db, config.TIME_ZONE, {
      onBatch: ({ batches, summarised, elapsedMs }) => {
        if (batches % PROGRESS_EVERY_BATCHES !== 0) return;
        const rate = Math.round((summarised * 1000) / Math.max(elapsedMs, 1));
        io.stdout.write(`Summarised ${summarised} of ${pending} (${rate} a second).\n`);
      },
    });
    io.stdout.write(`Summarised ${conversations(summarised)} for the reports.\n`);
    // Answered or closed meanwhile, or held by the server's job or a command when this passed.
    const left = await countPendingConversations(database.db);
    if (left > 0) {
      io.stdout.write(
        `${conversations(left)} still pending, changed or held meanwhile: the server's job does them.\n`,
      );
    }
  } finally {
    await database.close();
  }
}

export const REPORT_COMMANDS: Record<string, (args: string[], io: CommandIo) => Promise<void>> = {
  "reports:summarise": reportsSummarise,
};
