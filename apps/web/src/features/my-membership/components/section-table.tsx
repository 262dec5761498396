import type { ReactNode } from "react";

/**
 * The tables of the page: a caption for screen readers, column headers, then the rows given. On a
 * phone a wide table scrolls sideways inside its box, so the box is a named region the keyboard can
 * reach and scroll (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function SectionTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
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
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
