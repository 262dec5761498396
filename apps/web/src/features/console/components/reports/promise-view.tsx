import type { PromiseRow } from "@portal/domain";
import type { ReportFilters } from "../../api/get-report";
import { ReportChart } from "./report-chart";
import { percent } from "./report-format";
import { ReportSection } from "./report-section";

interface PromiseViewProps {
  title: string;
  view: "promise-by-category" | "promise-by-agent" | "promise-by-channel";
  /** The heading of the rows' column: what a row is. */
  heading: string;
  rows: readonly PromiseRow[];
  filters: ReportFilters;
}

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
          <table className="table table-sm caption-top">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{heading}</th>
                <th scope="col">On time</th>
                <th scope="col">Late or unanswered</th>
                <th scope="col">Not yet due</th>
                <th scope="col">On time share</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{row.onTime}</td>
                  <td>{row.broken}</td>
                  <td>{row.pending}</td>
                  <td>{percent(row.onTimeShare)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    />
  );
}
