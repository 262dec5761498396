import { CONSOLE_BASE, type StaffRoleBody } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";

export type StaffRole = StaffRoleBody["role"];

/**
 * POST {CONSOLE_BASE}/staff-accounts/{entityNumber}/role (204, supervisors): exactly this staff
 * role from the person's next request; 409 for taking away one's own supervisor role.
 */
export function setStaffRole(entityNumber: number, role: StaffRole): Promise<void> {
  return postJson(`${CONSOLE_BASE}/staff-accounts/${entityNumber}/role`, { role } satisfies StaffRoleBody);
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entityNumber, role }: { entityNumber: number; role: StaffRole }) =>
      setStaffRole(entityNumber, role),
    // The assignee list (GET /staff) shows roles too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.staffAccounts }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.staff }),
      ]),
  });
}
