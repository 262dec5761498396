import type { PromiseRow, ReportResponse, ReportView } from "@portal/domain";

// Each view of a report as CSV rows: a header and the same figures the page shows beside its chart.
// Durations in business minutes, hours and days (nine hours a business day); shares as fractions.

/**
 * A cell a spreadsheet will not run as a formula: one that starts with =, +, -, @, a tab or a
 * carriage return is prefixed with an apostrophe (OWASP, "CSV injection"). Categories and names
 * come from the register and from members' choices, so any of them may start that way.
 */
export function inertCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const round = (value: number | null, places: number) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

function promiseRows(rows: readonly PromiseRow[], keyName: string): (string | number | null)[][] {
  return [
    [keyName, "label", "on_time", "broken", "pending", "on_time_share"],
    ...rows.map((row) => [
      row.key,
      row.label,
      row.onTime,
      row.broken,
      row.pending,
      round(row.onTimeShare, 4),
    ]),
  ];
}

function durationRow(name: string, figure: ReportResponse["firstResponse"], minutesPerDay: number) {
  const inUnits = (value: number | null) => [
    round(value, 1),
    value === null ? null : round(value / 60, 2),
    value === null ? null : round(value / minutesPerDay, 2),
  ];
  return [name, figure.count, ...inUnits(figure.medianMinutes), ...inUnits(figure.p90Minutes)];
}

/** The rows of one view (header first), every cell inert. */
export function reportCsvRows(report: ReportResponse, view: ReportView): string[][] {
  let rows: (string | number | null)[][];
  switch (view) {
    case "volumes":
      rows = [
        ["day", "new_queries", "updates", "replies", "closed"],
        ...report.volumes.map((day) => [day.day, day.newQueries, day.updates, day.replies, day.closed]),
      ];
      break;
    case "response-times": {
      const perDay = report.businessHours.minutesPerDay;
      rows = [
        [
          "measure",
          "conversations",
          "median_business_minutes",
          "median_business_hours",
          "median_business_days",
          "p90_business_minutes",
          "p90_business_hours",
          "p90_business_days",
        ],
        durationRow("first_response", report.firstResponse, perDay),
        durationRow("resolution", report.resolution, perDay),
      ];
      break;
    }
    case "promise-by-category":
      rows = promiseRows(report.promiseByCategory, "category");
      break;
    case "promise-by-channel":
      rows = promiseRows(report.promiseByChannel, "channel");
      break;
    case "promise-by-agent":
      rows = promiseRows(report.promiseByAgent, "agent_entity_number");
      break;
    case "open-now":
      rows = [
        ["today", "open", "overdue", "due_today"],
        [report.today, report.openNow.open, report.openNow.overdue, report.openNow.dueToday],
      ];
      break;
    case "backlog":
      rows = [
        ["age", "open_conversations"],
        ...report.backlog.map((band) => [band.label, band.conversations]),
      ];
      break;
    case "documents":
      rows = [
        ["day", "from_members", "recorded_by_staff"],
        ...report.documents.map((day) => [day.day, day.fromMembers, day.recordedByStaff]),
      ];
      break;
  }
  return rows.map((row) => row.map(inertCell));
}
