import type { Dependent, DependentsResponse } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** GET {MEMBER_DETAILS_BASE}/v2/member-details/dependents: the people on the member's policy. */
export async function getDependents(url: string): Promise<Dependent[]> {
  const response = await getJson<DependentsResponse>(url);
  return response.dependents;
}

export function useDependents() {
  const { memberDetailsBase } = useAppConfig();
  const url = `${memberDetailsBase}/v2/member-details/dependents`;
  return useQuery(
    queryOptions({ queryKey: ["my-membership", "dependents", url], queryFn: () => getDependents(url) }),
  );
}
