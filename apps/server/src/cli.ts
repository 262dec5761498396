import { parseArgs } from "node:util";
import { loadConfig } from "./config/env.js";
import { openConfiguredDatabase } from "./db/open-configured-database.js";
import { StartupError } from "./lib/startup-error.js";
import { CreateMemberError, createMember } from "./modules/members/create-member.js";

// Operator commands against the configured database (same environment as the server).
//   npm run cli -- member:create --username U --password P --email E [--email E2] --first-name F --last-name L

const USAGE =
  "Usage: npm run cli -- member:create --username U --password P --email E [--email E2 ...] --first-name F --last-name L";

async function memberCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: "string" },
      password: { type: "string" },
      email: { type: "string", multiple: true },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
    strict: true,
  });
  const missing = ["username", "password", "email", "first-name", "last-name"].filter(
    (name) => values[name as keyof typeof values] === undefined,
  );
  if (missing.length > 0)
    throw new CreateMemberError(`Missing ${missing.map((name) => `--${name}`).join(", ")}.\n${USAGE}`);
  const database = await openConfiguredDatabase(loadConfig(process.env));
  try {
    const entityNumber = await createMember(database.db, {
      username: values.username ?? "",
      password: values.password ?? "",
      emails: values.email ?? [],
      firstName: values["first-name"] ?? "",
      lastName: values["last-name"] ?? "",
    });
    process.stdout.write(`Created member with entity number ${entityNumber}\n`);
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === "member:create") return memberCreate(rest);
  throw new CreateMemberError(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof CreateMemberError || error instanceof StartupError;
  if (known || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
