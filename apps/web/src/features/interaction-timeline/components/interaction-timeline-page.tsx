import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "../../../components/alert/alert";
import { PageTitle } from "../../../components/page-title/page-title";
import { LoadingStatus, Spinner } from "../../../components/spinner/spinner";
import { useTranslate } from "../../../i18n/translate";
import { useInteractionTimeline } from "../api/get-interaction-timeline";
import { interactionTimelineMessages } from "../interaction-timeline.messages";
import { TimelineItemCard } from "./timeline-item-card";

/**
 * The interaction timeline: the member's queries (with their updates and the replies sent) and
 * their document submissions, newest first, a page at a time; a new query from 24 hours after it
 * was logged, as the note at the top says.
 */
export function InteractionTimelinePage() {
  const timeline = useInteractionTimeline();
  const { t } = useTranslate();
  const items = timeline.data?.pages.flatMap((page) => page.items) ?? [];
  // The index of the first item "Load more" asked for: it takes focus once it is there, so keyboard
  // and screen-reader users carry on reading where the new items begin.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const firstNewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusFrom === null || items.length <= focusFrom) return;
    firstNewHeading.current?.focus();
    setFocusFrom(null);
  }, [focusFrom, items.length]);

  const loadMore = () => {
    // The button is only aria-disabled while a page loads, so it keeps focus; a click then does nothing.
    if (timeline.isFetchingNextPage) return;
    setFocusFrom(items.length);
    void timeline.fetchNextPage();
  };

  return (
    <section>
      <PageTitle>{t(interactionTimelineMessages.title)}</PageTitle>
      <h1 className="h2 mb-4">{t(interactionTimelineMessages.title)}</h1>
      {/* The server keeps to it (a query logged less than 24 hours ago is not listed): said here too,
          so a member looking for the query they just logged knows why it is not there yet. */}
      <p className="text-body-secondary">{t(interactionTimelineMessages.note)}</p>
      {timeline.isPending ? <LoadingStatus label={t(interactionTimelineMessages.loading)} /> : null}
      {timeline.isError && items.length === 0 ? (
        <ErrorAlert>{t(interactionTimelineMessages.loadFailed)}</ErrorAlert>
      ) : null}
      {timeline.isSuccess && items.length === 0 ? <p>{t(interactionTimelineMessages.empty)}</p> : null}
      {items.length > 0 ? (
        <ol className="list-unstyled mb-0" aria-label={t(interactionTimelineMessages.listName)}>
          {items.map((item, index) => (
            <li key={`${item.type}-${item.referenceNumber}`}>
              <TimelineItemCard item={item} headingRef={index === focusFrom ? firstNewHeading : undefined} />
            </li>
          ))}
        </ol>
      ) : null}
      {timeline.isFetchNextPageError ? (
        <ErrorAlert>{t(interactionTimelineMessages.loadFailed)}</ErrorAlert>
      ) : null}
      {timeline.hasNextPage ? (
        <button
          type="button"
          className={`btn btn-outline-primary${timeline.isFetchingNextPage ? " disabled" : ""}`}
          aria-disabled={timeline.isFetchingNextPage}
          onClick={loadMore}
        >
          {timeline.isFetchingNextPage ? (
            <Spinner size="sm" label={t(interactionTimelineMessages.loadingMore)} className="me-2" />
          ) : null}
          {t(interactionTimelineMessages.loadMore)}
        </button>
      ) : null}
    </section>
  );
}
