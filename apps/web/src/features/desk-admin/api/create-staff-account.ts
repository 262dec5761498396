import { CONSOLE_BASE, type StaffCreateBody, type StaffCreated } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";

/**
 * POST {CONSOLE_BASE}/staff-accounts (201, supervisors): a new staff log-in, as `cli staff:create`
 * makes one; the server mails its address a link to set its own password. 409: the username is taken.
 */
export function createStaffAccount(body: StaffCreateBody): Promise<StaffCreated> {
  return postJson<StaffCreated>(`${CONSOLE_BASE}/staff-accounts`, body);
}

export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffAccount,
    // The Staff page's list and the assignee list (GET /staff) both gain the new log-in.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.staffAccounts }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.staff }),
      ]),
  });
}
