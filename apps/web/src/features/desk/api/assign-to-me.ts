import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { consoleQueryUrl } from "./get-console-query";

/** POST {CONSOLE_BASE}/queries/{ref}/assign-to-me (204). */
export function assignToMe(referenceNumber: number): Promise<void> {
  return postJson(`${consoleQueryUrl(referenceNumber)}/assign-to-me`, {});
}

export function useAssignToMe(referenceNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => assignToMe(referenceNumber),
    // The queue's "assigned" column and counts change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
