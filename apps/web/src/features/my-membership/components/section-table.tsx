import type { ReactNode } from "react";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";

export interface SectionRow {
  key: string | number;
  /** One value per column, in the columns' order. */
  cells: readonly ReactNode[];
}

/**
 * The tables of the page: a caption for screen readers, column headers, then the rows given. Four
 * or five columns do not fit a phone (a phone number was cut at the edge with nothing saying the
 * table scrolled), so below 768 px the same rows are a list, one entry under another, each value
 * named as its column heading would name it: as the open queries are laid out on a phone.
 */
export function SectionTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly SectionRow[];
}) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!wide) {
    return (
      <ul className="list-unstyled mb-0" aria-label={caption}>
        {rows.map((row) => (
          <li key={row.key} className="border-top pt-2">
            <dl className="mb-2">
              {columns.map((column, index) => (
                <div key={column}>
                  <dt className="small text-body-secondary fw-normal">{column}</dt>
                  <dd className="mb-2 text-break">{row.cells[index]}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to scroll it by keyboard
    <section className="table-responsive" aria-label={caption} tabIndex={0}>
      <table className="table align-middle mb-0">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
