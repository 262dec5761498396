import type { AccessEvent } from "@portal/domain";
import type { Ref } from "react";
import { formatSchemeDateTime } from "../utils/format";
import { actionText, actorText, subjectText } from "../utils/labels";

const CAPTION = "Who has read or changed your information, newest first";

interface AccessHistoryTableProps {
  events: readonly AccessEvent[];
  /** The index of the row whose header takes focus once it is there ("Load more"'s first new row). */
  focusIndex: number | null;
  focusRef: Ref<HTMLTableCellElement>;
}

/**
 * The access history as a table: a caption, column headers, and each row headed by its time. On a
 * phone the table scrolls sideways inside its box, so the box is a named region the keyboard can
 * reach and scroll (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function AccessHistoryTable({ events, focusIndex, focusRef }: AccessHistoryTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to scroll it by keyboard
    <section className="table-responsive" aria-label={CAPTION} tabIndex={0}>
      <table className="table align-middle mb-0">
        <caption>{CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Read or changed</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event, index) => (
            <tr key={event.id}>
              <th
                scope="row"
                className="text-nowrap fw-normal"
                ref={index === focusIndex ? focusRef : undefined}
                tabIndex={index === focusIndex ? -1 : undefined}
              >
                <time dateTime={event.at}>{formatSchemeDateTime(event.at)}</time>
              </th>
              <td>{actorText(event.who)}</td>
              <td>{subjectText(event)}</td>
              <td>{actionText(event)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
