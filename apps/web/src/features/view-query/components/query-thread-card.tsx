import type { QueryThreadEntry } from "@portal/domain";
import { Link } from "react-router";
import { paths } from "../../../config/paths";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { viewQueryMessages } from "../view-query.messages";

interface QueryThreadCardProps {
  thread: readonly QueryThreadEntry[];
  /** The query this page shows: marked in the thread instead of linked. */
  referenceNumber: number;
  routeOrigin: string;
}

/** Whether the thread holds more than this query (and its replies): only then is it worth a card. */
export function hasOtherQueries(thread: readonly QueryThreadEntry[] | undefined, referenceNumber: number) {
  return (thread ?? []).some((entry) => entry.type === "QUERY" && entry.referenceNumber !== referenceNumber);
}

/**
 * The conversation this query belongs to, oldest first: the original, each update added to it and
 * each reply sent by e-mail, every step with its reference number and date; the others link to
 * their own page (their attachments, their reply), opened to read.
 */
export function QueryThreadCard({ thread, referenceNumber, routeOrigin }: QueryThreadCardProps) {
  const { t } = useTranslate();
  const hrefOf = (reference: number) => paths.update.getHref(routeOrigin, { reference, timeline: true });
  const referenceLink = (reference: number) =>
    reference === referenceNumber ? (
      <strong key={reference}>{reference}</strong>
    ) : (
      <Link key={reference} to={hrefOf(reference)}>
        {reference}
      </Link>
    );
  return (
    <section className="card mb-3" aria-labelledby="query-thread-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="query-thread-title">
          {t(viewQueryMessages.threadTitle)}
        </h2>
        <ol className="list-unstyled mb-0">
          {thread.map((entry) =>
            entry.type === "QUERY" ? (
              <li
                key={`query-${entry.referenceNumber}`}
                className="border-top pt-2 pb-2"
                aria-current={entry.referenceNumber === referenceNumber ? "page" : undefined}
              >
                <p className="mb-1">
                  {entry.parentReferenceNumber === null
                    ? formatElements(
                        t(viewQueryMessages.threadQuery, { referenceNumber: entry.referenceNumber }),
                        [referenceLink(entry.referenceNumber)],
                      )
                    : formatElements(
                        t(viewQueryMessages.threadUpdate, {
                          referenceNumber: entry.referenceNumber,
                          parentReferenceNumber: entry.parentReferenceNumber,
                        }),
                        [referenceLink(entry.referenceNumber), referenceLink(entry.parentReferenceNumber)],
                      )}
                  <span className="text-body-secondary"> · {formatSchemeDate(entry.dateLogged)}</span>
                  {entry.referenceNumber === referenceNumber ? (
                    <span className="text-body-secondary"> {t(viewQueryMessages.shownAbove)}</span>
                  ) : null}
                </p>
                <p className="mb-0 text-break">{entry.queryDetail}</p>
              </li>
            ) : (
              <li key={`reply-${entry.referenceNumber}-${entry.sentAt}`} className="border-top pt-2 pb-2">
                <p className="mb-0">
                  {formatElements(
                    t(viewQueryMessages.threadReply, { referenceNumber: entry.referenceNumber }),
                    [referenceLink(entry.referenceNumber)],
                  )}
                  <span className="text-body-secondary"> · {formatSchemeDate(entry.sentAt)}</span>
                </p>
              </li>
            ),
          )}
        </ol>
      </div>
    </section>
  );
}
