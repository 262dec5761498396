import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import {
  copyOfExample,
  EXAMPLE_FOLDER,
  editLines,
  snapshot,
} from "../../../test-support/modules/register.js";
import type { Database } from "../../db/database.js";
import { EXIT, REGISTER_IMPORT_USAGE, registerImportCommand } from "./register-command.js";
import { REGISTER_FILES } from "./register-files.js";

// The command as an operator runs it: arguments, report, progress, exit code.

const DOCS = fs.readFileSync(new URL("../../../../../docs/register-import.md", import.meta.url), "utf8");

describe.each(TEST_DATABASE_KINDS)("register:import on %s", (kind) => {
  let database: Database;
  let copy: ReturnType<typeof copyOfExample>;
  beforeEach(async () => {
    database = await openTestDatabase(kind);
    copy = copyOfExample();
  });
  afterEach(async () => {
    copy.dispose();
    await database.close();
  });

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    // The command closes the database it opened; this one stays open for the test to look at.
    const open = async () => ({ ...database, close: async () => undefined });
    const code = await registerImportCommand(
      args,
      open,
      {
        stdout: { write: (text: string) => out.push(text) },
        stderr: { write: (text: string) => err.push(text) },
      },
      "operator",
    );
    return { code, stdout: out.join(""), stderr: err.join("") };
  }

  it("imports, reports the counts on stdout and a plain line per stage on stderr, and exits 0", async () => {
    const dryRun = await run(EXAMPLE_FOLDER, "--dry-run");
    expect(dryRun.code).toBe(EXIT.ok);
    expect(dryRun.stdout).toContain("(dry run)");
    expect(dryRun.stdout).toMatch(/^members\s+8\s+0\s+0\s+0$/m);
    expect(dryRun.stdout).toContain("Dry run: nothing was written.");
    expect((await snapshot(database.db)).members).toEqual([]);

    const imported = await run(EXAMPLE_FOLDER);
    expect(imported.code).toBe(EXIT.ok);
    expect(imported.stdout).toContain("Written in one transaction; recorded as register import 1.");
    expect(imported.stderr).toMatch(/^Reading and checking files \(\d+ kB\): done in [\d.]+ s$/m);
    expect(imported.stderr).toMatch(/^Writing \(\d+ rows\): done in [\d.]+ s$/m);
    // Progress and report hold counts and keys, never the people's details.
    for (const personal of ["Thandi", "Nkosi", "8705140123081", "thandi.nkosi@example.com", "Knee"])
      expect(`${imported.stdout}${imported.stderr}`).not.toContain(personal);
  });

  it("exits 1 with every problem on stdout, and 2 when not used as documented", async () => {
    editLines(copy.folder, "members.csv", (line, number) =>
      number === 2 ? line.replace("8705140123081", "87") : line,
    );
    const broken = await run(copy.folder);
    expect(broken.code).toBe(EXIT.nothingWritten);
    expect(broken.stdout).toContain(
      "1 problem found; nothing was written.\nmembers.csv:2:identity_number: An ID number is 13 digits.",
    );
    expect(broken.stdout).not.toContain("87,");

    for (const args of [
      [],
      [EXAMPLE_FOLDER, EXAMPLE_FOLDER],
      [EXAMPLE_FOLDER, "--force"],
      [path.join(copy.folder, "none")],
    ]) {
      const misuse = await run(...args);
      expect(misuse.code).toBe(EXIT.usage);
      expect(misuse.stderr).toContain(`Usage: ${REGISTER_IMPORT_USAGE}`);
    }
  });
});

describe("docs/register-import.md", () => {
  it("documents every column of every file, under that file's heading", () => {
    for (const file of Object.values(REGISTER_FILES)) {
      const start = DOCS.indexOf(`### ${file.fileName}`);
      expect(start, file.fileName).toBeGreaterThan(-1);
      // Up to the next heading of any level.
      const section = DOCS.slice(start).split(/\n#{2,3} /)[0] ?? "";
      for (const column of [...file.required, ...file.optional])
        expect(section, `${file.fileName} ${column}`).toContain(`| \`${column}\` |`);
    }
  });
});
