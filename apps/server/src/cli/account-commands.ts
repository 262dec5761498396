import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { type MemberRole, STAFF_ROLES } from "@portal/domain";
import { type Config, loadConfig } from "../config/env.js";
import type { Database } from "../db/database.js";
import { AUDIT_RESOURCES } from "../modules/access/index.js";
import {
  createMember,
  createStaff,
  disableLogIn,
  enableLogIn,
  normaliseUsername,
  operatorRequest,
  recordOperatorChange,
  resetLogInPassword,
  resetSecondFactor,
  roleDetail,
  setStaffRole,
} from "../modules/members/index.js";
import { openConfiguredDatabase } from "../startup/open-configured-database.js";
import { CLI, CommandError, type CommandIo } from "./command-io.js";
import { readPassword } from "./read-password.js";

// The operator's commands on log-ins: members and staff created, staff disabled, enabled, given a
// role, given a new password, their second factor reset. Passwords come from a prompt without echo, or from the first line of
// standard input when it is not a terminal: never from argv, which `ps` and shell history show.
// Every change is audited with the operator as its actor (members/operator-accounts.ts).

/** --role's words (the role names themselves are accepted too). */
const ROLE_NAMES: Record<string, MemberRole> = {
  agent: "STAFF_AGENT",
  supervisor: "STAFF_SUPERVISOR",
  "information-officer": "STAFF_INFORMATION_OFFICER",
};
const ROLE_CHOICES = Object.keys(ROLE_NAMES).join("|");

export const ACCOUNT_USAGE = [
  `${CLI} member:create --username U --email E [--email E2 ...] --first-name F --last-name L`,
  `${CLI} staff:create --username U --email E [--email E2 ...] --first-name F --last-name L --role ${ROLE_CHOICES}`,
  `${CLI} staff:disable --username U`,
  `${CLI} staff:enable --username U`,
  `${CLI} staff:role --username U --role ${ROLE_CHOICES}`,
  `${CLI} staff:reset-password --username U`,
  `${CLI} staff:reset-second-factor --username U`,
];

const ACCOUNT_OPTIONS = {
  username: { type: "string" },
  email: { type: "string", multiple: true },
  "first-name": { type: "string" },
  "last-name": { type: "string" },
} as const;
const USERNAME_ONLY = { username: { type: "string" } } as const;
const USERNAME_AND_ROLE = { username: { type: "string" }, role: { type: "string" } } as const;

function refusePasswordArgument(args: readonly string[]): void {
  if (args.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
    throw new CommandError(
      "A password is never taken on the command line (every local user sees it in `ps`, and the shell keeps it in its history). Leave --password out: the command asks for it at a terminal, or reads the first line of standard input.",
    );
  }
}

function requireOptions(values: Record<string, unknown>, names: readonly string[]): void {
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    throw new CommandError(`Missing ${missing.map((name) => `--${name}`).join(", ")}.`, true);
  }
}

function staffRole(value: string | undefined): MemberRole {
  const role = (value && ROLE_NAMES[value]) || STAFF_ROLES.find((staffRole) => staffRole === value);
  if (!role) throw new CommandError(`--role must be one of ${Object.keys(ROLE_NAMES).join(", ")}.`, true);
  return role;
}

function parse<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  refusePasswordArgument(args);
  return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
}

async function withDatabase<T>(
  io: CommandIo,
  run: (database: Database, cost: number, config: Config) => Promise<T>,
) {
  const config = loadConfig(io.env);
  const database = await openConfiguredDatabase(config);
  try {
    return await run(database, config.PASSWORD_HASH_COST, config);
  } finally {
    await database.close();
  }
}

/** What a role given here needs to be told of (members/role-grants.ts). */
const mailSettings = (config: Config) => ({ brand: config.brand, timeZone: config.TIME_ZONE });

const newPassword = (io: CommandIo, username: string) =>
  readPassword({
    input: io.stdin,
    output: io.stderr,
    prompt: `New password for ${normaliseUsername(username)}: `,
    confirmPrompt: "The same password again: ",
  });

const sessionsEnded = (count: number) => `${count} session${count === 1 ? "" : "s"} ended`;

async function memberCreate(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, ACCOUNT_OPTIONS);
  requireOptions(values, ["username", "email", "first-name", "last-name"]);
  const input = {
    username: String(values.username),
    emails: (values.email as string[] | undefined) ?? [],
    firstName: String(values["first-name"]),
    lastName: String(values["last-name"]),
  };
  const password = await newPassword(io, input.username);
  const operator = operatorRequest();
  const entityNumber = await withDatabase(io, ({ db }, cost) =>
    createMember(db, { ...input, password }, cost, (tx, created) =>
      recordOperatorChange(tx, operator, created, AUDIT_RESOURCES.memberCreate),
    ),
  );
  io.stdout.write(`Created member with entity number ${entityNumber}\n`);
}

async function staffCreate(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, { ...ACCOUNT_OPTIONS, role: { type: "string" } });
  requireOptions(values, ["username", "email", "first-name", "last-name", "role"]);
  const role = staffRole(values.role as string | undefined);
  const input = {
    username: String(values.username),
    emails: (values.email as string[] | undefined) ?? [],
    firstName: String(values["first-name"]),
    lastName: String(values["last-name"]),
    role,
  };
  const password = await newPassword(io, input.username);
  const operator = operatorRequest();
  const entityNumber = await withDatabase(io, ({ db }, cost, config) =>
    createStaff(
      db,
      { ...input, password, grant: { ...mailSettings(config), by: "operator", at: operator.at } },
      cost,
      (tx, created) =>
        recordOperatorChange(tx, operator, created, AUDIT_RESOURCES.staffCreate, roleDetail(role)),
    ),
  );
  io.stdout.write(`Created staff member (${role}) with entity number ${entityNumber}\n`);
}

async function staffDisable(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, USERNAME_ONLY);
  requireOptions(values, ["username"]);
  const username = normaliseUsername(String(values.username));
  const result = await withDatabase(io, ({ db }) => disableLogIn(db, username, operatorRequest()));
  io.stdout.write(
    result.alreadyDisabledAt
      ? `${username} (entity number ${result.entityNumber}) has been disabled since ${result.alreadyDisabledAt.toISOString()}: nothing changed\n`
      : `Disabled ${username} (entity number ${result.entityNumber}): log-in refused, ${sessionsEnded(result.sessionsEnded)}\n`,
  );
}

async function staffEnable(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, USERNAME_ONLY);
  requireOptions(values, ["username"]);
  const username = normaliseUsername(String(values.username));
  const result = await withDatabase(io, ({ db }) => enableLogIn(db, username, operatorRequest()));
  io.stdout.write(
    result.wasDisabled
      ? `Enabled ${username} (entity number ${result.entityNumber}) again: its password works\n`
      : `${username} (entity number ${result.entityNumber}) was not disabled: nothing changed\n`,
  );
}

async function staffRoleCommand(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, USERNAME_AND_ROLE);
  requireOptions(values, ["username", "role"]);
  const role = staffRole(values.role as string | undefined);
  const username = normaliseUsername(String(values.username));
  const result = await withDatabase(io, ({ db }, _cost, config) =>
    setStaffRole(db, username, role, operatorRequest(), mailSettings(config)),
  );
  const before = result.before.length > 0 ? result.before.join(", ") : "no staff role";
  io.stdout.write(
    result.before.length === 1 && result.before[0] === role
      ? `${username} (entity number ${result.entityNumber}) is ${role} already: nothing changed\n`
      : `${username} (entity number ${result.entityNumber}): ${before} → ${role}, from their next request\n`,
  );
}

async function staffResetPassword(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, USERNAME_ONLY);
  requireOptions(values, ["username"]);
  const username = normaliseUsername(String(values.username));
  const password = await newPassword(io, username);
  const result = await withDatabase(io, ({ db }, cost) =>
    resetLogInPassword(db, username, password, operatorRequest(), cost),
  );
  io.stdout.write(
    `New password set for ${username} (entity number ${result.entityNumber}): ${sessionsEnded(result.sessionsEnded)}\n`,
  );
}

async function staffResetSecondFactor(args: string[], io: CommandIo): Promise<void> {
  const values = parse(args, USERNAME_ONLY);
  requireOptions(values, ["username"]);
  const username = normaliseUsername(String(values.username));
  const result = await withDatabase(io, ({ db }) => resetSecondFactor(db, username, operatorRequest()));
  io.stdout.write(
    result.hadSecondFactor
      ? `Second factor removed for ${username} (entity number ${result.entityNumber}): authenticator and recovery codes gone, ${sessionsEnded(result.sessionsEnded)}; the next log-in sets up a new one\n`
      : `${username} (entity number ${result.entityNumber}) has no second factor: nothing changed\n`,
  );
}

export const ACCOUNT_COMMANDS: Record<string, (args: string[], io: CommandIo) => Promise<void>> = {
  "member:create": memberCreate,
  "staff:create": staffCreate,
  "staff:disable": staffDisable,
  "staff:enable": staffEnable,
  "staff:role": staffRoleCommand,
  "staff:reset-password": staffResetPassword,
  "staff:reset-second-factor": staffResetSecondFactor,
};
