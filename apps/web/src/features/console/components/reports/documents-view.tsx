import type { ReportResponse } from "@portal/domain";
import { type CountColumn, FiguresTable, seriesOf } from "./figures-table";
import { ReportChart } from "./report-chart";
import { ReportSection, type ReportViewProps } from "./report-section";

type Day = ReportResponse["documents"][number];

const columns: CountColumn<Day>[] = [
  { heading: "From members", value: (day) => day.fromMembers },
  { heading: "Recorded by staff", value: (day) => day.recordedByStaff },
];

/** Documents received per day of the range: from members, and recorded by staff. */
export function DocumentsView({ report, filters }: ReportViewProps) {
  const days = report.documents;
  return (
    <ReportSection
      title="Document submissions received"
      description="Documents members sent and documents staff recorded as received, per day (the channel does not apply)."
      view="documents"
      filters={filters}
      chart={
        <ReportChart stacked labels={days.map((day) => day.day.slice(5))} series={seriesOf(columns, days)} />
      }
      table={
        <FiguresTable
          caption="Document submissions received"
          rowHeading="Day"
          rows={days}
          rowLabel={(day) => day.day}
          columns={columns}
        />
      }
    />
  );
}
