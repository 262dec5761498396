import {
  CONSOLE_BASE,
  INFORMATION_OFFICER_PATHS,
  type MemberLookup,
  type MemberLookupResponse,
  type MemberLookupResult,
} from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { postJson } from "../../../lib/http";

export type { MemberLookupResult };

export const MEMBER_LOOKUP_URL = `${CONSOLE_BASE}${INFORMATION_OFFICER_PATHS.memberLookup}`;

/**
 * POST {CONSOLE_BASE}/member-lookup (information officer): by membership number, ID number or the
 * start of a name. A POST, so the number a member quoted is in no address and no server log.
 */
export async function lookUpMembers(lookup: MemberLookup): Promise<MemberLookupResult[]> {
  const response = await postJson<MemberLookupResponse>(MEMBER_LOOKUP_URL, lookup);
  return response.members;
}

/** A mutation, not a cached query: each lookup is asked for, and its answer is not kept. */
export function useMemberLookup() {
  return useMutation({ mutationFn: lookUpMembers });
}
