import { calendarDateIn, type TimelineItem, toRouteOrigin } from "@portal/domain";
import { type ReactNode, type Ref, useId } from "react";
import { Link } from "react-router";
import { translateCategoryLabel } from "../../../components/category-label/translate-category-label";
import { paths } from "../../../config/paths";
import { formatSchemeDate, getSchemeTimeZone } from "../../../config/scheme-time-zone";
import { type translate, useTranslate } from "../../../i18n/translate";
import { interactionTimelineMessages as messages } from "../interaction-timeline.messages";
import { ORIGIN_LABELS, STATUS_LABELS } from "../utils/labels";

type QueryItem = Extract<TimelineItem, { type: "QUERY" }>;
type DocumentItem = Extract<TimelineItem, { type: "DOCUMENT_SUBMISSION" }>;

interface TimelineItemCardProps {
  item: TimelineItem;
  /** The heading, so "Load more" can move focus to the first item it added. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One entry of the timeline: a query with what happened to it since, or a document submission. */
export function TimelineItemCard({ item, headingRef }: TimelineItemCardProps) {
  return item.type === "QUERY" ? (
    <QueryCard item={item} headingRef={headingRef} />
  ) : (
    <DocumentCard item={item} headingRef={headingRef} />
  );
}

interface CardProps {
  title: string;
  headingRef: Ref<HTMLHeadingElement> | undefined;
  children: ReactNode;
}

function Card({ title, headingRef, children }: CardProps) {
  const headingId = useId();
  return (
    <article className="card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 className="h5 card-title" id={headingId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        {children}
      </div>
    </article>
  );
}

function Details({ rows }: { rows: readonly (readonly [term: string, value: string])[] }) {
  return (
    <dl className="row mb-2">
      {rows.map(([term, value]) => (
        <div key={term} className="col-sm-6 col-lg-3">
          <dt className="small text-body-secondary fw-normal">{term}</dt>
          <dd className="mb-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What is left of an item whose content was removed: its date and category stay, its text and
 * files went (the retention policy, or the member's own deletion request). Nothing to open.
 */
function removedText(removed: NonNullable<TimelineItem["removed"]>, t: typeof translate): string {
  const date = calendarDateIn(getSchemeTimeZone(), new Date(removed.at));
  return t(removed.reason === "ERASURE" ? messages.removedOnRequest : messages.removedByRetention, { date });
}

function Removed({ removed }: { removed: NonNullable<TimelineItem["removed"]> }) {
  const { t } = useTranslate();
  return <p className="small text-body-secondary mb-0">{removedText(removed, t)}</p>;
}

/** The updates and the replies of a query, in the order they happened. */
function threadEvents(item: QueryItem, t: typeof translate): { key: string; at: string; text: string }[] {
  const updates = item.updates.map((update) => ({
    key: `update-${update.referenceNumber}`,
    at: update.dateLogged,
    text: t(messages.updateLogged, {
      referenceNumber: update.referenceNumber,
      date: formatSchemeDate(update.dateLogged),
    }),
  }));
  const replies = item.replies.map((reply, index) => ({
    key: `reply-${index}`,
    at: reply.sentAt,
    text: t(messages.replySent, { date: formatSchemeDate(reply.sentAt) }),
  }));
  // Both are ISO 8601 instants in UTC, so comparing the text orders them in time.
  return [...updates, ...replies].sort((a, b) => a.at.localeCompare(b.at));
}

function QueryCard({
  item,
  headingRef,
}: {
  item: QueryItem;
  headingRef: Ref<HTMLHeadingElement> | undefined;
}) {
  const { t } = useTranslate();
  const events = threadEvents(item, t);
  const { referenceNumber } = item;
  return (
    <Card title={t(messages.queryTitle, { referenceNumber })} headingRef={headingRef}>
      <Details
        rows={[
          [t(messages.category), translateCategoryLabel(item.category, t)],
          [t(messages.date), formatSchemeDate(item.dateLogged)],
          [t(messages.loggedVia), t(item.legacy ? messages.loggedElsewhere : ORIGIN_LABELS[item.origin])],
          [t(messages.status), t(STATUS_LABELS[item.status])],
        ]}
      />
      {events.length > 0 ? (
        <ul className="mb-2" aria-label={t(messages.eventsName, { referenceNumber })}>
          {events.map((event) => (
            <li key={event.key}>{event.text}</li>
          ))}
        </ul>
      ) : null}
      {item.removed ? (
        <Removed removed={item.removed} />
      ) : item.legacy ? (
        // Such a query came from another channel: the view-query screen would only answer 0015.
        <p className="small text-body-secondary mb-0">{t(messages.queryLoggedElsewhere)}</p>
      ) : (
        <Link
          to={paths.update.getHref(toRouteOrigin(item.origin), {
            reference: item.referenceNumber,
            timeline: true,
          })}
        >
          {t(messages.viewQuery, { referenceNumber })}
        </Link>
      )}
    </Card>
  );
}

function DocumentCard({
  item,
  headingRef,
}: {
  item: DocumentItem;
  headingRef: Ref<HTMLHeadingElement> | undefined;
}) {
  const { t } = useTranslate();
  const { referenceNumber } = item;
  return (
    <Card title={t(messages.documentTitle, { referenceNumber })} headingRef={headingRef}>
      <Details
        rows={[
          [t(messages.category), translateCategoryLabel(item.category, t)],
          [t(messages.date), formatSchemeDate(item.dateLogged)],
          [t(messages.documents), t(messages.documentCount, { count: item.fileCount })],
        ]}
      />
      {item.removed ? (
        <Removed removed={item.removed} />
      ) : (
        <Link to={paths.documentSubmission.getHref(item.referenceNumber)}>
          {t(messages.viewDocumentSubmission, { referenceNumber })}
        </Link>
      )}
    </Card>
  );
}
