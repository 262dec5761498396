import type { TimelineResponse } from "@portal/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** The first page, or the page after the item the cursor names. */
export function interactionTimelineUrl(smartInquiryBase: string, before?: string): string {
  const url = `${smartInquiryBase}/interaction-timeline`;
  return before === undefined ? url : `${url}?${new URLSearchParams({ before }).toString()}`;
}

/** GET {SMART_INQUIRY_BASE}/interaction-timeline?before=…: one page of the member's timeline. */
export function getInteractionTimeline(url: string): Promise<TimelineResponse> {
  return getJson<TimelineResponse>(url);
}

/** The timeline, newest first, one page at a time ("Load more" appends the next). */
export function useInteractionTimeline() {
  const { smartInquiryBase } = useAppConfig();
  return useInfiniteQuery({
    queryKey: ["interaction-timeline", smartInquiryBase],
    queryFn: ({ pageParam }) => getInteractionTimeline(interactionTimelineUrl(smartInquiryBase, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
