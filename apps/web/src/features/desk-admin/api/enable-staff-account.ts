import { CONSOLE_BASE } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";

/** POST {CONSOLE_BASE}/staff-accounts/{entityNumber}/enable (204, supervisors): the log-in works again. */
export function enableStaffAccount(entityNumber: number): Promise<void> {
  return postJson(`${CONSOLE_BASE}/staff-accounts/${entityNumber}/enable`, {});
}

export function useEnableStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.staffAccounts }),
  });
}
