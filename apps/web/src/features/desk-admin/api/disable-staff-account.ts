import { CONSOLE_BASE } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";

/**
 * POST {CONSOLE_BASE}/staff-accounts/{entityNumber}/disable (204, supervisors): the log-in opens
 * nothing from now on and its sessions end at once; 409 for one's own log-in.
 */
export function disableStaffAccount(entityNumber: number): Promise<void> {
  return postJson(`${CONSOLE_BASE}/staff-accounts/${entityNumber}/disable`, {});
}

export function useDisableStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.staffAccounts }),
  });
}
