import { type QueryListItem, queryListResponseSchema } from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { testConfig } from "../../../testing/test-utils";

export const OPEN_QUERIES_PATH = `${testConfig.smartInquiryBase}/member-queries`;

export const openQueries: QueryListItem[] = [
  {
    referenceNumber: 300002,
    category: "MEDICAL_CLAIMS",
    queryDetail: "My dentist claim was not paid.",
    // Midday UTC, so the local calendar day is the same in every test time zone.
    dateLogged: "2025-03-14T12:00:00.000Z",
    // Two business days after a Friday.
    replyExpectedBy: "2025-03-18",
  },
  {
    referenceNumber: 300001,
    category: "MANAGE_PLAN",
    queryDetail: "Please change my bank details.",
    dateLogged: "2025-03-09T12:00:00.000Z",
    // Logged before reply dates were kept.
    replyExpectedBy: null,
  },
];

/** An update (its own query) added to the first query above, listed before it as the newest. */
export const openUpdate: QueryListItem = {
  referenceNumber: 300003,
  category: "MEDICAL_CLAIMS",
  queryDetail: "Here is the dentist's invoice.",
  dateLogged: "2025-03-17T12:00:00.000Z",
  replyExpectedBy: "2025-03-20",
  parentReferenceNumber: 300002,
};

/** The open-queries list answering these queries (by default the two above). */
export function openQueriesHandler(queries: QueryListItem[] = openQueries) {
  return http.get(OPEN_QUERIES_PATH, () => contractJson(queryListResponseSchema, { queries }));
}

export function openQueriesFailing() {
  return http.get(OPEN_QUERIES_PATH, () => errorJson(500, "INTERNAL_ERROR", "boom"));
}
