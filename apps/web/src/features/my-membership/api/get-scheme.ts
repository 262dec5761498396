import type { Scheme } from "@portal/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../../config/app-config";
import { getJson } from "../../../lib/http";

/** GET {MEMBER_DETAILS_BASE}/v2/member-details/scheme: the medical scheme the member belongs to. */
export async function getScheme(url: string): Promise<Scheme> {
  return getJson<Scheme>(url);
}

export function useScheme() {
  const { memberDetailsBase } = useAppConfig();
  const url = `${memberDetailsBase}/v2/member-details/scheme`;
  return useQuery(
    queryOptions({ queryKey: ["my-membership", "scheme", url], queryFn: () => getScheme(url) }),
  );
}
