import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importRegister } from "../../dist/modules/register/import-register.js";
import { streamProgress } from "../../dist/modules/register/progress.js";
import { newStore, type Store } from "./throwaway-store.js";

// The register-import budget: 100 000 principal members with 150 000 dependents (their policies,
// and a mix of the other files) imported into an empty database on the PostgreSQL server in under
// two minutes. Generated CSV files in a temporary folder, imported by the built module in this
// process, into a throwaway database; then the same files again (nothing changes). PGlite is
// measured too, without a budget. BENCH_REGISTER_PRINCIPALS sets a smaller size for a quick look.

const BUDGET_SECONDS = 120;

const principals = Number(process.env.BENCH_REGISTER_PRINCIPALS ?? 100_000);
const FIRST_PRINCIPAL = 10_000_001;
const FIRST_DEPENDENT = 20_000_001;
const FIRST_POLICY = 1_000_001;

/** Dependents of policy i: 3, 2, 1, 0 in turn, 1.5 on average (150 000 for 100 000 policies). */
const dependentsOf = (index: number) => [3, 2, 1, 0][index % 4] ?? 0;

const pad = (value: number, width: number) => String(value).padStart(width, "0");
const dateIn = (year: number, index: number) =>
  `${year}-${pad((index % 12) + 1, 2)}-${pad((index % 28) + 1, 2)}`;

/** Lines into a file, a chunk at a time, so the generator never holds a whole file. */
function writeLines(file: string, header: string, lines: (write: (line: string) => void) => void) {
  const fd = fs.openSync(file, "w");
  let chunk = `${header}\n`;
  lines((line) => {
    chunk += `${line}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = "";
    }
  });
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
}

/** The generated register; every name and number invented. Returns the number of rows written. */
export function generateRegister(folder: string): number {
  let rows = 0;
  const count = (write: (line: string) => void) => (line: string) => {
    rows += 1;
    write(line);
  };
  writeLines(
    path.join(folder, "plans.csv"),
    "scheme_code,scheme_name,plan_code,plan_name,benefits",
    (write) => {
      const line = count(write);
      line(
        "BENCH,Bench Medical Scheme,PLATINUM,Bench Platinum,HOSPITAL;CHRONIC_MEDICATION;DAY_TO_DAY;DENTISTRY;OPTOMETRY;MATERNITY",
      );
      line("BENCH,Bench Medical Scheme,CLASSIC,Bench Classic,HOSPITAL;CHRONIC_MEDICATION;DAY_TO_DAY");
      line("BENCH,Bench Medical Scheme,HOSPITAL,Bench Hospital,HOSPITAL");
    },
  );
  const plans = ["PLATINUM", "CLASSIC", "HOSPITAL"];
  writeLines(
    path.join(folder, "members.csv"),
    "entity_number,membership_number,title,first_name,last_name,date_of_birth,gender,identity_type,identity_number,emails,mobile_phone,home_phone,work_phone,postal_line1,postal_line2,postal_suburb,postal_city,postal_province,postal_postal_code,postal_country,residential_line1,residential_line2,residential_suburb,residential_city,residential_province,residential_postal_code,residential_country",
    (write) => {
      const line = count(write);
      let dependent = FIRST_DEPENDENT;
      for (let index = 0; index < principals; index += 1) {
        const entity = FIRST_PRINCIPAL + index;
        const gender = index % 2 === 0 ? "FEMALE" : "MALE";
        line(
          `${entity},M${pad(index, 8)},Ms,Member${index},Bench,${dateIn(1960 + (index % 40), index)},${gender},ID,${pad(index, 13)},member${index}@bench.example,+27 82 ${pad(index % 10_000_000, 7)},,,PO Box ${index % 9999},,Suburb${index % 500},Johannesburg,Gauteng,${pad(index % 9999, 4)},South Africa,${index % 300} Bench Street,,Suburb${index % 500},Johannesburg,Gauteng,${pad(index % 9999, 4)},South Africa`,
        );
        for (let child = 0; child < dependentsOf(index); child += 1) {
          line(
            `${dependent},,,Dependent${child},Bench,${dateIn(child === 0 ? 1965 + (index % 30) : 2005 + (index % 18), index + child)},${child % 2 === 0 ? "MALE" : "FEMALE"},,,,,,,,,,,,,,,,,,,,`,
          );
          dependent += 1;
        }
      }
    },
  );
  writeLines(
    path.join(folder, "policies.csv"),
    "policy_id,policy_number,scheme_code,plan_code,principal_entity_number,start_date",
    (write) => {
      const line = count(write);
      for (let index = 0; index < principals; index += 1)
        line(
          `${FIRST_POLICY + index},BENCH-${pad(index, 8)},BENCH,${plans[index % 3]},${FIRST_PRINCIPAL + index},${dateIn(2000 + (index % 25), index)}`,
        );
    },
  );
  writeLines(
    path.join(folder, "policy_dependents.csv"),
    "policy_id,entity_number,relationship,dependent_code,start_date",
    (write) => {
      const line = count(write);
      let dependent = FIRST_DEPENDENT;
      for (let index = 0; index < principals; index += 1) {
        for (let child = 0; child < dependentsOf(index); child += 1) {
          const relationship = child === 0 ? "SPOUSE" : "CHILD";
          line(`${FIRST_POLICY + index},${dependent},${relationship},${pad(child + 1, 2)},`);
          dependent += 1;
        }
      }
    },
  );
  writeLines(
    path.join(folder, "emergency_contacts.csv"),
    "entity_number,name,relationship,phone_number,email",
    (write) => {
      const line = count(write);
      for (let index = 0; index < principals; index += 2)
        line(`${FIRST_PRINCIPAL + index},Contact ${index},Sibling,+27 83 ${pad(index % 10_000_000, 7)},`);
    },
  );
  writeLines(
    path.join(folder, "waiting_periods.csv"),
    "entity_number,type,condition,start_date,end_date",
    (write) => {
      const line = count(write);
      for (let index = 0; index < principals; index += 5) {
        line(`${FIRST_PRINCIPAL + index},GENERAL,,2026-01-01,2026-03-31`);
        if (index % 10 === 0)
          line(`${FIRST_PRINCIPAL + index},CONDITION_SPECIFIC,Condition ${index % 7},2026-01-01,2026-12-31`);
      }
    },
  );
  writeLines(
    path.join(folder, "doctor_allocations.csv"),
    "entity_number,allocation_type,practice_number,practice_name,doctor_name,start_date,end_date",
    (write) => {
      const line = count(write);
      for (let index = 0; index < principals; index += 1)
        line(
          `${FIRST_PRINCIPAL + index},GP,${pad(index % 2000, 7)},Practice ${index % 2000},Dr Bench ${index % 2000},2024-01-01,`,
        );
    },
  );
  writeLines(path.join(folder, "staff_roles.csv"), "entity_number,role", (write) => {
    const line = count(write);
    for (let index = 0; index < Math.min(50, principals); index += 1)
      line(`${FIRST_PRINCIPAL + index},${index % 10 === 0 ? "STAFF_SUPERVISOR" : "STAFF_AGENT"}`);
  });
  return rows;
}

async function timedImport(store: Store, folder: string): Promise<number> {
  const database = await store.open();
  try {
    const started = performance.now();
    const outcome = await importRegister(database.db, {
      folder,
      dryRun: false,
      removeMissing: false,
      ranBy: "bench",
      progress: streamProgress(process.stderr),
    });
    const seconds = (performance.now() - started) / 1000;
    if (outcome.kind !== "imported")
      throw new Error(`the generated register did not import: ${outcome.kind}`);
    return seconds;
  } finally {
    await database.close();
  }
}

export async function benchRegisterImport(): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "portal-register-bench-"));
  try {
    const rows = generateRegister(folder);
    const dependents = Array.from({ length: principals }, (_, index) => dependentsOf(index)).reduce(
      (a, b) => a + b,
      0,
    );
    const size = `${principals.toLocaleString("en")} principals + ${dependents.toLocaleString("en")} dependents, ${rows.toLocaleString("en")} rows in 8 files`;
    const kinds: ("server" | "embedded")[] = process.env.DATABASE_URL ? ["server", "embedded"] : ["embedded"];
    for (const kind of kinds) {
      if (kind === "embedded" && process.env.BENCH_REGISTER_PGLITE === "false") continue;
      const store = await newStore("register", kind);
      try {
        const first = await timedImport(store, folder);
        const again = await timedImport(store, folder);
        const where = kind === "server" ? "PostgreSQL server" : "embedded PGlite";
        console.warn(`Register import (${where}, ${size}):`);
        const budget =
          kind === "server" ? `   (budget: <= ${BUDGET_SECONDS} s for 100,000 + 150,000)` : "   (no budget)";
        console.warn(
          `  into an empty database  ${first.toFixed(1)} s, ${Math.round(rows / first).toLocaleString("en")} rows/s${budget}`,
        );
        console.warn(`  the same files again    ${again.toFixed(1)} s (nothing changes)`);
      } finally {
        await store.dispose();
      }
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
