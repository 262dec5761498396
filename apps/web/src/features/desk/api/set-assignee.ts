import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { apiFetch } from "../../../lib/http";
import { consoleQueryUrl } from "./get-console-query";

/** PUT {CONSOLE_BASE}/queries/{ref}/assignee (204): supervisors only; null unassigns. */
export async function setAssignee(
  referenceNumber: number,
  assigneeEntityNumber: number | null,
): Promise<void> {
  await apiFetch(`${consoleQueryUrl(referenceNumber)}/assignee`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ assigneeEntityNumber }),
  });
}

export function useSetAssignee(referenceNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assigneeEntityNumber: number | null) => setAssignee(referenceNumber, assigneeEntityNumber),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
