import type { ReportResponse } from "@portal/domain";
import { CountsSection } from "./counts-section";
import type { CountColumn } from "./figures-table";
import type { ReportViewProps } from "./report-section";

type Day = ReportResponse["volumes"][number];

const columns: CountColumn<Day>[] = [
  { heading: "New queries", value: (day) => day.newQueries },
  { heading: "Updates", value: (day) => day.updates },
  { heading: "Replies", value: (day) => day.replies },
  { heading: "Closed", value: (day) => day.closed },
];

/** Messages in and out, and conversations closed, per day of the range. */
export function VolumesView({ report, filters }: ReportViewProps) {
  return (
    <CountsSection
      title="Volumes per day"
      description="New queries, members' updates, the desk's replies and conversations closed (on the day of their last close), per day."
      view="volumes"
      filters={filters}
      rowHeading="Day"
      rows={report.volumes}
      rowLabel={(day) => day.day}
      chartLabel={(day) => day.day.slice(5)}
      columns={columns}
    />
  );
}
