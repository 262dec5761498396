import type { AccessEvent } from "@portal/domain";
import type { Ref } from "react";
import { useTranslate } from "../../../i18n/translate";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";
import { accessHistoryMessages as messages } from "../access-history.messages";
import { formatSchemeDateTime } from "../utils/format";
import { actionText, actorText, subjectText } from "../utils/labels";

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
  const { t } = useTranslate();
  const caption = t(messages.caption);
  if (!wide) {
    return (
      <ol className="list-unstyled mb-0" aria-label={caption}>
        {events.map((event, index) => (
          <li key={event.id} className="border-top pt-2">
            <dl className="mb-2">
              <dt className="small text-body-secondary fw-normal">{t(messages.when)}</dt>
              <dd
                className="mb-2"
                ref={index === focusIndex ? focusRef : undefined}
                tabIndex={index === focusIndex ? -1 : undefined}
              >
                <time dateTime={event.at}>{formatSchemeDateTime(event.at)}</time>
              </dd>
              <dt className="small text-body-secondary fw-normal">{t(messages.who)}</dt>
              <dd className="mb-2 text-break">{actorText(event.who, t)}</dd>
              <dt className="small text-body-secondary fw-normal">{t(messages.what)}</dt>
              <dd className="mb-2 text-break">{subjectText(event, t)}</dd>
              <dt className="small text-body-secondary fw-normal">{t(messages.readOrChanged)}</dt>
              <dd className="mb-2 text-break">{actionText(event, t)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    );
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable to scroll it by keyboard
    <section className="table-responsive" aria-label={caption} tabIndex={0}>
      <table className="table align-middle mb-0">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t(messages.when)}</th>
            <th scope="col">{t(messages.who)}</th>
            <th scope="col">{t(messages.what)}</th>
            <th scope="col">{t(messages.readOrChanged)}</th>
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
              <td>{actorText(event.who, t)}</td>
              <td>{subjectText(event, t)}</td>
              <td>{actionText(event, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
