import {
  type CannedReply,
  CONSOLE_BASE,
  cannedReplySchema,
  failedMailsResponseSchema,
  type StaffAccount,
  staffAccountsResponseSchema,
} from "@portal/domain";
import { http } from "msw";
import { agent, noContent } from "../../../testing/console/console-handlers";
import { contractJson, errorJson } from "../../../testing/contract-json";
import type { FailedMail } from "../api/get-failed-mails";

// The supervisors' fake services: failed mails and their resending, the staff log-ins, a canned reply
// saved. Every answer goes through its contract.

export function cannedReplyJson(reply: CannedReply, status = 200): Response {
  return contractJson(cannedReplySchema, reply, { status });
}

export const failedMail: FailedMail = {
  id: 77,
  kind: "REPLY_SENT",
  referenceNumber: 300001,
  member: { entityNumber: 41, firstName: "Zanele", lastName: "Khumalo" },
  recipient: "z•••@example.com",
  otherRecipients: 1,
  attempts: 5,
  lastErrorCode: "ESOCKET",
  createdAt: "2026-11-21T13:00:00.000Z",
  parkedAt: "2026-11-21T20:15:00.000Z",
};

export function failedMailsHandler(mails: FailedMail[] = [failedMail]) {
  return http.get(`${CONSOLE_BASE}/mails/failed`, () => contractJson(failedMailsResponseSchema, { mails }));
}

/** What the server answers an agent for a supervisor's call. */
export function failedMailsForbidden() {
  return http.get(`${CONSOLE_BASE}/mails/failed`, () => errorJson(403, "FORBIDDEN"));
}

export function resendHandler() {
  return http.post(`${CONSOLE_BASE}/mails/:mailId/resend`, () => noContent());
}

/** A staff log-in as the Staff page lists it; the agent by default. */
export function staffAccount(overrides: Partial<StaffAccount> = {}): StaffAccount {
  return {
    entityNumber: agent.entityNumber,
    firstName: agent.firstName,
    lastName: agent.lastName,
    username: "thandi.mokoena",
    role: "STAFF_AGENT",
    disabledAt: null,
    lastSignIn: { at: "2026-11-23T08:15:00.000Z", method: "password" },
    signIn: { password: true, authenticatorApp: true, identityProvider: false },
    ...overrides,
  };
}

export const STAFF_ACCOUNTS_PATH = `${CONSOLE_BASE}/staff-accounts`;

/** The staff log-ins by cursor: `pages[after ?? ""]`; `current` is asked on every request. */
export function staffAccountsHandler(current: () => Record<string, StaffAccount[]>) {
  return http.get(STAFF_ACCOUNTS_PATH, ({ request }) => {
    const after = new URL(request.url).searchParams.get("after") ?? "";
    const pages = current();
    const cursors = Object.keys(pages);
    const accounts = pages[after];
    if (!accounts) return errorJson(404, "NOT_FOUND", `No page ${after}`);
    const next = cursors[cursors.indexOf(after) + 1];
    return contractJson(staffAccountsResponseSchema, {
      accounts,
      nextCursor: next === undefined ? null : Number(next),
    });
  });
}

/** What the server answers an agent for the staff log-ins. */
export function staffAccountsForbidden() {
  return http.get(STAFF_ACCOUNTS_PATH, () => errorJson(403, "FORBIDDEN"));
}

/** POST …/staff-accounts/:entityNumber/(disable|enable|role): `answer` decides, a 204 by default. */
export function staffChangeHandler(
  action: "disable" | "enable" | "role",
  answer: (entityNumber: number) => Response = () => noContent(),
) {
  return http.post(`${STAFF_ACCOUNTS_PATH}/:entityNumber/${action}`, ({ params }) =>
    answer(Number(params.entityNumber)),
  );
}
