import { useId } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../../components/alert/alert";
import { SkipLink } from "../../../components/skip-link/skip-link";
import { LoadingStatus } from "../../../components/spinner/spinner";
import { paths } from "../../../config/paths";
import { useTranslate } from "../../../i18n/translate";
import { useMediaQuery, WIDE_SCREEN_QUERY } from "../../../lib/use-media-query";
import { useOpenQueries } from "../api/get-open-queries";
import { openQueriesMessages } from "../open-queries.messages";
import { OpenQueriesList } from "./open-queries-list";
import { OpenQueriesTable } from "./open-queries-table";

/**
 * "Your open queries" (requirements §2, §4): loading, then the table (stacked rows on a phone) or the
 * §8 alert. A member with no open query sees nothing at all: the spec hides the table, and a title
 * over nothing would only puzzle.
 */
interface OpenQueriesProps {
  origin: string;
  /** A "Skip to …" link before the queries, to what follows them: each query has its own link to tab past. */
  skipPast?: { targetId: string; label: string };
}

export function OpenQueries({ origin, skipPast }: OpenQueriesProps) {
  const openQueries = useOpenQueries(origin);
  const { t } = useTranslate();
  const titleId = useId();
  // The table on screens wide enough for its four columns; the same queries stacked on a phone.
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (openQueries.isSuccess && openQueries.data.length === 0) return null;

  return (
    <section className="card mb-4" aria-labelledby={titleId}>
      <div className="card-body">
        {skipPast && openQueries.isSuccess ? (
          <SkipLink targetId={skipPast.targetId}>{skipPast.label}</SkipLink>
        ) : null}
        <h2 className="card-title h4" id={titleId}>
          {t(openQueriesMessages.title)}
        </h2>
        {openQueries.isPending ? <LoadingStatus label={t(openQueriesMessages.loading)} /> : null}
        {openQueries.isError ? (
          <ErrorAlert className="mb-0">{t(openQueriesMessages.loadFailed)}</ErrorAlert>
        ) : null}
        {openQueries.isSuccess && wide ? (
          <OpenQueriesTable queries={openQueries.data} origin={origin} labelledBy={titleId} />
        ) : null}
        {openQueries.isSuccess && !wide ? (
          <OpenQueriesList queries={openQueries.data} origin={origin} labelledBy={titleId} />
        ) : null}
        {openQueries.isSuccess ? (
          // The list holds a week's open queries; the timeline has the closed and older ones too.
          <p className="mt-3 mb-0">
            <Link to={paths.interactionTimeline.getHref()}>{t(openQueriesMessages.toTimeline)}</Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
