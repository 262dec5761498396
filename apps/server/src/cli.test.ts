import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config/env.js";
import { auditEvents, memberRoles, members, outboxMails } from "./db/schema.js";
import { verifyPassword } from "./lib/passwords.js";
import { OPERATOR_ENTITY_NUMBER } from "./modules/access/audit-trail.js";
import { openConfiguredDatabase } from "./startup/open-configured-database.js";

// The command line as an operator runs it: a process of its own, the password on standard input
// (never an argument), against its own embedded data directory.

const serverRoot = fileURLToPath(new URL("..", import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], stdin = "") {
  // The source, run as the build would be (tests run before the build).
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", path.join(serverRoot, "src/cli.ts"), ...args],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        NODE_ENV: "test",
        PASSWORD_HASH_COST: "4",
        LOG_LEVEL: "silent",
      },
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdin.end(stdin);
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (status) => resolve({ status, stdout, stderr })),
  );
}

const staffArgs = (username: string, role = "STAFF_AGENT") => [
  "staff:create",
  "--username",
  username,
  "--email",
  "desk@scheme.example",
  "--first-name",
  "Sipho",
  "--last-name",
  "Dlamini",
  "--role",
  role,
];

async function withDatabase<T>(
  run: (db: Awaited<ReturnType<typeof openConfiguredDatabase>>["db"]) => Promise<T>,
) {
  const database = await openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test" }));
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}

// Each command is a process that opens PGlite: seconds apiece on a busy machine.
describe("the command line", { timeout: 120_000 }, () => {
  it("never takes a password as an argument, and reads it from standard input", async () => {
    const onArgv = await cli([...staffArgs("desk.agent"), "--password", "Quiet-Harbour-Lantern-4"]);
    expect(onArgv.status).toBe(1);
    expect(onArgv.stderr).toContain("A password is never taken on the command line");

    const empty = await cli(staffArgs("desk.agent"), "");
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain("No password on standard input");

    const created = await cli(staffArgs("desk.agent"), "Quiet-Harbour-Lantern-4\n");
    expect(created.stderr).toBe("");
    expect(created.stdout).toMatch(/^Created staff member \(STAFF_AGENT\) with entity number \d{8}\n$/);
    const member = await cli(
      [
        "member:create",
        "--username",
        "lerato.mokoena",
        "--email",
        "lerato@example.com",
        "--first-name",
        "Lerato",
        "--last-name",
        "Mokoena",
      ],
      "Blue-Mountain-River-7\n",
    );
    expect(member.stdout).toMatch(/^Created member with entity number \d{8}\n$/);
    const weak = await cli(staffArgs("desk.other"), "short\n");
    expect(weak.status).toBe(1);
    expect(weak.stderr).toMatch(/password/i);
    expect(weak.stderr).not.toMatch(/\bat \w+ \(/); // a message, not a stack trace
  });

  it("changes a member of staff's role, password and access, each change audited", async () => {
    const role = await cli(["staff:role", "--username", "desk.agent", "--role", "STAFF_SUPERVISOR"]);
    expect(role.stdout).toMatch(/desk\.agent \(entity number \d{8}\): STAFF_AGENT → STAFF_SUPERVISOR/);
    const reset = await cli(
      ["staff:reset-password", "--username", "desk.agent"],
      "Granite-Orchard-Willow-58\n",
    );
    expect(reset.stdout).toMatch(
      /^New password set for desk\.agent \(entity number \d{8}\): 0 sessions ended\n$/,
    );
    const factorReset = await cli(["staff:reset-second-factor", "--username", "desk.agent"]);
    expect(factorReset.stdout).toMatch(
      /^desk\.agent \(entity number \d{8}\) has no second factor: nothing changed\n$/,
    );
    expect(factorReset.status).toBe(0);
    const disabled = await cli(["staff:disable", "--username", "desk.agent"]);
    expect(disabled.stdout).toMatch(
      /^Disabled desk\.agent \(entity number \d{8}\): log-in refused, 0 sessions ended\n$/,
    );
    const unknown = await cli(["staff:disable", "--username", "nobody.here"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('No log-in has the username "nobody.here".');

    await withDatabase(async (db) => {
      const [row] = await db.select().from(members).where(eq(members.username, "desk.agent"));
      expect(row?.disabledAt).toBeInstanceOf(Date);
      expect(await verifyPassword("Granite-Orchard-Willow-58", row?.passwordHash ?? "")).toBe(true);
      const roles = await db
        .select()
        .from(memberRoles)
        .where(eq(memberRoles.entityNumber, row?.entityNumber ?? 0));
      expect(roles.map((held) => held.role)).toEqual(["STAFF_SUPERVISOR"]);
      const trail = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.actorEntityNumber, OPERATOR_ENTITY_NUMBER));
      expect(
        trail
          .filter((event) => event.subjectEntityNumber === row?.entityNumber)
          .map((event) => event.resource),
      ).toEqual(["staff-create", "staff-role", "staff-password-reset", "staff-disable"]); // no factor: no reset row
      expect(trail.map((event) => event.resource)).toContain("member-create");
      expect(trail.every((event) => /^cli:[^:]+:[0-9a-f-]{36}$/.test(event.requestId))).toBe(true);
    });
  });

  it("gives the information officer's role by staff:create and staff:role: audited with the role, mailed to the officers and supervisors", async () => {
    const withEmail = (username: string, role: string, email: string) =>
      staffArgs(username, role).map((arg) => (arg === "desk@scheme.example" ? email : arg));
    const lead = await cli(
      withEmail("desk.lead", "STAFF_SUPERVISOR", "lead@scheme.example"),
      "Quiet-Harbour-Lantern-4\n",
    );
    expect(lead.status).toBe(0);
    const officer = await cli(
      withEmail("officer.one", "STAFF_INFORMATION_OFFICER", "officer.one@scheme.example"),
      "Quiet-Harbour-Lantern-4\n",
    );
    expect(officer.stderr).toBe("");
    await cli(withEmail("desk.second", "STAFF_AGENT", "second@scheme.example"), "Quiet-Harbour-Lantern-4\n");
    const role = await cli([
      "staff:role",
      "--username",
      "desk.second",
      "--role",
      "STAFF_INFORMATION_OFFICER",
    ]);
    expect(role.status).toBe(0);

    await withDatabase(async (db) => {
      const mails = await db
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.kind, "OFFICER_ROLE_GRANTED"))
        .orderBy(asc(outboxMails.id));
      // officer.one: told to the supervisor desk.lead (desk.agent, a supervisor, is disabled); the
      // agent made an officer: told to desk.lead and officer.one, never to the grantee.
      expect(mails.map((mail) => mail.toAddresses)).toEqual([
        ["lead@scheme.example"],
        ["lead@scheme.example"],
        ["officer.one@scheme.example"],
      ]);
      for (const mail of mails) {
        expect(mail.text).toContain(
          "Sipho Dlamini was given the information officer's role on the member portal's console by the portal's operator (command line) on ",
        );
        // When, in the one format: the scheme's day and 24-hour time.
        expect(mail.text).toMatch(/\(command line\) on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\n/);
      }
      const details = (
        await db.select().from(auditEvents).where(eq(auditEvents.actorEntityNumber, OPERATOR_ENTITY_NUMBER))
      )
        .filter((event) => event.resource === "staff-create" || event.resource === "staff-role")
        .map((event) => JSON.stringify(event.detail));
      // staff:create's and staff:role's rows for the two officers.
      expect(details.filter((detail) => detail === '{"role":"STAFF_INFORMATION_OFFICER"}')).toHaveLength(2);
    });
  });

  it("runs the retention purge, dry or for real, printing what it removes by kind; a real run is audited", async () => {
    const dry = await cli(["retention:purge", "--dry-run"]);
    expect(dry.stderr).toBe("");
    expect(dry.stdout).toMatch(/^Would remove \(dry run: nothing was changed\):\n/);
    expect(dry.stdout).toMatch(/closed conversations\s+0\n/);
    expect(dry.stdout).toMatch(/audit trail rows\s+0\n/);
    const real = await cli(["retention:purge"]);
    expect(real.status).toBe(0);
    expect(real.stdout).toMatch(/^Removed:\n/);
    const runs = await withDatabase((db) =>
      db.select().from(auditEvents).where(eq(auditEvents.resource, "retention-purge")),
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      actorEntityNumber: OPERATOR_ENTITY_NUMBER,
      detail: { conversations: 0 },
    });
  });

  it("works out the reports' pending summaries at once, saying how many", async () => {
    const run = await cli(["reports:summarise"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      "0 conversations to summarise for the reports.\nSummarised 0 conversations for the reports.\n",
    );
  });

  it("names the production command and every command in its usage", async () => {
    const usage = await cli([]);
    expect(usage.status).toBe(1);
    for (const command of [
      "member:create",
      "staff:create",
      "staff:disable",
      "staff:enable",
      "staff:role",
      "staff:reset-password",
      "staff:reset-second-factor",
      "register:import",
      "backup --to FILE",
      "restore --from FILE",
      "retention:purge [--dry-run]",
      "reports:summarise",
    ]) {
      expect(usage.stderr).toContain(`node apps/server/dist/cli.js ${command}`);
    }
    expect(usage.stderr).not.toContain("--password");
  });
});
