import type { ReportResponse } from "@portal/domain";
import { CountsSection } from "./counts-section";
import type { CountColumn } from "./figures-table";
import type { ReportViewProps } from "./report-section";

type Day = ReportResponse["documents"][number];

const columns: CountColumn<Day>[] = [
  { heading: "From members", value: (day) => day.fromMembers },
  { heading: "Recorded by staff", value: (day) => day.recordedByStaff },
];

/** Documents received per day of the range: from members, and recorded by staff. */
export function DocumentsView({ report, filters }: ReportViewProps) {
  return (
    <CountsSection
      title="Document submissions received"
      description="Documents members sent and documents staff recorded as received, per day (the channel does not apply)."
      view="documents"
      filters={filters}
      rowHeading="Day"
      rows={report.documents}
      rowLabel={(day) => day.day}
      chartLabel={(day) => day.day.slice(5)}
      columns={columns}
      stacked
    />
  );
}
