import { calendarDateIn, formatDueDate } from "@portal/domain";
import { useContext } from "react";
import { AppConfigContext } from "../../config/app-config";
import { formatSchemeDate, getSchemeTimeZone } from "../../config/scheme-time-zone";

interface ReplyExpectedByProps {
  /** The last day of the reply promise (yyyy-MM-dd); null for queries from before it was kept. */
  date: string | null;
  /** When the newest reply since the query was logged was sent; null or absent while none was. */
  repliedAt?: string | null;
  /** The number the member quotes when they call about a late reply. */
  referenceNumber: number;
  className?: string;
}

/**
 * Where the query's answer stands, in small text: "Replied on Tue 24 Nov 2026" once answered;
 * until then "Reply expected by Tue 24 Nov 2026", and once that day has passed in the scheme's
 * time zone, that it is late and whom to call. Nothing for a query without a promised date and no reply.
 */
export function ReplyExpectedBy({ date, repliedAt, referenceNumber, className = "" }: ReplyExpectedByProps) {
  // The number to call about a late reply; a card shown outside the app's config says only that it is late.
  const line = useContext(AppConfigContext)?.brand.contactLines[0];
  const classes = `small ${className}`.trim();
  if (repliedAt) {
    return (
      <p className={`${classes} fw-semibold`}>Replied on {formatDueDate(formatSchemeDate(repliedAt))}</p>
    );
  }
  if (date === null) return null;
  const today = calendarDateIn(getSchemeTimeZone(), new Date());
  if (today <= date)
    return <p className={`${classes} text-body-secondary`}>Reply expected by {formatDueDate(date)}</p>;
  return (
    <p className={`${classes} fw-semibold`}>
      Reply expected by {formatDueDate(date)}: our reply is late.
      {line ? (
        <>
          {" "}
          Please call {line.label} on <a href={`tel:${line.dial}`}>{line.number}</a> and quote reference{" "}
          {referenceNumber}.
        </>
      ) : null}
    </p>
  );
}
