import type { MessageDescriptor } from "@lingui/core";
import type { QueryStatus, ServerOrigin } from "@portal/domain";
import { interactionTimelineMessages } from "../interaction-timeline.messages";

/** Where a query was logged, as the member knows the two channels. */
export const ORIGIN_LABELS: Readonly<Record<ServerOrigin, MessageDescriptor>> = {
  MEMBER_WEB: interactionTimelineMessages.originMemberWeb,
  MED_XPRESS: interactionTimelineMessages.originMedxpress,
};

/**
 * A query's status, in the words of the domain's QUERY_STATUS_LABELS (which the archive of the
 * member's data uses too; labels.test.ts holds the two to the same English).
 */
export const STATUS_LABELS: Readonly<Record<QueryStatus, MessageDescriptor>> = {
  OPEN: interactionTimelineMessages.statusOpen,
  CLOSED: interactionTimelineMessages.statusClosed,
};
