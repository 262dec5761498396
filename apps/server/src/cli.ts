// First: an older Node than 24 is refused before anything loads (startup/node-version.ts).
import "./cli/require-node-24.js";
import { ACCOUNT_COMMANDS, ACCOUNT_USAGE } from "./cli/account-commands.js";
import { BACKUP_COMMANDS, BACKUP_USAGE } from "./cli/backup-commands.js";
import { CommandError, type CommandIo } from "./cli/command-io.js";
import { PasswordInputError, PasswordPromptCancelled } from "./cli/read-password.js";
import { REPORT_COMMANDS, REPORT_USAGE } from "./cli/report-commands.js";
import { RETENTION_COMMANDS, RETENTION_USAGE } from "./cli/retention-commands.js";
import { loadConfig } from "./config/env.js";
import { createOwnerOnlyFiles } from "./config/owner-only-files.js";
import { StartupError } from "./lib/startup-error.js";
import { AccountChangeError, CreateMemberError } from "./modules/members/index.js";
import { REGISTER_IMPORT_USAGE, registerImportCommand } from "./modules/register/index.js";
import { openConfiguredDatabase } from "./startup/open-configured-database.js";

// The operator's commands against the configured database (the same environment as the server),
// run from a build with production dependencies only: `npm run build` (or `tsc -b`), then
//   node apps/server/dist/cli.js COMMAND …
// docs/command-line.md says what each does; passwords are never arguments (cli/read-password.ts).

const USAGE = [
  "Usage:",
  ...[...ACCOUNT_USAGE, REGISTER_IMPORT_USAGE, ...BACKUP_USAGE, ...RETENTION_USAGE, ...REPORT_USAGE].map(
    (line) => `  ${line}`,
  ),
].join("\n");

async function main(argv: string[], io: CommandIo): Promise<void> {
  const [command, ...rest] = argv;
  const run =
    (command &&
      (ACCOUNT_COMMANDS[command] ??
        BACKUP_COMMANDS[command] ??
        RETENTION_COMMANDS[command] ??
        REPORT_COMMANDS[command])) ||
    undefined;
  if (run) return run(rest, io);
  if (command === "register:import") {
    // Its own exit codes (0, 1 nothing written, 2 usage): docs/register-import.md.
    process.exitCode = await registerImportCommand(rest, () => openConfiguredDatabase(loadConfig(io.env)), {
      stdout: io.stdout,
      stderr: io.stderr,
    });
    return;
  }
  throw new CommandError(command ? `Unknown command "${command}".` : "Name a command.", true);
}

/** Errors worded for the operator: their message alone, no stack trace. */
function isOperatorMessage(error: unknown): boolean {
  return (
    error instanceof CommandError ||
    error instanceof CreateMemberError ||
    error instanceof AccountChangeError ||
    error instanceof PasswordInputError ||
    error instanceof StartupError ||
    Boolean((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
  );
}

// What a command creates in DATA_DIR (an embedded database, a restore) is the portal user's alone.
createOwnerOnlyFiles();
main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
})
  .then(() => {
    // Nothing a command leaves behind (a paused standard input) keeps the process alive.
    process.exit();
  })
  .catch((error: unknown) => {
    if (isOperatorMessage(error)) {
      const usage =
        (error instanceof CommandError && error.showUsage) ||
        (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
      console.error(usage ? `${(error as Error).message}\n${USAGE}` : (error as Error).message);
    } else {
      console.error(error);
    }
    process.exit(error instanceof PasswordPromptCancelled ? 130 : 1);
  });
