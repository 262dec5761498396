import type { QueryListItem } from "@portal/domain";
import { translateCategoryLabel } from "../../../components/category-label/translate-category-label";
import { ReplyExpectedBy, replyStatusToday } from "../../../components/reply-expected-by/reply-expected-by";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { useTranslate } from "../../../i18n/translate";
import { openQueriesMessages } from "../open-queries.messages";
import { LoggedElsewhere } from "./logged-elsewhere";
import { UpdateOfMark } from "./update-of-mark";
import { UpdateQueryLink } from "./update-query-link";

interface OpenQueriesTableProps {
  queries: readonly QueryListItem[];
  /** Route origin the Update links keep (update/{origin}). */
  origin: string;
  /** id of the heading that names the table. */
  labelledBy: string;
}

/**
 * Requirements §2 table, for screens wide enough for it: Category (its label), Query details, Date
 * (yyyy-MM-dd) and an Update icon link. The reference number goes under the category and the reply
 * due date under the query text: the required columns stay as they are.
 */
export function OpenQueriesTable({ queries, origin, labelledBy }: OpenQueriesTableProps) {
  const { t } = useTranslate();
  return (
    <div className="table-responsive">
      <table className="table table-striped align-middle mb-0" aria-labelledby={labelledBy}>
        <thead>
          <tr>
            <th scope="col">{t(openQueriesMessages.category)}</th>
            <th scope="col">{t(openQueriesMessages.queryDetails)}</th>
            <th scope="col" className="text-nowrap">
              {t(openQueriesMessages.date)}
            </th>
            <th scope="col">{t(openQueriesMessages.update)}</th>
          </tr>
        </thead>
        <tbody>
          {queries.map((query) => (
            <tr key={query.referenceNumber}>
              <td>
                {translateCategoryLabel(query.category, t)}
                {/* The number members quote when they call or write: shown, not only sent in the link. */}
                <p className="small text-body-secondary mt-1 mb-0">
                  {t(openQueriesMessages.referenceNumber, { referenceNumber: query.referenceNumber })}
                </p>
                <UpdateOfMark parentReferenceNumber={query.parentReferenceNumber} origin={origin} />
              </td>
              <td className="text-break">
                {query.queryDetail}
                <ReplyExpectedBy
                  status={replyStatusToday(query)}
                  referenceNumber={query.referenceNumber}
                  className="mt-1 mb-0"
                />
              </td>
              <td className="text-nowrap">{formatSchemeDate(query.dateLogged)}</td>
              <td>
                {query.legacy ? (
                  <LoggedElsewhere />
                ) : (
                  <UpdateQueryLink referenceNumber={query.referenceNumber} origin={origin} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
