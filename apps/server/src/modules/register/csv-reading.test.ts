import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  type CsvRecord,
  listRegisterFiles,
  RegisterFolderError,
  readRegisterBytes,
  readRegisterFile,
} from "./csv-reading.js";
import { formatProblem, type Problem } from "./problems.js";

// Reading: which files are there, each record with the line it starts on, problems of a file as a whole.

function read(text: string | Buffer, kind: "staffRoles" | "waitingPeriods" = "waitingPeriods") {
  const problems: Problem[] = [];
  const records: CsvRecord[] = [];
  const file = readRegisterFile(kind, Buffer.isBuffer(text) ? text : Buffer.from(text), problems, (record) =>
    records.push(record),
  );
  return { file, records, problems: problems.map(formatProblem) };
}

describe("readRegisterFile", () => {
  it("gives each record the line it starts on, across quoted line breaks, blank lines, CRLF and a BOM", () => {
    const { file, records, problems } = read(
      "\uFEFFentity_number,type,condition,start_date,end_date\r\n" +
        '50000001,CONDITION_SPECIFIC,"Knee\r\nreplacement, left",2026-01-01,2026-12-31\r\n' +
        "\r\n" +
        "50000002,GENERAL,,2026-01-01,2026-03-31\r\n",
    );
    expect(problems).toEqual([]);
    expect(file).toMatchObject({ fileName: "waiting_periods.csv", records: 2, readable: true });
    expect(records.map((record) => record.line)).toEqual([2, 5]);
    expect(records[0]?.values.condition).toBe("Knee\nreplacement, left");
  });

  it("takes the columns in any order and reads a left-out optional column as empty", () => {
    const { records, problems } = read(
      "end_date,start_date,type,entity_number\n2026-03-31,2026-01-01,GENERAL,7\n",
    );
    expect(problems).toEqual([]);
    expect(records[0]?.values).toEqual({
      entity_number: "7",
      type: "GENERAL",
      condition: "",
      start_date: "2026-01-01",
      end_date: "2026-03-31",
    });
  });

  it("refuses unknown, repeated and missing columns at the header", () => {
    const { file, records, problems } = read(
      "entity_number,role,rol,role\n1,STAFF_AGENT,x,y\n",
      "staffRoles",
    );
    expect(file.readable).toBe(false);
    expect(records).toEqual([]);
    expect(problems).toEqual([
      "staff_roles.csv:1:rol: Unknown column.",
      "staff_roles.csv:1:role: Column named twice.",
    ]);
    expect(read("entity_number\n1\n", "staffRoles").problems).toEqual([
      "staff_roles.csv:1:role: Required column missing.",
    ]);
  });

  it("shows a control or bidirectional character of an unknown column's name by its code, not as itself", () => {
    expect(read("entity_number,role,\u001b[2Jnote\u202E\n1,STAFF_AGENT,x\n", "staffRoles").problems).toEqual([
      "staff_roles.csv:1:<U+001B>[2Jnote<U+202E>: Unknown column.",
    ]);
  });

  it("reports a record with too few or too many values, and goes on", () => {
    const { records, problems } = read(
      "entity_number,role\n1\n2,STAFF_AGENT\n3,STAFF_AGENT,extra\n",
      "staffRoles",
    );
    expect(records.map((record) => record.line)).toEqual([3]);
    expect(problems).toEqual([
      "staff_roles.csv:2: Expected 2 values (as many as the header names), found 1.",
      "staff_roles.csv:4: Expected 2 values (as many as the header names), found 3.",
    ]);
  });

  it("reports a file that is empty, not UTF-8 or not CSV, without quoting it", () => {
    expect(read("", "staffRoles").problems).toEqual([
      "staff_roles.csv: The file is empty; it needs at least its header row.",
    ]);
    const latin1 = Buffer.concat([Buffer.from("entity_number,role\n"), Buffer.from([0x4a, 0xe9, 0x0a])]);
    expect(read(latin1, "staffRoles").problems).toEqual([
      "staff_roles.csv:2: Not UTF-8 text; save the file as UTF-8.",
    ]);
    const unclosed = read('entity_number,role\n1,"STAFF_AGENT\n', "staffRoles");
    expect(unclosed.file.readable).toBe(false);
    expect(unclosed.problems).toEqual(["staff_roles.csv:2: A quoted value is opened and never closed."]);
  });

  it("reports an unclosed quote at the line it opens on, not at the end of the file", () => {
    const general = "4,GENERAL,,2026-01-01,2026-03-31\n";
    const header = "entity_number,type,condition,start_date,end_date\n";
    // Lines 2–3 a value quoted over two lines, line 4 empty, the quote opened on line 5 never closes.
    const { file, problems } = read(
      `${header}"1\n",GENERAL,,2026-01-01,2026-03-31\n\n2,CONDITION_SPECIFIC,"Asthma,2026-01-01,2026-03-31\n${general.repeat(4)}`,
    );
    expect(file.readable).toBe(false);
    expect(problems).toEqual(["waiting_periods.csv:5: A quoted value is opened and never closed."]);
    // A record whose first value is quoted over lines 2–3, and whose third opens a quote on line 3.
    expect(
      read(`${header}"3\n",CONDITION_SPECIFIC,"Asthma,2026-01-01,2026-03-31\n${general}`).problems,
    ).toEqual(["waiting_periods.csv:3: A quoted value is opened and never closed."]);
  });
});

describe("listRegisterFiles", () => {
  let folder: string;
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("lists the register files in their order and reports any other name, ignoring hidden files", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "register-files-"));
    for (const name of [
      "staff_roles.csv",
      "plans.csv",
      "Members.csv",
      "notes.txt",
      ".DS_Store",
      "vsc.\u202Eexe",
    ])
      fs.writeFileSync(path.join(folder, name), "");
    const { files, problems } = await listRegisterFiles(folder);
    expect(files.map((file) => file.kind)).toEqual(["plans", "staffRoles"]);
    expect(problems.map(formatProblem).sort()).toEqual([
      "Members.csv: Not a register file; file names are lower-case: members.csv.",
      expect.stringMatching(/^notes\.txt: Not a register file \(expected: plans\.csv, members\.csv, /),
      expect.stringMatching(/^vsc\.<U\+202E>exe: Not a register file \(expected: /),
    ]);
  });

  it.skipIf(process.platform === "win32")(
    "says what a register file's name is when it is not a file: a folder, a link, a pipe",
    async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), "register-files-"));
      fs.mkdirSync(path.join(folder, "members.csv"));
      fs.writeFileSync(path.join(folder, ".elsewhere.csv"), "scheme_code,scheme_name,plan_code,plan_name\n");
      fs.symlinkSync(".elsewhere.csv", path.join(folder, "plans.csv"));
      execFileSync("mkfifo", [path.join(folder, "staff_roles.csv")]);
      const { files, problems } = await listRegisterFiles(folder);
      expect(files).toEqual([]);
      expect(problems.map(formatProblem).sort()).toEqual([
        "members.csv: A folder, not a file.",
        "plans.csv: A symbolic link; links are not followed: put the file itself in the folder.",
        "staff_roles.csv: A named pipe, not a file.",
      ]);
    },
  );

  it.skipIf(process.platform === "win32")(
    "reads a file without following a link or waiting on a pipe put in its place after the listing",
    async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), "register-files-"));
      const plans = path.join(folder, "plans.csv");
      fs.writeFileSync(plans, "scheme_code\n");
      expect(await readRegisterBytes(plans)).toEqual({ bytes: Buffer.from("scheme_code\n") });
      fs.renameSync(plans, path.join(folder, ".elsewhere.csv"));
      fs.symlinkSync(".elsewhere.csv", plans);
      expect(await readRegisterBytes(plans)).toEqual({
        problem: "A symbolic link; links are not followed: put the file itself in the folder.",
      });
      fs.rmSync(plans);
      execFileSync("mkfifo", [plans]);
      expect(await readRegisterBytes(plans)).toEqual({ problem: "A named pipe, not a file." });
    },
    5_000,
  );

  it("reports a folder with none of the files, and refuses a path that is not a folder", async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "register-files-"));
    expect((await listRegisterFiles(folder)).problems[0]?.message).toMatch(/none of the register files/);
    await expect(listRegisterFiles(path.join(folder, "missing"))).rejects.toBeInstanceOf(RegisterFolderError);
  });
});
