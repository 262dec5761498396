import {
  agentResponseSchema,
  type ExceptionCode,
  type QueryView,
  queryViewResponseSchema,
} from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "../../../testing/contract-json";
import { testConfig } from "../../../testing/test-utils";

export const viewedQuery: QueryView = {
  referenceNumber: 300001,
  category: "MEDICAL_CLAIMS",
  queryDetail: "My claim was short paid.",
  dateLogged: "2026-11-20T12:00:00.000Z",
  // Two business days after a Friday.
  replyExpectedBy: "2026-11-24",
  attachments: [{ attachmentId: 41, fileName: "invoice.pdf" }],
  canUpdate: true,
};

/** The query above, answered with a reply that came with two files. */
export const viewedQueryWithReplyFiles: QueryView = {
  ...viewedQuery,
  replyAttachments: [
    { attachmentId: 900001, fileName: "statement.pdf", contentType: "application/pdf", sizeBytes: 900 },
    { attachmentId: 900002, fileName: "claim form.png", contentType: "image/png", sizeBytes: 254_000 },
  ],
};

/** An update (300003) added to the query above, answered with the whole thread and a reply. */
export const viewedUpdate: QueryView = {
  referenceNumber: 300003,
  category: "MEDICAL_CLAIMS",
  queryDetail: "Here is the invoice.",
  dateLogged: "2026-11-23T12:00:00.000Z",
  replyExpectedBy: "2026-11-26",
  attachments: [],
  canUpdate: true,
  parentReferenceNumber: 300001,
  thread: [
    {
      type: "QUERY",
      referenceNumber: 300001,
      parentReferenceNumber: null,
      queryDetail: "My claim was short paid.",
      dateLogged: "2026-11-20T12:00:00.000Z",
    },
    { type: "REPLY", referenceNumber: 300001, sentAt: "2026-11-21T09:00:00.000Z" },
    {
      type: "QUERY",
      referenceNumber: 300003,
      parentReferenceNumber: 300001,
      queryDetail: "Here is the invoice.",
      dateLogged: "2026-11-23T12:00:00.000Z",
    },
  ],
};

export const QUERY_PATH = `${testConfig.smartInquiryBase}/member-queries/:referenceNumber`;
export const AGENT_RESPONSE_PATH = `${QUERY_PATH}/agent-response`;

/** The query answered as given (by default the one above, open to an update). */
export function queryViewHandler(query: QueryView = viewedQuery) {
  return http.get(QUERY_PATH, () => contractJson(queryViewResponseSchema, { query }));
}

/** Fetching the query fails with this error. */
export function queryViewFailing(status: number, exceptionCode: ExceptionCode) {
  return http.get(QUERY_PATH, () => errorJson(status, exceptionCode));
}

/** The agent's reply: the base64 of its HTML, or null while none was sent. */
export function agentResponseHandler(encodedResponse: string | null = null) {
  return http.get(AGENT_RESPONSE_PATH, () => contractJson(agentResponseSchema, { encodedResponse }));
}

export function agentResponseFailing() {
  return http.get(AGENT_RESPONSE_PATH, () => errorJson(500, "INTERNAL_ERROR"));
}
