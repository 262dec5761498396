import type { ReportView } from "@portal/domain";
import type { ReportFilters } from "../api/get-report";
import { type CountColumn, FiguresTable, seriesOf } from "./figures-table";
import { ReportChart } from "./report-chart";
import { ReportSection } from "./report-section";

interface CountsSectionProps<Row> {
  title: string;
  /** One sentence on what the figures count. */
  description: string;
  view: ReportView;
  filters: ReportFilters;
  /** The heading of the rows' column: what a row is. */
  rowHeading: string;
  rows: readonly Row[];
  /** A row's name in the table. */
  rowLabel: (row: Row) => string;
  /** A row's name under its bars, when shorter than the table's (a day without its year). */
  chartLabel?: (row: Row) => string;
  columns: readonly CountColumn<Row>[];
  /** The columns' bars stacked into one per row. */
  stacked?: boolean;
}

/** A view of counts per row: the columns as a chart's series, beside the same figures as a table. */
export function CountsSection<Row>({
  title,
  description,
  view,
  filters,
  rowHeading,
  rows,
  rowLabel,
  chartLabel = rowLabel,
  columns,
  stacked = false,
}: CountsSectionProps<Row>) {
  return (
    <ReportSection
      title={title}
      description={description}
      view={view}
      filters={filters}
      chart={<ReportChart stacked={stacked} labels={rows.map(chartLabel)} series={seriesOf(columns, rows)} />}
      table={
        <FiguresTable
          caption={title}
          rowHeading={rowHeading}
          rows={rows}
          rowLabel={rowLabel}
          columns={columns}
        />
      }
    />
  );
}
