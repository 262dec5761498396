import type { WaitingPeriod, WaitingPeriodsResponse } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

export function waitingPeriodsUrl(memberDetailsBase: string, entityNumber: number): string {
  return `${memberDetailsBase}/policy-exclusions/${entityNumber}/waiting-periods`;
}

/** GET …/policy-exclusions/{entityNumber}/waiting-periods: those in force today. */
export async function getWaitingPeriods(url: string): Promise<WaitingPeriod[]> {
  const response = await getJson<WaitingPeriodsResponse>(url);
  return response.waitingPeriods;
}

/** Waits for the member's own entity number (from their details) before asking. */
export function useWaitingPeriods(entityNumber: number | undefined) {
  const { memberDetailsBase } = useAppConfig();
  const url = entityNumber === undefined ? "" : waitingPeriodsUrl(memberDetailsBase, entityNumber);
  return useQuery(
    queryOptions({
      queryKey: ["my-membership", "waiting-periods", url],
      queryFn: () => getWaitingPeriods(url),
      enabled: entityNumber !== undefined,
    }),
  );
}
