import type { ReactNode } from "react";
import type { ChartSeries } from "./report-chart";

/** One figure column: its heading, and the figure of a row. */
export interface FigureColumn<Row> {
  heading: string;
  value: (row: Row) => ReactNode;
}

/** A column a chart can draw too: its figure is a count. */
export interface CountColumn<Row> extends FigureColumn<Row> {
  value: (row: Row) => number;
}

interface FiguresTableProps<Row> {
  /** What the table holds, for assistive technology (the section's heading shows it). */
  caption: string;
  /** The heading of the rows' own column: what a row is. */
  rowHeading: string;
  rows: readonly Row[];
  /** A row's name, its header cell. */
  rowLabel: (row: Row) => string;
  /** A row's key, when two rows may have the same name; the name otherwise. */
  rowKey?: (row: Row) => string;
  columns: readonly FigureColumn<Row>[];
}

/** A report's figures: one row per label, a header cell naming it, one cell per column. */
export function FiguresTable<Row>({
  caption,
  rowHeading,
  rows,
  rowLabel,
  rowKey = rowLabel,
  columns,
}: FiguresTableProps<Row>) {
  return (
    <table className="table table-sm caption-top">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeading}</th>
          {columns.map((column) => (
            <th scope="col" key={column.heading}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row">{rowLabel(row)}</th>
            {columns.map((column) => (
              <td key={column.heading}>{column.value(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chart's series of count columns: the same headings and figures as the table's. */
export function seriesOf<Row>(columns: readonly CountColumn<Row>[], rows: readonly Row[]): ChartSeries[] {
  return columns.map((column) => ({ label: column.heading, values: rows.map(column.value) }));
}
