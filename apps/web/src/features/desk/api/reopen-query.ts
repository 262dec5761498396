import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { consoleQueryUrl } from "./get-console-query";

/** POST {CONSOLE_BASE}/queries/{ref}/reopen (204; 409 when it is already open). */
export function reopenQuery(referenceNumber: number): Promise<void> {
  return postJson(`${consoleQueryUrl(referenceNumber)}/reopen`, {});
}

export function useReopenQuery(referenceNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reopenQuery(referenceNumber),
    // A 409 means someone else reopened it: the page reloads either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
