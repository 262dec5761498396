import type { PromiseRow } from "@portal/domain";
import type { ReportFilters } from "../api/get-report";
import { percent } from "../utils/report-format";
import { type FigureColumn, FiguresTable } from "./figures-table";
import { ReportChart } from "./report-chart";
import { ReportSection } from "./report-section";

interface PromiseViewProps {
  title: string;
  view: "promise-by-category" | "promise-by-agent" | "promise-by-channel";
  /** The heading of the rows' column: what a row is. */
  heading: string;
  rows: readonly PromiseRow[];
  filters: ReportFilters;
}

const columns: FigureColumn<PromiseRow>[] = [
  { heading: "On time", value: (row) => row.onTime },
  { heading: "Late or unanswered", value: (row) => row.broken },
  { heading: "Not yet due", value: (row) => row.pending },
  { heading: "On time share", value: (row) => percent(row.onTimeShare) },
];

/** The promise kept, per category, agent or channel: the share on time as a chart, the counts as a table. */
export function PromiseView({ title, view, heading, rows, filters }: PromiseViewProps) {
  return (
    <ReportSection
      title={title}
      description="Conversations whose first reply came on or before the last day promised, of those answered or past that day. Not yet due: unanswered and still in time."
      view={view}
      filters={filters}
      chart={
        rows.length > 0 ? (
          <ReportChart
            horizontal
            max={100}
            labels={rows.map((row) => row.label)}
            series={[
              {
                label: "Answered on time (%)",
                values: rows.map((row) => Math.round((row.onTimeShare ?? 0) * 100)),
              },
            ]}
          />
        ) : undefined
      }
      table={
        rows.length === 0 ? (
          <p>No conversation began in this range.</p>
        ) : (
          <FiguresTable
            caption={title}
            rowHeading={heading}
            rows={rows}
            rowLabel={(row) => row.label}
            rowKey={(row) => row.key}
            columns={columns}
          />
        )
      }
    />
  );
}
