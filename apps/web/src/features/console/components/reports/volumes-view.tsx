import type { ReportResponse } from "@portal/domain";
import { type CountColumn, FiguresTable, seriesOf } from "./figures-table";
import { ReportChart } from "./report-chart";
import { ReportSection, type ReportViewProps } from "./report-section";

type Day = ReportResponse["volumes"][number];

const columns: CountColumn<Day>[] = [
  { heading: "New queries", value: (day) => day.newQueries },
  { heading: "Updates", value: (day) => day.updates },
  { heading: "Replies", value: (day) => day.replies },
  { heading: "Closed", value: (day) => day.closed },
];

/** Messages in and out, and conversations closed, per day of the range. */
export function VolumesView({ report, filters }: ReportViewProps) {
  const days = report.volumes;
  return (
    <ReportSection
      title="Volumes per day"
      description="New queries, members' updates, the desk's replies and conversations closed (on the day of their last close), per day."
      view="volumes"
      filters={filters}
      chart={<ReportChart labels={days.map((day) => day.day.slice(5))} series={seriesOf(columns, days)} />}
      table={
        <FiguresTable
          caption="Volumes per day"
          rowHeading="Day"
          rows={days}
          rowLabel={(day) => day.day}
          columns={columns}
        />
      }
    />
  );
}
