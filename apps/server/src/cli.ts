import { parseArgs } from "node:util";
import { type MemberRole, STAFF_ROLES } from "@portal/domain";
import { loadConfig } from "./config/env.js";
import { createOwnerOnlyFiles } from "./config/owner-only-files.js";
import { openConfiguredDatabase } from "./db/open-configured-database.js";
import { StartupError } from "./lib/startup-error.js";
import { CreateMemberError, createMember } from "./modules/members/create-member.js";
import { createStaff } from "./modules/members/create-staff.js";
import { REGISTER_IMPORT_USAGE, registerImportCommand } from "./modules/register/register-command.js";

// Operator commands against the configured database (same environment as the server).
//   npm run cli -- member:create --username U --password P --email E [--email E2] --first-name F --last-name L
//   npm run cli -- staff:create  --username U --password P --email E --first-name F --last-name L --role R
//   npm run cli -- register:import PATH [--dry-run] [--remove-missing]   (docs/register-import.md)

const USAGE = [
  "Usage: npm run cli -- member:create --username U --password P --email E [--email E2 ...] --first-name F --last-name L",
  "       npm run cli -- staff:create --username U --password P --email E --first-name F --last-name L --role STAFF_AGENT|STAFF_SUPERVISOR",
  `       ${REGISTER_IMPORT_USAGE}`,
].join("\n");

const ACCOUNT_OPTIONS = {
  username: { type: "string" },
  password: { type: "string" },
  email: { type: "string", multiple: true },
  "first-name": { type: "string" },
  "last-name": { type: "string" },
} as const;

function requireOptions(values: Record<string, unknown>, names: readonly string[]): void {
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0)
    throw new CreateMemberError(`Missing ${missing.map((name) => `--${name}`).join(", ")}.\n${USAGE}`);
}

async function staffCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { ...ACCOUNT_OPTIONS, role: { type: "string" } },
    strict: true,
  });
  requireOptions(values, ["username", "password", "email", "first-name", "last-name", "role"]);
  const role = values.role ?? "";
  if (!STAFF_ROLES.some((staffRole) => staffRole === role))
    throw new CreateMemberError(`--role must be one of ${STAFF_ROLES.join(", ")}.\n${USAGE}`);
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const entityNumber = await createStaff(
      database.db,
      {
        username: values.username ?? "",
        password: values.password ?? "",
        emails: values.email ?? [],
        firstName: values["first-name"] ?? "",
        lastName: values["last-name"] ?? "",
        role: role as MemberRole,
      },
      config.PASSWORD_HASH_COST,
    );
    process.stdout.write(`Created staff member (${role}) with entity number ${entityNumber}\n`);
  } finally {
    await database.close();
  }
}

async function memberCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: ACCOUNT_OPTIONS, strict: true });
  requireOptions(values, ["username", "password", "email", "first-name", "last-name"]);
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  try {
    const entityNumber = await createMember(
      database.db,
      {
        username: values.username ?? "",
        password: values.password ?? "",
        emails: values.email ?? [],
        firstName: values["first-name"] ?? "",
        lastName: values["last-name"] ?? "",
      },
      config.PASSWORD_HASH_COST,
    );
    process.stdout.write(`Created member with entity number ${entityNumber}\n`);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === "member:create") return memberCreate(rest);
  if (command === "staff:create") return staffCreate(rest);
  if (command === "register:import") {
    // Its own exit codes (0, 1 nothing written, 2 usage): docs/register-import.md.
    process.exitCode = await registerImportCommand(
      rest,
      () => openConfiguredDatabase(loadConfig(process.env)),
      {
        stdout: process.stdout,
        stderr: process.stderr,
      },
    );
    return;
  }
  throw new CreateMemberError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
}

// What a command creates in DATA_DIR (an embedded database) is the portal user's alone.
createOwnerOnlyFiles();
main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof CreateMemberError || error instanceof StartupError;
  if (known || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
