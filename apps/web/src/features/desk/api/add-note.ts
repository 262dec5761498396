import { useMutation, useQueryClient } from "@tanstack/react-query";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { consoleQueryUrl } from "./get-console-query";

/** POST {CONSOLE_BASE}/queries/{ref}/notes (204): an internal note, never shown to the member. */
export function addNote(referenceNumber: number, text: string): Promise<void> {
  return postJson(`${consoleQueryUrl(referenceNumber)}/notes`, { text });
}

export function useAddNote(referenceNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addNote(referenceNumber, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.query(referenceNumber) }),
  });
}
