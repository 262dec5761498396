import {
  type AccessEvent,
  type AccessHistoryResponse,
  accessHistoryResponseSchema,
  type CurrentExportResponse,
  currentExportResponseSchema,
  type DataExport,
  dataExportSchema,
  MY_DATA_BASE,
  MY_DATA_PATHS,
  requestExportBodySchema,
} from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "../../../testing/contract-json";

// The member's data-rights calls as the "My data" tests see them, every answer checked against its
// contract. Times are UTC; the page shows them in the scheme's zone (Johannesburg, two hours ahead).

export const ACCESS_HISTORY_PATH = `${MY_DATA_BASE}${MY_DATA_PATHS.accessHistory}`;
export const CURRENT_EXPORT_PATH = `${MY_DATA_BASE}${MY_DATA_PATHS.currentExport}`;
export const EXPORTS_PATH = `${MY_DATA_BASE}${MY_DATA_PATHS.exports}`;

/** An agent opened query 300001 in the console: shown as 2026-11-20 14:05. */
export const agentRead: AccessEvent = {
  id: 41,
  at: "2026-11-20T12:05:00.000Z",
  who: "STAFF_AGENT",
  action: "READ",
  what: "QUERY",
  referenceNumber: 300001,
  times: 1,
};

export const ownPasswordChange: AccessEvent = {
  id: 40,
  at: "2026-11-19T22:30:00.000Z",
  who: "YOU",
  action: "UPDATE",
  what: "PASSWORD",
  referenceNumber: null,
  times: 1,
};

/** Read three times that day: one row. */
export const supervisorAttachmentRead: AccessEvent = {
  id: 12,
  at: "2026-11-02T08:00:00.000Z",
  who: "STAFF_SUPERVISOR",
  action: "READ",
  what: "QUERY_ATTACHMENT",
  referenceNumber: 300001,
  times: 3,
};

export const officerDocumentsRead: AccessEvent = {
  id: 11,
  at: "2026-10-30T07:15:00.000Z",
  who: "STAFF_INFORMATION_OFFICER",
  action: "READ",
  what: "DOCUMENTS",
  referenceNumber: 800001,
  times: 1,
};

/** The member's access history, newest first, in pages: each page's cursor is "page-<next index>". */
export const historyPages: AccessHistoryResponse[] = [
  { events: [agentRead, ownPasswordChange], nextCursor: "page-1" },
  { events: [supervisorAttachmentRead, officerDocumentsRead], nextCursor: null },
];

/** Answers the page its `after` cursor names (the first without one); an unknown cursor is a 400. */
export function accessHistoryHandler(pages: AccessHistoryResponse[] = historyPages) {
  return http.get(ACCESS_HISTORY_PATH, ({ request }) => {
    const after = new URL(request.url).searchParams.get("after");
    const index = after === null ? 0 : Number(after.replace(/^page-/, ""));
    const page = pages[index];
    return page
      ? contractJson(accessHistoryResponseSchema, page)
      : errorJson(400, "VALIDATION_FAILED", `No page for ${after}.`);
  });
}

export function accessHistoryFailing() {
  return http.get(ACCESS_HISTORY_PATH, () => errorJson(500, "INTERNAL_ERROR", "boom"));
}

/** An archive in the given state; asked for at 2026-11-20 12:00 UTC. */
export function dataExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    exportId: 7,
    status: "QUEUED",
    progress: { done: 0, total: 0 },
    requestedAt: "2026-11-20T12:00:00.000Z",
    readyAt: null,
    expiresAt: null,
    sizeBytes: null,
    ...overrides,
  };
}

/** Ready at 12:01 UTC, offered for 7 days: until 2026-11-27 14:01 in the scheme's zone. */
export const readyExport = dataExport({
  status: "READY",
  progress: { done: 10, total: 10 },
  readyAt: "2026-11-20T12:01:00.000Z",
  expiresAt: "2026-11-27T12:01:00.000Z",
  sizeBytes: 1536,
});

/** Answers GET /exports/current with each answer in turn, the last one from then on. */
export function currentExportHandler(...answers: CurrentExportResponse[]) {
  let asked = 0;
  return http.get(CURRENT_EXPORT_PATH, () => {
    const answer = answers[Math.min(asked, answers.length - 1)] as CurrentExportResponse;
    asked += 1;
    return contractJson(currentExportResponseSchema, answer);
  });
}

export function currentExportFailing() {
  return http.get(CURRENT_EXPORT_PATH, () => errorJson(500, "INTERNAL_ERROR", "boom"));
}

/** The member's password, as the stub server knows it. */
export const MEMBER_PASSWORD = "Correct-Horse-1";

/**
 * POST /exports as the server answers it: 403 PASSWORD_REQUIRED without the password, 403
 * PASSWORD_INCORRECT with a wrong one, else 202 with the queued archive.
 */
export function requestExportHandler(queued: DataExport = dataExport()) {
  return http.post(EXPORTS_PATH, async ({ request }) => {
    const body = requestExportBodySchema.parse(await request.json().catch(() => null));
    if (!body?.currentPassword) {
      return errorJson(403, "PASSWORD_REQUIRED", "Enter your password to prepare the download of your data.");
    }
    if (body.currentPassword !== MEMBER_PASSWORD) {
      return errorJson(403, "PASSWORD_INCORRECT", "The current password you entered is not correct.");
    }
    return contractJson(dataExportSchema, queued, { status: 202 });
  });
}

/** POST /exports refused, with the server's sentence. */
export function requestExportRefused(status: 409 | 429, message: string) {
  return http.post(EXPORTS_PATH, () =>
    errorJson(status, status === 409 ? "CONFLICT" : "RATE_LIMITED", message),
  );
}
