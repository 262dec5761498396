import type { Plan } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** GET {MEMBER_DETAILS_BASE}/v2/member-details/plan: the plan of the member's policy. */
export async function getPlan(url: string): Promise<Plan> {
  return getJson<Plan>(url);
}

export function usePlan() {
  const { memberDetailsBase } = useAppConfig();
  const url = `${memberDetailsBase}/v2/member-details/plan`;
  return useQuery(queryOptions({ queryKey: ["my-membership", "plan", url], queryFn: () => getPlan(url) }));
}
