import { CONSOLE_BASE, type StaffMember } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { getJson } from "../../lib/http";
import { consoleKeys, NO_STORE } from "./console-keys";

export const STAFF_URL = `${CONSOLE_BASE}/staff`;

/** GET {CONSOLE_BASE}/staff: everyone a query can be assigned to, with their role. */
export async function getStaff(): Promise<StaffMember[]> {
  const response = await getJson<{ staff: StaffMember[] }>(STAFF_URL, NO_STORE);
  return response.staff;
}

/** `enabled`: false where the list is not needed, e.g. for an information officer without a desk role. */
export function useStaff({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: consoleKeys.staff,
    queryFn: getStaff,
    enabled,
    // Staff accounts change rarely; no need to ask on every page.
    staleTime: 5 * 60 * 1000,
  });
}
