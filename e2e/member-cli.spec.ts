import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// `node apps/server/dist/cli.js member:create …` and `staff:create …` as an operator runs them
// from the build, against their own data directory, the password on standard input.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cli-"));
test.afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], password = "") {
  const result = spawnSync(process.execPath, ["apps/server/dist/cli.js", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    encoding: "utf8",
    input: `${password}\n`,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const valid = [
  "member:create",
  "--username",
  "lerato.mokoena",
  "--email",
  "lerato@example.com",
  "--first-name",
  "Lerato",
  "--last-name",
  "Mokoena",
];

test("creates a member and prints the entity number", () => {
  const result = cli(valid, "Blue-Mountain-River-7");
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  expect(result.stdout).toMatch(/^Created member with entity number \d{8}\n$/);
});

test("refuses a duplicate username with a clear message", () => {
  const result = cli(
    valid.map((arg) => (arg === "lerato.mokoena" ? "LERATO.MOKOENA" : arg)),
    "Blue-Mountain-River-7",
  );
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('A member with the username "lerato.mokoena" already exists.');
});

test("refuses a weak password with a clear message", () => {
  const result = cli(valid, "short");
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/password/i);
  expect(result.stderr).not.toMatch(/\bat \w+ \(/); // a message, not a stack trace
});

test("names the missing options and shows the usage", () => {
  const result = cli(["member:create", "--username", "someone"]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Missing --email, --first-name, --last-name.");
  expect(result.stderr).toContain("node apps/server/dist/cli.js member:create");
});

test("never takes the password as an argument", () => {
  const result = cli([...valid, "--password", "Blue-Mountain-River-7"]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("A password is never taken on the command line");
});

const staffArgs = (role: string) => [
  "staff:create",
  "--username",
  `desk.${role.toLowerCase()}`,
  "--email",
  "desk@scheme.example",
  "--first-name",
  "Sipho",
  "--last-name",
  "Dlamini",
  "--role",
  role,
];

test("creates a member of staff with a staff role, and refuses any other role", () => {
  const created = cli(staffArgs("STAFF_AGENT"), "Quiet-Harbour-Lantern-4");
  expect(created.stderr).toBe("");
  expect(created.stdout).toMatch(/^Created staff member \(STAFF_AGENT\) with entity number \d{8}\n$/);

  const refused = cli(staffArgs("MEMBER"), "Quiet-Harbour-Lantern-4");
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain("--role must be one of agent, supervisor, information-officer.");
  expect(cli(["staff:create", "--username", "x"]).stderr).toContain("Missing --email");
});
