import {
  type BulkActionResponse,
  bulkActionResponseSchema,
  CONSOLE_BASE,
  type ConsoleMemberSummary,
  type ConsoleQueryResponse,
  consoleMemberSummarySchema,
  consoleQueryResponseSchema,
  type DraftsResponse,
  draftBodySchema,
  draftsResponseSchema,
  type ExceptionCode,
  type HelpSuggestion,
  helpSuggestionsResponseSchema,
  type MemberSearchResult,
  memberSearchResponseSchema,
  type QueueResponse,
  type QueueRow,
  queueResponseSchema,
  replySentResponseSchema,
} from "@portal/domain";
import { http } from "msw";
import { agent, noContent, supervisor } from "../../../testing/console/console-handlers";
import { contractBody, contractJson, errorJson } from "../../../testing/contract-json";
import { testConfig } from "../../../testing/test-utils";

// The desk's fake services: the queue, a query and its replies, notes, drafts, help links, members'
// summaries and search. Every answer goes through its contract (contract-json.ts).
export const QUEUE_PATH = `${CONSOLE_BASE}/queries`;

export const QUERY_PATH = `${CONSOLE_BASE}/queries/:referenceNumber`;

/** A conversation as the queue lists it: a query with one update, waiting on the desk. */
export function queueRow(overrides: Partial<QueueRow> = {}): QueueRow {
  const referenceNumber = overrides.referenceNumber ?? 300001;
  return {
    referenceNumber,
    latestReferenceNumber: referenceNumber,
    member: { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo", membershipNumber: "20991234" },
    category: "MEDICAL_CLAIMS",
    subCategory: "CLAIM_SHORT_PAID",
    origin: "MEMBER_WEB",
    // Midday UTC, so the local calendar day is the same in every test time zone.
    dateLogged: "2026-11-20T12:00:00.000Z",
    lastMessageAt: "2026-11-21T12:00:00.000Z",
    messageCount: 1,
    replyDueOn: "2026-11-24",
    overdue: false,
    waitingOn: "AGENT",
    assignedTo: null,
    status: "OPEN",
    excerpt: null,
    ...overrides,
  };
}

export const queueCounts = { open: 12, closed: 30, overdue: 3, unassigned: 5, mine: 2, waiting: 4 };

export function queuePage(queries: QueueRow[], nextCursor: string | null = null): QueueResponse {
  return contractBody(queueResponseSchema, { queries, counts: queueCounts, nextCursor });
}

/** The queue answering by cursor: `pages[cursor ?? ""]`, the first page without one. */
export function queueHandler(pages: Record<string, QueueResponse> = { "": queuePage([queueRow()]) }) {
  return http.get(QUEUE_PATH, ({ request }) => {
    const cursor = new URL(request.url).searchParams.get("after") ?? "";
    const page = pages[cursor];
    return page ? contractJson(queueResponseSchema, page) : errorJson(404, "NOT_FOUND", `No page ${cursor}`);
  });
}

export const threadMember: ConsoleMemberSummary = {
  entityNumber: 41,
  firstName: "Zanele",
  lastName: "Khumalo",
  membershipNumber: "20991234",
  planName: "Meridian Comprehensive",
  dependentCount: 2,
  language: "zu",
  principal: null,
  otherConversations: [
    {
      referenceNumber: 300001,
      category: "MEDICAL_CLAIMS",
      status: "OPEN",
      lastMessageAt: "2026-11-21T12:00:00.000Z",
    },
    {
      referenceNumber: 300007,
      category: "MANAGE_PLAN",
      status: "CLOSED",
      lastMessageAt: "2026-10-02T12:00:00.000Z",
    },
  ],
};

export const consoleQuery: ConsoleQueryResponse = {
  query: {
    referenceNumber: 300001,
    origin: "MEMBER_WEB",
    category: "MEDICAL_CLAIMS",
    subCategory: "CLAIM_SHORT_PAID",
    status: "OPEN",
    waitingOn: "AGENT",
    replyDueOn: "2026-11-24",
    overdue: true,
    assignedTo: null,
    email: "zanele@example.com",
    emailInRegister: true,
    ccEmail: "z.khumalo@example.org",
    legacy: false,
    thread: [
      {
        referenceNumber: 300001,
        kind: "MEMBER_MESSAGE",
        text: "My claim was short paid.\nPlease check it.",
        dateLogged: "2026-11-20T12:00:00.000Z",
        attachments: [{ attachmentId: 41, fileName: "invoice.pdf" }],
      },
      {
        referenceNumber: 300004,
        kind: "EMAIL_RECEIVED",
        text: "Here is the statement as well.",
        dateLogged: "2026-11-21T12:00:00.000Z",
        attachments: [{ attachmentId: 42, fileName: "statement.png" }],
      },
    ],
    replies: [
      {
        id: 5,
        html: '<p>We are <strong>checking</strong> it.</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        sentAt: "2026-11-21T13:00:00.000Z",
        sentBy: { entityNumber: agent.entityNumber, firstName: agent.firstName, lastName: agent.lastName },
        attachments: [{ attachmentId: 900001, fileName: "claim-statement.pdf" }],
        mail: { status: "SENT", failureCode: null },
      },
    ],
    notes: [
      {
        id: 8,
        text: "Asked claims to look at the tariff.",
        createdAt: "2026-11-21T14:00:00.000Z",
        author: { entityNumber: supervisor.entityNumber, firstName: "Pieter", lastName: "van Wyk" },
      },
    ],
    events: [
      {
        id: 6,
        kind: "ASSIGNED",
        at: "2026-11-21T12:30:00.000Z",
        by: { entityNumber: supervisor.entityNumber, firstName: "Pieter", lastName: "van Wyk" },
        assignee: { entityNumber: agent.entityNumber, firstName: agent.firstName, lastName: agent.lastName },
        documentSubmissionReferenceNumber: null,
      },
      {
        id: 7,
        kind: "DOCUMENT_RECEIVED",
        at: "2026-11-21T12:45:00.000Z",
        by: { entityNumber: agent.entityNumber, firstName: agent.firstName, lastName: agent.lastName },
        assignee: null,
        documentSubmissionReferenceNumber: 800002,
      },
    ],
  },
  member: threadMember,
};

/** The query page's answer; `current` is asked on every request, so a test can change it. */
export function consoleQueryHandler(current: () => ConsoleQueryResponse = () => consoleQuery) {
  return http.get(QUERY_PATH, () => contractJson(consoleQueryResponseSchema, current()));
}

export function consoleQueryFailing(status: number, exceptionCode: ExceptionCode) {
  return http.get(QUERY_PATH, () => errorJson(status, exceptionCode));
}

export function noteHandler() {
  return http.post(`${QUERY_PATH}/notes`, () => noContent());
}

export function assignToMeHandler() {
  return http.post(`${QUERY_PATH}/assign-to-me`, () => noContent());
}

export function assigneeHandler() {
  return http.put(`${QUERY_PATH}/assignee`, () => noContent());
}

/** GET and PUT /drafts: the drafts `current` holds (none unless given); a PUT keeps what it sent there. */
export function draftsHandlers(current: DraftsResponse = { reply: null, note: null }) {
  return [
    http.get(`${QUERY_PATH}/drafts`, () => contractJson(draftsResponseSchema, current)),
    http.put(`${QUERY_PATH}/drafts`, async ({ request }) => {
      const { kind, text } = draftBodySchema.parse(await request.json());
      const saved = text.trim() === "" ? null : { text, savedAt: "2026-11-24T09:00:00.000Z" };
      if (kind === "REPLY") current.reply = saved;
      else current.note = saved;
      return noContent();
    }),
  ];
}

export function replyHandler(replyId = 6) {
  return http.post(`${QUERY_PATH}/replies`, () => contractJson(replySentResponseSchema, { replyId }));
}

export const BULK_PATH = `${CONSOLE_BASE}/conversations/bulk`;

/** POST /conversations/bulk: `answer` decides from the body sent; by default every one changed. */
export function bulkHandler(
  answer: (body: { referenceNumbers: number[] }) => BulkActionResponse = (body) => ({
    changed: body.referenceNumbers,
    unchanged: [],
  }),
) {
  return http.post(BULK_PATH, async ({ request }) =>
    contractJson(bulkActionResponseSchema, answer((await request.json()) as { referenceNumbers: number[] })),
  );
}

/** GET …/queries/300001/help-suggestions: the help the server suggests for the reply. */
export function helpSuggestionsHandler(suggestions: HelpSuggestion[]) {
  return http.get(`${QUERY_PATH}/help-suggestions`, () =>
    contractJson(helpSuggestionsResponseSchema, { suggestions }),
  );
}

export function reopenHandler() {
  return http.post(`${QUERY_PATH}/reopen`, () => noContent());
}

/** GET /members/{entityNumber}: `summary`, or for the numbers `others` names, theirs. */
export function memberSummaryHandler(
  summary: ConsoleMemberSummary = threadMember,
  others: Record<number, ConsoleMemberSummary> = {},
) {
  return http.get(`${CONSOLE_BASE}/members/:entityNumber`, ({ params }) =>
    contractJson(consoleMemberSummarySchema, others[Number(params.entityNumber)] ?? summary),
  );
}

export const MEMBER_SEARCH_PATH = `${testConfig.memberDetailsBase}/member-search`;

export function memberSearchHandler(members: MemberSearchResult[]) {
  return http.post(MEMBER_SEARCH_PATH, () => contractJson(memberSearchResponseSchema, { members }));
}
