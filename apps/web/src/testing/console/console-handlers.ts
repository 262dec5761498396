import {
  type CannedReply,
  CONSOLE_BASE,
  type ConsoleMe,
  cannedRepliesResponseSchema,
  cannedReplySchema,
  consoleMeResponseSchema,
  noContentSchema,
  type SessionInfo,
  type StaffMember,
  staffListResponseSchema,
} from "@portal/domain";
import { HttpResponse, http } from "msw";
import { contractBody, contractJson } from "../contract-json";

// The fake services every console page meets: the staff, who signs in, their roles (GET /me), the
// canned replies the desk inserts and supervisors keep. Every answer goes through its contract.

export const agent: StaffMember = {
  entityNumber: 9001,
  firstName: "Thandi",
  lastName: "Mokoena",
  role: "STAFF_AGENT",
};

export const supervisor: StaffMember = {
  entityNumber: 9002,
  firstName: "Pieter",
  lastName: "van Wyk",
  role: "STAFF_SUPERVISOR",
};

/** An information officer without a desk role (the staff list of assignees does not hold them). */
export const informationOfficer = { entityNumber: 9004, firstName: "Naledi", lastName: "Dlamini" };

/** Anyone who signs in to the console: a person's name, with a desk role or none. */
export type ConsolePerson = Omit<StaffMember, "role"> & { role?: StaffMember["role"] };

export function staffSession(person: ConsolePerson): SessionInfo {
  const { role: _role, ...member } = person;
  return { authenticated: true, member, workspace: "console" };
}

/** A 204 the contract allows. */
export function noContent(): Response {
  contractBody(noContentSchema, null);
  return new HttpResponse(null, { status: 204 });
}

export const CANNED_REPLIES_PATH = `${CONSOLE_BASE}/canned-replies`;

export function cannedReply(overrides: Partial<CannedReply> = {}): CannedReply {
  return contractBody(cannedReplySchema, {
    id: 3,
    title: "Claim being checked",
    html: "<p>Dear {{firstName}}</p><p>We are checking query {{referenceNumber}} and will answer by {{dueDate}}.</p>",
    updatedAt: "2026-11-20T12:00:00.000Z",
    ...overrides,
  });
}

/** GET /canned-replies; `current` is asked on every request, so a test can change the list. */
export function cannedRepliesHandler(current: () => CannedReply[] = () => [cannedReply()]) {
  return http.get(CANNED_REPLIES_PATH, () =>
    contractJson(cannedRepliesResponseSchema, { cannedReplies: current() }),
  );
}

export function staffHandler(staff: StaffMember[] = [agent, supervisor]) {
  return http.get(`${CONSOLE_BASE}/staff`, () => contractJson(staffListResponseSchema, { staff }));
}

export const ME_PATH = `${CONSOLE_BASE}/me`;

/** GET /me: the person's staff roles. */
export function meHandler(me: ConsoleMe) {
  return http.get(ME_PATH, () => contractJson(consoleMeResponseSchema, me));
}
