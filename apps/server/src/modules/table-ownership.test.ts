import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Each table has one owning module: the one whose name its declaring file has
// (db/schema/<module>.ts). The owner alone writes it; other modules ask the owner (a read, a
// command, a purge or erasure step of its own). Checked here over the shipped source of every
// module, tests aside:
//
//   (a) No module writes another module's table, through drizzle (.insert/.update/.delete of the
//       table) or in SQL (INSERT INTO, UPDATE, DELETE FROM, TRUNCATE, or a table's name on its own
//       handed to a statement built elsewhere), but for WRITE_EXCEPTIONS.
//   (b) A module names another module's table (importing it from db/schema/<owner>.ts, or FROM or
//       JOIN in SQL) only as READ_EXCEPTIONS says, each with its reason.
//   (c) No module imports db/schema.ts, which gathers every table for drizzle-kit and tests.
//
// Both lists only shrink: an entry no longer needed fails the test, so they stay the debt left.

const SRC = join(dirname(fileURLToPath(import.meta.url)), "..");
const SCHEMA_DIR = join(SRC, "db", "schema");

/** "module → table": writes outside the owner, each with why it is still there. */
const WRITE_EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  // The identity tables: members owns them; registration, reset, sign-in and sessions still
  // write the rows they create themselves.
  ["members → member_roles", "operator accounts are created with their role by the command line"],
  ["members → sessions", "an operator account's password change ends its sessions"],
  [
    "members → staff_second_factors",
    "an operator's reset of a staff member's second factor (command line and console) sits with the " +
      "other operator changes; gateway, which owns the factors, depends on members",
  ],
  ["members → staff_recovery_codes", "the same reset removes the factor's recovery codes"],
  ["members → pending_sign_ins", "the same reset ends sign-ins waiting for the old factor"],
  ["member-details → members", "enrolment writes the person's row with their details"],
  ["member-details → member_emails", "a contact change writes the member's e-mail addresses"],
  ["staff-sign-in → members", "a staff member's first sign-in creates their person row"],
  ["staff-sign-in → member_roles", "staff roles come from the identity provider at sign-in"],
  ["staff-sign-in → sessions", "a staff sign-in starts a session"],
  ["register → policies", "the register import applies policies in its own transaction"],
  [
    "reports → conversations",
    "the report columns on a conversation (first reply, business minutes) are filled by reports' own " +
      "backfill and summary; they belong in a table of reports' own",
  ],
]);

/** Who a person is to the scheme: their log-in, roles, details and cover (members, access, member-details). */
const A_PERSONS_RECORD = [
  "members",
  "member_emails",
  "member_profiles",
  "member_phones",
  "member_addresses",
  "member_roles",
  "emergency_contacts",
  "schemes",
  "plans",
  "plan_benefits",
  "policies",
  "policy_dependents",
  "waiting_periods",
  "doctor_allocations",
];

/** module → the other modules' tables it reads, and why it reads rather than asks. */
const READ_EXCEPTIONS: ReadonlyMap<string, { tables: readonly string[]; reason: string }> = new Map([
  [
    "access",
    {
      tables: ["members", "policies", "policy_dependents", "queries", "document_submissions"],
      reason:
        "deciding whose data a request may touch: the person, their policy's dependents, and a query's or submission's member",
    },
  ],
  [
    "accounts",
    {
      tables: ["members", "member_emails", "member_profiles", "policies", "policy_dependents"],
      reason: "registration matches a person by their details and policy before it makes a log-in",
    },
  ],
  [
    "console",
    {
      tables: ["members", "member_roles", "sessions", "staff_identities", "staff_second_factors"],
      reason: "the Staff page and the second-factor offer list staff with their roles, sign-ins and factors",
    },
  ],
  [
    "conversations",
    {
      tables: ["members", "member_profiles", "member_roles", "outbox_mails"],
      reason: "the desk shows each query's member and staff names, and a reply's mail state",
    },
  ],
  [
    "data-rights",
    {
      tables: [
        ...A_PERSONS_RECORD,
        "membership_card_orders",
        "queries",
        "thread_entries",
        "attachments",
        "document_submissions",
        "outbox_mails",
        "audit_events",
      ],
      reason:
        "the archive reads every kind of a member's data, and the purge and erasure select what is due; " +
        "each owner removes its own rows",
    },
  ],
  [
    "gateway",
    { tables: ["members", "member_emails"], reason: "the log-in step finds the log-in and its address" },
  ],
  [
    "inbound-mail",
    {
      tables: ["members", "queries", "conversations", "outbox_mails"],
      reason: "a received mail is matched to its member, query and the reply it answers",
    },
  ],
  [
    "mail",
    { tables: ["queries"], reason: "the outbox names a mail's query for the desk's failed-mail list" },
  ],
  ["member-details", { tables: ["members"], reason: "a person's details are keyed by their row" }],
  [
    "members",
    {
      tables: ["member_roles", "queries", "thread_entries", "attachments"],
      reason: "a member's limits count their queries and files today; operator accounts carry roles",
    },
  ],
  [
    "monitoring",
    {
      tables: ["outbox_mails", "inbound_mails"],
      reason: "the metrics count mails waiting and mails received",
    },
  ],
  [
    "register",
    {
      tables: A_PERSONS_RECORD,
      reason:
        "the register import compares the scheme's file with what member-details holds before applying it",
    },
  ],
  [
    "reports",
    {
      tables: ["members", "conversations", "queries", "thread_entries", "document_submissions"],
      reason: "the reports count the desk's work from its rows",
    },
  ],
  [
    "session",
    { tables: ["members", "member_roles"], reason: "a session carries its log-in's member and roles" },
  ],
  [
    "smart-inquiry",
    {
      tables: ["queries", "thread_entries", "attachments", "document_submissions"],
      reason: "the member's own pages read their queries, replies and documents as the desk stores them",
    },
  ],
  [
    "storage",
    {
      tables: ["attachments"],
      reason: "the sweep of unreferenced files asks whether an attachment row names a blob",
    },
  ],
]);

type TableOwners = ReadonlyMap<string, { owner: string; table: string }>;

/** Every table's identifier → its SQL name and owning module, from db/schema/<owner>.ts. */
function tableOwners(): TableOwners {
  const owners = new Map<string, { owner: string; table: string }>();
  for (const name of readdirSync(SCHEMA_DIR)) {
    const code = readFileSync(join(SCHEMA_DIR, name), "utf8");
    for (const match of code.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g)) {
      owners.set(match[1] ?? "", { owner: basename(name, ".ts"), table: match[2] ?? "" });
    }
  }
  return owners;
}

/** The code without its comments, so that a sentence about a table is not a use of it. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

type TableUse = { writes: Set<string>; names: Set<string>; barrel: boolean };

/** What one module's file writes and names of all the tables, as SQL names. */
function tableUses(code: string, owners: TableOwners): TableUse {
  const source = withoutComments(code);
  const writes = new Set<string>();
  const names = new Set<string>();
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = owners.get(match[1] ?? "")?.table;
    if (table) writes.add(table);
  }
  for (const match of source.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[./]*db\/schema\/[\w-]+\.js"/g,
  )) {
    for (const id of (match[1] ?? "").split(",")) {
      const table = owners.get(id.trim().replace(/^type\s+/, ""))?.table;
      if (table) names.add(table);
    }
  }
  for (const { table } of owners.values()) {
    if (
      new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from|truncate)\\s+"?${table}"?\\b`, "i").test(source)
    ) {
      writes.add(table);
    }
    if (new RegExp(`\\b(?:from|join)\\s+"?${table}"?\\b`, "i").test(source)) names.add(table);
    // A table named on its own (sql`sessions`) is handed to a statement built elsewhere: a write.
    if (new RegExp(`sql\`\\s*"?${table}"?\\s*\``).test(source)) writes.add(table);
  }
  return { writes, names, barrel: /from\s*"[./]*db\/schema\.js"/.test(source) };
}

/** Each module's shipped files, as "modules/<name>/…" → code. */
function moduleFiles(dir = join(SRC, "modules")): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      for (const [file, code] of moduleFiles(path)) files.set(file, code);
    } else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")) {
      files.set(relative(SRC, path).split(sep).join("/"), readFileSync(path, "utf8"));
    }
  }
  return files;
}

type Findings = { writes: string[]; reads: Map<string, Set<string>>; barrel: string[] };

/** Every write outside the owner ("module → table"), every foreign table read per module. */
function ownershipFindings(files: ReadonlyMap<string, string>, owners: TableOwners): Findings {
  const ownerOfTable = new Map([...owners.values()].map(({ owner, table }) => [table, owner]));
  const writes = new Set<string>();
  const reads = new Map<string, Set<string>>();
  const barrel: string[] = [];
  for (const [file, code] of files) {
    const module = file.split("/")[1] ?? "";
    const use = tableUses(code, owners);
    if (use.barrel) barrel.push(file);
    for (const table of use.writes)
      if (ownerOfTable.get(table) !== module) writes.add(`${module} → ${table}`);
    for (const table of use.names) {
      if (ownerOfTable.get(table) === module || use.writes.has(table)) continue;
      const read = reads.get(module) ?? new Set<string>();
      read.add(table);
      reads.set(module, read);
    }
  }
  return { writes: [...writes].sort(), reads, barrel };
}

describe("table ownership", () => {
  const owners = tableOwners();

  it("finds what it is meant to find (self-check)", () => {
    const selfCheck: TableOwners = new Map([
      ["queries", { owner: "conversations", table: "queries" }],
      ["members", { owner: "members", table: "members" }],
      ["outboxMails", { owner: "mail", table: "outbox_mails" }],
      ["sessions", { owner: "session", table: "sessions" }],
    ]);
    const code = [
      `import { queries } from "../../db/schema/conversations.js";`,
      `import { members } from "../../db/schema/members.js";`,
      `await tx.update(queries).set({ status: "CLOSED" });`,
      `await db.select().from(members);`,
      "await tx.execute(sql`DELETE FROM outbox_mails WHERE id = 1`);",
      "await deleteInBatches(run, sql`sessions`, where);",
      "// the reply goes into queries, then update outbox_mails — a sentence, not a write",
    ].join("\n");
    const findings = ownershipFindings(new Map([["modules/data-rights/remove.ts", code]]), selfCheck);
    expect(findings.writes).toEqual([
      "data-rights → outbox_mails",
      "data-rights → queries",
      "data-rights → sessions",
    ]);
    expect([...(findings.reads.get("data-rights") ?? [])]).toEqual(["members"]);
    expect(ownershipFindings(new Map([["modules/conversations/x.ts", code]]), selfCheck).writes).toEqual([
      "conversations → outbox_mails",
      "conversations → sessions",
    ]);
  });

  it("declares every table in its owner's file, one owner each", () => {
    expect(owners.size).toBeGreaterThan(40);
    const modules = new Set(readdirSync(join(SRC, "modules")));
    for (const { owner } of owners.values()) expect(modules, `db/schema/${owner}.ts`).toContain(owner);
  });

  const findings = ownershipFindings(moduleFiles(), owners);

  it("has no module import db/schema.ts, which holds every table", () => {
    expect(findings.barrel).toEqual([]);
  });

  it("has no module write another module's table but for the named exceptions", () => {
    expect(findings.writes.filter((write) => !WRITE_EXCEPTIONS.has(write))).toEqual([]);
    expect([...WRITE_EXCEPTIONS.keys()].filter((entry) => !findings.writes.includes(entry))).toEqual([]);
  });

  it("has no module read another module's table but for the named exceptions", () => {
    const unexpected: string[] = [];
    const stale: string[] = [];
    for (const [module, tables] of findings.reads) {
      const allowed = new Set(READ_EXCEPTIONS.get(module)?.tables ?? []);
      for (const table of tables) if (!allowed.has(table)) unexpected.push(`${module} → ${table}`);
    }
    for (const [module, { tables }] of READ_EXCEPTIONS) {
      for (const table of tables)
        if (!findings.reads.get(module)?.has(table)) stale.push(`${module} → ${table}`);
    }
    expect(unexpected.sort()).toEqual([]);
    expect(stale.sort()).toEqual([]);
  });
});
