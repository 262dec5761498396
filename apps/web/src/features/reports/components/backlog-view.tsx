import type { ReportResponse } from "@portal/domain";
import { CountsSection } from "./counts-section";
import type { CountColumn } from "./figures-table";
import type { ReportViewProps } from "./report-section";

type Band = ReportResponse["backlog"][number];

const columns: CountColumn<Band>[] = [{ heading: "Open conversations", value: (band) => band.conversations }];

/** The open conversations now by age band, whatever the range. */
export function BacklogView({ report, filters }: ReportViewProps) {
  return (
    <CountsSection
      title="Backlog by age"
      description="Open conversations now, by calendar days since the member first wrote."
      view="backlog"
      filters={filters}
      rowHeading="Age"
      rows={report.backlog}
      rowLabel={(band) => band.label}
      columns={columns}
    />
  );
}
