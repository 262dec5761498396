import type { PermissionsResponse } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/**
 * GET {MEMBER_DETAILS_BASE}/permissions?permissions=ORDER_MEMBERSHIP_CARD: whether the logged-in
 * person may order a card (a principal member); others are not offered a button that would fail.
 */
export async function getMayOrderCard(url: string): Promise<boolean> {
  const answer = await getJson<PermissionsResponse>(url);
  return answer.permissions.some((entry) => entry.permission === "ORDER_MEMBERSHIP_CARD" && entry.granted);
}

export function useMayOrderCard() {
  const { memberDetailsBase } = useAppConfig();
  const url = `${memberDetailsBase}/permissions?permissions=ORDER_MEMBERSHIP_CARD`;
  return useQuery(
    queryOptions({ queryKey: ["my-membership", "may-order-card", url], queryFn: () => getMayOrderCard(url) }),
  );
}
