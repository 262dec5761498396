import { COUNT_KINDS, type CountKind, type ImportPlan, type KindCounts } from "./import-plan.js";
import { formatProblem, type Problem } from "./problems.js";

// The report on stdout: the problems, or what the run inserted, updated and removed. Removed rows
// are named by their keys (entity numbers, policy ids, types and dates), never by a name, an ID
// number or a medical condition.

/** The names the counts go by in the report and in register_imports.counts. */
export const COUNT_NAMES: Record<CountKind, string> = {
  schemes: "schemes",
  plans: "plans",
  members: "members",
  policies: "policies",
  policyDependents: "policy_dependents",
  emergencyContacts: "emergency_contacts",
  waitingPeriods: "waiting_periods",
  doctorAllocations: "doctor_allocations",
  roles: "roles",
};

/** Lists per person: one count is one person's whole list of that kind. */
const PER_PERSON: ReadonlySet<CountKind> = new Set([
  "emergencyContacts",
  "waitingPeriods",
  "doctorAllocations",
]);

export interface FileSummary {
  fileName: string;
  records: number;
  sha256: string;
}

export function problemsReport(problems: readonly Problem[]): string {
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return [`${count} found; nothing was written.`, ...problems.map(formatProblem), ""].join("\n");
}

export function countsTable(counts: Record<CountKind, KindCounts>): string {
  const header = ["", "inserted", "updated", "unchanged", "removed"];
  const rows = COUNT_KINDS.map((kind) => [
    `${COUNT_NAMES[kind]}${PER_PERSON.has(kind) ? " (per person)" : ""}`,
    ...(["inserted", "updated", "unchanged", "removed"] as const).map((column) =>
      String(counts[kind][column]),
    ),
  ]);
  const widths = header.map((_, index) =>
    Math.max(...[header, ...rows].map((row) => row[index]?.length ?? 0)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join("  ");
  return [format(header), ...rows.map(format)].join("\n");
}

/** One line per removed row, by its keys. */
export function removalLines(plan: ImportPlan): string[] {
  const lines: string[] = [];
  for (const policy of plan.policies.remove) lines.push(`policy ${policy.policyId} (${policy.policyNumber})`);
  for (const row of plan.policyDependents.remove)
    lines.push(`dependent ${row.entityNumber} on policy ${row.policyId} (code ${row.dependentCode})`);
  for (const person of plan.lists.emergencyContacts.remove)
    person.rows.forEach((_, index) => {
      lines.push(`emergency contact ${index + 1} of ${person.entityNumber}`);
    });
  for (const person of plan.lists.waitingPeriods.remove)
    for (const row of person.rows)
      lines.push(`waiting period of ${person.entityNumber}: ${row.type} ${row.startDate} to ${row.endDate}`);
  for (const person of plan.lists.doctorAllocations.remove)
    for (const row of person.rows)
      lines.push(
        `doctor allocation of ${person.entityNumber}: ${row.allocationType} practice ${row.practiceNumber} from ${row.startDate}`,
      );
  for (const row of plan.roles.remove) lines.push(`role ${row.role} of ${row.entityNumber}`);
  return lines;
}

export function filesLine(files: readonly FileSummary[]): string {
  const rows = (count: number) => (count === 1 ? "1 row" : `${count} rows`);
  return `Files: ${files.map((file) => `${file.fileName} (${rows(file.records)})`).join(", ")}`;
}
