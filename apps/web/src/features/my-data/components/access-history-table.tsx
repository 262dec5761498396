import type { AccessEvent } from "@portal/domain";
import type { Ref } from "react";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";
import { formatSchemeDateTime } from "../utils/format";
import { actionText, actorText, subjectText } from "../utils/labels";

const CAPTION = "Who has read or changed your information, newest first";

interface AccessHistoryTableProps {
  events: readonly AccessEvent[];
  /** The index of the row whose header takes focus once it is there ("Load more"'s first new row). */
  focusIndex: number | null;
  focusRef: Ref<HTMLElement>;
}

/**
 * The access history as a table: a caption, column headers, and each row headed by its time. Four
 * columns do not fit a phone (at 390 px the last, "Read or changed", was cut off), so below 768 px
 * the same rows are a list, one entry under another, each value named as its column heading names
 * it: as My membership's tables and the open queries are laid out on a phone. On a wide screen a
 * table still too wide scrolls inside its box, a named region the keyboard can reach and scroll
 * (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function AccessHistoryTable({ events, focusIndex, focusRef }: AccessHistoryTableProps) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (!wide) {
    return (
      <ol className="list-unstyled mb-0" aria-label={CAPTION}>
        {events.map((event, index) => (
          <li key={event.id} className="border-top pt-2">
            <dl className="mb-2">
              <dt className="small text-body-secondary fw-normal">When</dt>
              <dd
                className="mb-2"
                ref={index === focusIndex ? focusRef : undefined}
                tabIndex={index === focusIndex ? -1 : undefined}
              >
                <time dateTime={event.at}>{formatSchemeDateTime(event.at)}</time>
              </dd>
              <dt className="small text-body-secondary fw-normal">Who</dt>
              <dd className="mb-2 text-break">{actorText(event.who)}</dd>
              <dt className="small text-body-secondary fw-normal">What</dt>
              <dd className="mb-2 text-break">{subjectText(event)}</dd>
              <dt className="small text-body-secondary fw-normal">Read or changed</dt>
              <dd className="mb-2 text-break">{actionText(event)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    );
  }
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
                ref={index === focusIndex ? (focusRef as Ref<HTMLTableCellElement>) : undefined}
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
