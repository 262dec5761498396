import {
  type AuditTrailResponse,
  type AuditTrailRow,
  auditTrailResponseSchema,
  CONSOLE_BASE,
  type DataExport,
  type DataRequest,
  dataExportSchema,
  dataRequestSchema,
  dataRequestsResponseSchema,
  type LegalHold,
  legalHoldSchema,
  legalHoldsResponseSchema,
  type MemberLookupResult,
  memberExportsResponseSchema,
  memberLegalHoldResponseSchema,
  memberLookupResponseSchema,
} from "@portal/domain";
import { http } from "msw";
import { agent, informationOfficer, noContent } from "../../../testing/console/console-handlers";

// The information officer's fake services: the audit trail, members' requests about their data, their
// archives, legal holds and the member look-up. Every answer goes through its contract.
import { contractBody, contractJson, errorJson } from "../../../testing/contract-json";

export const AUDIT_TRAIL_PATH = `${CONSOLE_BASE}/audit-trail`;

export function auditRow(overrides: Partial<AuditTrailRow> = {}): AuditTrailRow {
  return {
    id: 501,
    at: "2026-11-21T13:00:00.000Z",
    actor: { entityNumber: agent.entityNumber, name: "Thandi Mokoena" },
    subject: { entityNumber: 41, name: "Zanele Khumalo" },
    resource: "console-query",
    action: "READ",
    referenceNumber: 300001,
    requestId: "req-7f3a",
    ...overrides,
  };
}

/** The audit trail by cursor: `pages[after ?? ""]`, whatever the filters (a test reads what was asked). */
export function auditTrailHandler(pages: Record<string, AuditTrailResponse>) {
  return http.get(AUDIT_TRAIL_PATH, ({ request }) => {
    const after = new URL(request.url).searchParams.get("after") ?? "";
    const page = pages[after];
    return page
      ? contractJson(auditTrailResponseSchema, page)
      : errorJson(404, "NOT_FOUND", `No page ${after}`);
  });
}

export const DATA_REQUESTS_PATH = `${CONSOLE_BASE}/data-requests`;

export function dataRequest(overrides: Partial<DataRequest> = {}): DataRequest {
  return contractBody(dataRequestSchema, {
    requestId: 12,
    member: { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo" },
    kind: "ACCESS",
    receivedOn: "2026-11-02",
    dueOn: "2026-12-02",
    status: "OPEN",
    notes: "Asked by e-mail for everything we hold.",
    recordedAt: "2026-11-02T10:00:00.000Z",
    completedAt: null,
    outcome: null,
    erasureReport: null,
    ...overrides,
  });
}

/** The requests list; `current` is asked on every request, so a test can change it. */
export function dataRequestsHandler(current: (status: string) => DataRequest[]) {
  return http.get(DATA_REQUESTS_PATH, ({ request }) => {
    const status = new URL(request.url).searchParams.get("status") ?? "OPEN";
    return contractJson(dataRequestsResponseSchema, { requests: current(status), nextCursor: null });
  });
}

/** POST /data-requests: `answer` decides from the body sent. */
export function recordDataRequestHandler(answer: (body: unknown) => Response) {
  return http.post(DATA_REQUESTS_PATH, async ({ request }) => answer(await request.json()));
}

export function dataRequestJson(request: DataRequest, status = 200): Response {
  return contractJson(dataRequestSchema, request, { status });
}

/** POST /data-requests/:requestId/(complete|erasure): `answer` decides. */
export function dataRequestActionHandler(action: "complete" | "erasure", answer: () => Response) {
  return http.post(`${DATA_REQUESTS_PATH}/:requestId/${action}`, () => answer());
}

export function dataExport(overrides: Partial<DataExport> = {}): DataExport {
  return {
    exportId: 31,
    status: "READY",
    progress: { done: 40, total: 40 },
    requestedAt: "2026-11-21T09:00:00.000Z",
    readyAt: "2026-11-21T09:05:00.000Z",
    expiresAt: "2026-11-28T09:05:00.000Z",
    sizeBytes: 1_572_864,
    ...overrides,
  };
}

/** A member's archives; `current` is asked on every request (the page polls while one is made). */
export function memberExportsHandler(current: () => DataExport[]) {
  return http.get(`${CONSOLE_BASE}/members/:entityNumber/data-exports`, () =>
    contractJson(memberExportsResponseSchema, { exports: current() }),
  );
}

export function prepareExportHandler(answer: () => DataExport) {
  return http.post(`${CONSOLE_BASE}/members/:entityNumber/data-exports`, () =>
    contractJson(dataExportSchema, answer(), { status: 202 }),
  );
}

export const LEGAL_HOLDS_PATH = `${CONSOLE_BASE}/legal-holds`;

export const LEGAL_HOLD_PATH = `${CONSOLE_BASE}/members/:entityNumber/legal-hold`;

export function legalHold(overrides: Partial<LegalHold> = {}): LegalHold {
  return {
    member: { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo" },
    reason: "Claim dispute 2026/118 with the provider.",
    setAt: "2026-11-20T12:00:00.000Z",
    setBy: { entityNumber: informationOfficer.entityNumber, name: "Naledi Dlamini" },
    ...overrides,
  };
}

/** The holds by cursor: `pages[after ?? ""]`; `current` is asked on every request. */
export function legalHoldsHandler(current: () => Record<string, LegalHold[]>) {
  return http.get(LEGAL_HOLDS_PATH, ({ request }) => {
    const after = new URL(request.url).searchParams.get("after") ?? "";
    const pages = current();
    // The first page first: an object lists number-like keys ("57") before "".
    const cursors = ["", ...Object.keys(pages).filter((cursor) => cursor !== "")];
    const holds = pages[after];
    if (!holds) return errorJson(404, "NOT_FOUND", `No page ${after}`);
    const next = cursors[cursors.indexOf(after) + 1];
    return contractJson(legalHoldsResponseSchema, {
      holds,
      nextCursor: next === undefined ? null : Number(next),
    });
  });
}

/** GET /members/:entityNumber/legal-hold: the member's hold, or none. */
export function memberLegalHoldHandler(hold: LegalHold | null) {
  return http.get(LEGAL_HOLD_PATH, () => contractJson(memberLegalHoldResponseSchema, { hold }));
}

/** PUT /members/:entityNumber/legal-hold: `answer` decides from the member and the body sent. */
export function setLegalHoldHandler(answer: (entityNumber: number, body: unknown) => Response) {
  return http.put(LEGAL_HOLD_PATH, async ({ params, request }) =>
    answer(Number(params.entityNumber), await request.json()),
  );
}

export function legalHoldJson(hold: LegalHold): Response {
  return contractJson(memberLegalHoldResponseSchema, { hold: contractBody(legalHoldSchema, hold) });
}

export function releaseLegalHoldHandler() {
  return http.delete(LEGAL_HOLD_PATH, () => noContent());
}

export const MEMBER_LOOKUP_PATH = `${CONSOLE_BASE}/member-lookup`;

/** The officer's member lookup: `answer` gets the body sent and gives the members found. */
export function memberLookupHandler(answer: (body: unknown) => MemberLookupResult[]) {
  return http.post(MEMBER_LOOKUP_PATH, async ({ request }) =>
    contractJson(memberLookupResponseSchema, { members: answer(await request.json()) }),
  );
}
