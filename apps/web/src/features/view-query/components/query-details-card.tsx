import type { QueryView, ReplyStatus } from "@portal/domain";
import type { ReactNode } from "react";
import { translateCategoryLabel } from "../../../components/category-label/translate-category-label";
import { ReplyExpectedBy } from "../../../components/reply-expected-by/reply-expected-by";
import { formatSchemeDate } from "../../../config/scheme-time-zone";
import { formatElements } from "../../../i18n/format-elements";
import { useTranslate } from "../../../i18n/translate";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";
import { viewQueryMessages } from "../view-query.messages";

/**
 * "View your query": its reference number, then Category, Query details and Date (yyyy-MM-dd), when
 * a reply is expected, then the attachments.
 */
export function QueryDetailsCard({
  query,
  replyStatus,
  children,
}: {
  query: QueryView;
  /** Where its answer stands, as the page decided it once (the reply button and notes follow it too). */
  replyStatus: ReplyStatus;
  children?: ReactNode;
}) {
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { t } = useTranslate();
  const category = translateCategoryLabel(query.category, t);
  return (
    <section className="card mb-3" aria-labelledby="view-query-title">
      <div className="card-body">
        <h2 className="h4 card-title" id="view-query-title">
          {t(viewQueryMessages.detailsTitle)}
        </h2>
        {/* The number to quote when calling or writing about it, and the one an update refers to. */}
        <p className="mb-2">
          {formatElements(t(viewQueryMessages.referenceNumber, { referenceNumber: query.referenceNumber }), [
            <strong key="number">{query.referenceNumber}</strong>,
          ])}
        </p>
        {query.parentReferenceNumber == null ? null : (
          <p className="mb-2">
            {t(viewQueryMessages.updateOf, { parentReferenceNumber: query.parentReferenceNumber })}
          </p>
        )}
        {wide ? (
          <div className="table-responsive">
            <table className="table align-middle">
              <caption className="visually-hidden">
                {t(viewQueryMessages.tableCaption, { referenceNumber: query.referenceNumber })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t(viewQueryMessages.category)}</th>
                  <th scope="col">{t(viewQueryMessages.queryDetails)}</th>
                  <th scope="col">{t(viewQueryMessages.date)}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td>{category}</td>
                  <td className="text-break">{query.queryDetail}</td>
                  <td className="text-nowrap">{formatSchemeDate(query.dateLogged)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : (
          // One query on a phone: its values one under another, not a table squeezed into three columns.
          <dl className="mb-3">
            <dt>{t(viewQueryMessages.category)}</dt>
            <dd>{category}</dd>
            <dt>{t(viewQueryMessages.queryDetails)}</dt>
            <dd className="text-break">{query.queryDetail}</dd>
            <dt>{t(viewQueryMessages.date)}</dt>
            <dd>{formatSchemeDate(query.dateLogged)}</dd>
          </dl>
        )}
        <ReplyExpectedBy status={replyStatus} referenceNumber={query.referenceNumber} />
        {children}
      </div>
    </section>
  );
}
