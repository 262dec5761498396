import type { QueryListItem } from "@portal/domain";
import { translateCategoryLabel } from "../../../components/category-label/translate-category-label";
import { ReplyExpectedBy, replyStatusToday } from "../../../components/reply-expected-by/reply-expected-by";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { openQueriesMessages } from "../open-queries.messages";
import { LoggedElsewhere } from "./logged-elsewhere";
import { UpdateOfMark } from "./update-of-mark";
import { UpdateQueryLink } from "./update-query-link";

interface OpenQueriesListProps {
  queries: readonly QueryListItem[];
  /** Route origin the Update links keep (update/{origin}). */
  origin: string;
  /** id of the heading that names the list. */
  labelledBy: string;
}

/**
 * The open queries on a phone: the table's content and links, one query under another. Four
 * columns do not fit 390 px (words broke mid-word and the table scrolled sideways), and a table
 * restyled as blocks loses its table semantics in some browsers, so narrow screens get a real list
 * whose items name each value, as the column headings would.
 */
export function OpenQueriesList({ queries, origin, labelledBy }: OpenQueriesListProps) {
  const { t } = useTranslate();
  return (
    <ul className="list-unstyled mb-0" aria-labelledby={labelledBy}>
      {queries.map((query) => (
        <li key={query.referenceNumber} className="border-top pt-3 pb-2">
          <dl className="mb-2">
            <dt className="small text-body-secondary">{t(openQueriesMessages.reference)}</dt>
            <dd className="mb-2">
              {query.referenceNumber}
              <UpdateOfMark parentReferenceNumber={query.parentReferenceNumber} origin={origin} />
            </dd>
            <dt className="small text-body-secondary">{t(openQueriesMessages.category)}</dt>
            <dd className="mb-2">{translateCategoryLabel(query.category, t)}</dd>
            <dt className="small text-body-secondary">{t(openQueriesMessages.queryDetails)}</dt>
            <dd className="mb-2 text-break">
              {query.queryDetail}
              <ReplyExpectedBy
                status={replyStatusToday(query)}
                referenceNumber={query.referenceNumber}
                className="mt-1 mb-0"
              />
            </dd>
            <dt className="small text-body-secondary">{t(openQueriesMessages.date)}</dt>
            <dd className="mb-0">{formatSchemeDate(query.dateLogged)}</dd>
          </dl>
          {query.legacy ? (
            <LoggedElsewhere />
          ) : (
            <UpdateQueryLink referenceNumber={query.referenceNumber} origin={origin} showWord />
          )}
        </li>
      ))}
    </ul>
  );
}
