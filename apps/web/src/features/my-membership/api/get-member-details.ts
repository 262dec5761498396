import type { MemberDetails } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/**
 * Only the addresses are asked for: dependents and emergency contacts have calls of their own, so
 * their sections still show when this one fails.
 */
export function memberDetailsUrl(memberDetailsBase: string): string {
  const flags = new URLSearchParams({ emergencyContacts: "false", dependents: "false", addresses: "true" });
  return `${memberDetailsBase}/v2/member-details?${flags.toString()}`;
}

/** GET {MEMBER_DETAILS_BASE}/v2/member-details: the member's own details. */
export async function getMemberDetails(url: string): Promise<MemberDetails> {
  return getJson<MemberDetails>(url);
}

export function useMemberDetails() {
  const { memberDetailsBase } = useAppConfig();
  const url = memberDetailsUrl(memberDetailsBase);
  return useQuery(
    queryOptions({
      queryKey: ["my-membership", "member-details", url],
      queryFn: () => getMemberDetails(url),
    }),
  );
}
