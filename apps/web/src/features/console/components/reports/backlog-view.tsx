import type { ReportResponse } from "@portal/domain";
import { type CountColumn, FiguresTable, seriesOf } from "./figures-table";
import { ReportChart } from "./report-chart";
import { ReportSection, type ReportViewProps } from "./report-section";

type Band = ReportResponse["backlog"][number];

const columns: CountColumn<Band>[] = [{ heading: "Open conversations", value: (band) => band.conversations }];

/** The open conversations now by age band, whatever the range. */
export function BacklogView({ report, filters }: ReportViewProps) {
  return (
    <ReportSection
      title="Backlog by age"
      description="Open conversations now, by calendar days since the member first wrote."
      view="backlog"
      filters={filters}
      chart={
        <ReportChart
          labels={report.backlog.map((band) => band.label)}
          series={seriesOf(columns, report.backlog)}
        />
      }
      table={
        <FiguresTable
          caption="Backlog by age"
          rowHeading="Age"
          rows={report.backlog}
          rowLabel={(band) => band.label}
          columns={columns}
        />
      }
    />
  );
}
