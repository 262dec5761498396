import { type TimelineItem, type TimelineResponse, timelineResponseSchema } from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { testConfig } from "../../../testing/test-utils";

export const INTERACTION_TIMELINE_PATH = `${testConfig.smartInquiryBase}/interaction-timeline`;

// Midday UTC throughout, so the local calendar day is the same in every test time zone.

export const openQueryItem: TimelineItem = {
  type: "QUERY",
  referenceNumber: 300010,
  origin: "MEMBER_WEB",
  category: "MEDICAL_CLAIMS",
  status: "OPEN",
  dateLogged: "2026-11-20T12:00:00.000Z",
  legacy: false,
  // Each oldest first, as the service sends them; a reply came between the two updates.
  updates: [
    { referenceNumber: 300011, dateLogged: "2026-11-21T12:00:00.000Z" },
    { referenceNumber: 300012, dateLogged: "2026-11-23T12:00:00.000Z" },
  ],
  replies: [{ sentAt: "2026-11-22T12:00:00.000Z" }, { sentAt: "2026-11-24T12:00:00.000Z" }],
  removed: null,
};

export const documentItem: TimelineItem = {
  type: "DOCUMENT_SUBMISSION",
  referenceNumber: 800001,
  category: "CHRONIC_CONDITIONS_AND_CANCER",
  dateLogged: "2026-11-12T12:00:00.000Z",
  fileCount: 2,
  removed: null,
};

export const closedMedxpressItem: TimelineItem = {
  type: "QUERY",
  referenceNumber: 300005,
  origin: "MED_XPRESS",
  category: "MEDXPRESS_DELIVERY_QUERY",
  status: "CLOSED",
  dateLogged: "2026-10-02T12:00:00.000Z",
  legacy: false,
  updates: [],
  replies: [{ sentAt: "2026-10-05T12:00:00.000Z" }],
  removed: null,
};

export const legacyItem: TimelineItem = {
  type: "QUERY",
  referenceNumber: 100001,
  origin: "MEMBER_WEB",
  category: "MANAGE_PLAN",
  status: "CLOSED",
  dateLogged: "2024-01-15T12:00:00.000Z",
  legacy: true,
  updates: [],
  replies: [],
  removed: null,
};

/** A conversation closed long ago, whose text and files the retention purge removed. */
export const removedQueryItem: TimelineItem = {
  type: "QUERY",
  referenceNumber: 200001,
  origin: "MEMBER_WEB",
  category: "MEDICAL_CLAIMS",
  status: "CLOSED",
  dateLogged: "2023-03-01T12:00:00.000Z",
  legacy: false,
  updates: [],
  replies: [],
  removed: { at: "2026-11-24T12:00:00.000Z", reason: "RETENTION" },
};

/** The member's timeline, newest first, in pages: each page's cursor is "page-<next index>". */
export const timelinePages: TimelineResponse[] = [
  { items: [openQueryItem, documentItem], nextCursor: "page-1" },
  { items: [closedMedxpressItem, legacyItem], nextCursor: null },
];

/** Answers the page its `before` cursor names (the first without one); an unknown cursor is a 400. */
export function interactionTimelineHandler(pages: TimelineResponse[] = timelinePages) {
  return http.get(INTERACTION_TIMELINE_PATH, ({ request }) => {
    const before = new URL(request.url).searchParams.get("before");
    const index = before === null ? 0 : Number(before.replace(/^page-/, ""));
    const page = pages[index];
    return page
      ? contractJson(timelineResponseSchema, page)
      : errorJson(400, "VALIDATION_FAILED", `No page for ${before}.`);
  });
}

export function interactionTimelineFailing() {
  return http.get(INTERACTION_TIMELINE_PATH, () => errorJson(500, "INTERNAL_ERROR", "boom"));
}
