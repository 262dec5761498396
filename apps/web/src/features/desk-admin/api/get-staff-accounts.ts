import { CONSOLE_BASE, type StaffAccount, type StaffAccountsResponse } from "@portal/domain";
import { useInfiniteQuery } from "@tanstack/react-query";
import { consoleKeys, NO_STORE } from "../../../api/console/console-keys";
import { getJson } from "../../../lib/http";

export type { StaffAccount };

export const STAFF_ACCOUNTS_URL = `${CONSOLE_BASE}/staff-accounts`;

/** GET {CONSOLE_BASE}/staff-accounts (supervisors; agents get 403): a page of staff log-ins. */
export function getStaffAccounts(after?: number): Promise<StaffAccountsResponse> {
  const url = after === undefined ? STAFF_ACCOUNTS_URL : `${STAFF_ACCOUNTS_URL}?after=${after}`;
  return getJson<StaffAccountsResponse>(url, NO_STORE);
}

/** The staff log-ins, one page at a time ("Load more" appends the next), by entity number. */
export function useStaffAccounts() {
  return useInfiniteQuery({
    queryKey: consoleKeys.staffAccounts,
    queryFn: ({ pageParam }) => getStaffAccounts(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
