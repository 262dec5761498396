import type { MemberSearch, MemberSearchResult } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { postJson } from "../../../lib/http";

export function memberSearchUrl(memberDetailsBase: string): string {
  return `${memberDetailsBase}/member-search`;
}

/** POST {MEMBER_DETAILS_BASE}/member-search (staff only): by membership number or by surname. */
export async function searchMembers(url: string, search: MemberSearch): Promise<MemberSearchResult[]> {
  const response = await postJson<{ members: MemberSearchResult[] }>(url, search);
  return response.members;
}

/** A mutation, not a cached query: each search is asked for, and its answer is not kept. */
export function useMemberSearch() {
  const { memberDetailsBase } = useAppConfig();
  return useMutation({
    mutationFn: (search: MemberSearch) => searchMembers(memberSearchUrl(memberDetailsBase), search),
  });
}
