import type { MemberDetailsResponse } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** The form needs only the e-mail addresses, so none of the optional sections is asked for. */
export function memberDetailsUrl(memberDetailsBase: string): string {
  const flags = new URLSearchParams({ emergencyContacts: "false", dependents: "false", addresses: "false" });
  return `${memberDetailsBase}/v2/member-details?${flags.toString()}`;
}

/** GET {MEMBER_DETAILS_BASE}/v2/member-details */
export async function getMemberDetails(url: string): Promise<MemberDetailsResponse> {
  return getJson<MemberDetailsResponse>(url);
}

/** The first e-mail address of the member's details (spec §2: it prefills the Email field). */
export function firstEmailAddress(details: MemberDetailsResponse | undefined): string | undefined {
  const address = details?.emails[0]?.address.trim();
  return address === "" ? undefined : address;
}

export function memberDetailsQueryOptions(url: string) {
  return queryOptions({
    queryKey: ["member-details", url],
    queryFn: () => getMemberDetails(url),
    // The addresses rarely change while the member is on the page.
    staleTime: 5 * 60 * 1000,
  });
}

/** The address to prefill, once known; undefined while loading, on failure or without any address. */
export function useMemberEmail(): string | undefined {
  const { memberDetailsBase } = useAppConfig();
  const details = useQuery(memberDetailsQueryOptions(memberDetailsUrl(memberDetailsBase)));
  return firstEmailAddress(details.data);
}
