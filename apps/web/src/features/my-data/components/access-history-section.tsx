import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageSection } from "../../../components/page-section/page-section";
import { LoadingStatus, Spinner } from "../../../components/spinner/spinner";
import { useTranslate } from "../../../i18n/translate";
import { useAccessHistory } from "../api/get-access-history";
import { myDataMessages } from "../my-data.messages";
import { AccessHistoryTable } from "./access-history-table";

/** "Who has seen my information": the access history, newest first, a page at a time. */
export function AccessHistorySection() {
  const history = useAccessHistory();
  const { t } = useTranslate();
  const events = history.data?.pages.flatMap((page) => page.events) ?? [];
  // The index of the first row "Load more" asked for: its header takes focus once it is there, so
  // keyboard and screen-reader users carry on reading where the new rows begin.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const firstNewRow = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusFrom === null || events.length <= focusFrom) return;
    firstNewRow.current?.focus();
    setFocusFrom(null);
  }, [focusFrom, events.length]);

  const loadMore = () => {
    // The button is only aria-disabled while a page loads, so it keeps focus; a click then does nothing.
    if (history.isFetchingNextPage) return;
    setFocusFrom(events.length);
    void history.fetchNextPage();
  };

  return (
    <PageSection title={t(myDataMessages.historyTitle)}>
      <p>{t(myDataMessages.historyIntro)}</p>
      {history.isPending ? <LoadingStatus label={t(myDataMessages.historyLoading)} /> : null}
      {history.isError && events.length === 0 ? (
        <ErrorAlert className="mb-0">{t(myDataMessages.historyLoad)}</ErrorAlert>
      ) : null}
      {history.isSuccess && events.length === 0 ? (
        <p className="mb-0">{t(myDataMessages.noHistory)}</p>
      ) : null}
      {events.length > 0 ? (
        <AccessHistoryTable events={events} focusIndex={focusFrom} focusRef={firstNewRow} />
      ) : null}
      {history.isFetchNextPageError ? (
        <ErrorAlert className="mt-3 mb-0">{t(myDataMessages.historyMore)}</ErrorAlert>
      ) : null}
      {history.hasNextPage ? (
        <div className="d-flex align-items-center gap-2 mt-3">
          <button
            type="button"
            className={`btn btn-outline-primary${history.isFetchingNextPage ? " disabled" : ""}`}
            aria-disabled={history.isFetchingNextPage}
            onClick={loadMore}
          >
            {t(myDataMessages.loadMore)}
          </button>
          <span role="status" aria-live="polite">
            {history.isFetchingNextPage ? (
              <Spinner size="sm" label={t(myDataMessages.historyLoadingMore)} />
            ) : null}
          </span>
        </div>
      ) : null}
    </PageSection>
  );
}
