import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/database.js";
import { importRegister, type RegisterImportOptions } from "../../src/modules/register/import-register.js";

/** docs/examples/register: the example set the documentation describes. */
export const EXAMPLE_FOLDER = fileURLToPath(new URL("../../../../docs/examples/register", import.meta.url));

/** A copy of the example set in a temporary folder, to change; removed by the returned function. */
export function copyOfExample(): { folder: string; dispose(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "register-import-"));
  fs.cpSync(EXAMPLE_FOLDER, folder, { recursive: true });
  return { folder, dispose: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** Rewrites one file of a folder, line by line (line 1 is the header). */
export function editLines(
  folder: string,
  fileName: string,
  edit: (line: string, lineNumber: number) => string | null,
) {
  const file = path.join(folder, fileName);
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const edited = lines.map((line, index) => edit(line, index + 1)).filter((line) => line !== null);
  fs.writeFileSync(file, edited.join("\n"));
}

export function runImport(db: Db, folder: string, options: Partial<RegisterImportOptions> = {}) {
  return importRegister(db, {
    folder,
    dryRun: false,
    removeMissing: false,
    ranBy: "test-operator",
    ...options,
  });
}

const TABLES = [
  "schemes",
  "plans",
  "plan_benefits",
  "members",
  "member_profiles",
  "member_emails",
  "member_phones",
  "member_addresses",
  "policies",
  "policy_dependents",
  "emergency_contacts",
  "waiting_periods",
  "doctor_allocations",
  "member_roles",
  "register_imports",
] as const;

/**
 * Every row of the tables the import writes, as text: two equal snapshots mean nothing was
 * written (ids included, so a row deleted and inserted again shows).
 */
export async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await db.execute(sql`select t::text as row from ${sql.identifier(table)} as t order by 1`);
    result[table] = (rows as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
  }
  return result;
}
