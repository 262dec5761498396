import {
  calendarDateIn,
  formatDate,
  type ReplyStatus,
  type ReplyStatusInput,
  replyStatus,
} from "@portal/domain";
import { useContext } from "react";
import { AppConfigContext } from "../../config/app-config";
import { formatSchemeDate, getSchemeTimeZone } from "../../config/scheme-time-zone";
import { formatElements } from "../../i18n/format-elements";
import { useTranslate } from "../../i18n/translate";
import { replyExpectedByMessages } from "./reply-expected-by.messages";

/** The query's reply status today, in the scheme's time zone (requirements §10.7). */
export function replyStatusToday(input: Omit<ReplyStatusInput, "today">): ReplyStatus {
  return replyStatus({ ...input, today: calendarDateIn(getSchemeTimeZone(), new Date()) });
}

interface ReplyExpectedByProps {
  /** Where the query's answer stands (replyStatus): the one source of every reply sentence of a page. */
  status: ReplyStatus;
  /** The number the member quotes when they call about a late reply. */
  referenceNumber: number;
  className?: string;
}

/**
 * Where the query's answer stands, in small text: "Replied on 2026-11-24" once answered;
 * until then "Reply expected by 2026-11-24", and once that day has passed in the scheme's
 * time zone, that it is late and whom to call. Nothing for a closed query without a reply (the page
 * says it is closed), nor for one without a promised date.
 */
export function ReplyExpectedBy({ status, referenceNumber, className = "" }: ReplyExpectedByProps) {
  // The number to call about a late reply; a card shown outside the app's config says only that it is late.
  const line = useContext(AppConfigContext)?.brand.contactLines[0];
  const { t } = useTranslate();
  const classes = `small ${className}`.trim();
  switch (status.kind) {
    case "REPLIED":
    case "REPLIED_IN_CONVERSATION":
      return status.on === null ? null : (
        <p className={`${classes} fw-semibold`}>
          {t(replyExpectedByMessages.repliedOn, { date: formatSchemeDate(status.on) })}
        </p>
      );
    case "EXPECTED":
      return (
        <p className={`${classes} text-body-secondary`}>
          {t(replyExpectedByMessages.expectedBy, { date: formatDate(status.by) })}
        </p>
      );
    case "LATE":
      return (
        <p className={`${classes} fw-semibold`}>
          {line
            ? formatElements(
                t(replyExpectedByMessages.lateCall, {
                  date: formatDate(status.by),
                  lineLabel: line.label,
                  number: line.number,
                  referenceNumber,
                }),
                [
                  <a key="call" href={`tel:${line.dial}`}>
                    {line.number}
                  </a>,
                ],
              )
            : t(replyExpectedByMessages.late, { date: formatDate(status.by) })}
        </p>
      );
    case "CLOSED":
    case "AWAITING":
      return null;
  }
}
