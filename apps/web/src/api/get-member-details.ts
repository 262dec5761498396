import type { MemberDetails } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../config/app-config";
import { getJson } from "../lib/http";

/**
 * The addresses are asked for (the membership page lists them); dependents and emergency contacts
 * are not: they have calls of their own, so their sections still show when this one fails.
 */
export function memberDetailsUrl(memberDetailsBase: string): string {
  const flags = new URLSearchParams({ emergencyContacts: "false", dependents: "false", addresses: "true" });
  return `${memberDetailsBase}/v2/member-details?${flags.toString()}`;
}

/** GET {MEMBER_DETAILS_BASE}/v2/member-details: the member's own details. */
export async function getMemberDetails(url: string): Promise<MemberDetails> {
  return getJson<MemberDetails>(url);
}

/** One cache entry for the member's details, whichever screen reads them (the form, the membership page). */
export function memberDetailsQueryOptions(url: string) {
  return queryOptions({
    queryKey: ["member-details", url],
    queryFn: () => getMemberDetails(url),
    // The details rarely change while the member is in the portal.
    staleTime: 5 * 60 * 1000,
  });
}

export function useMemberDetails() {
  const { memberDetailsBase } = useAppConfig();
  return useQuery(memberDetailsQueryOptions(memberDetailsUrl(memberDetailsBase)));
}
