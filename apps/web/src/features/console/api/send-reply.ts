import type { ReplyBody, ReplySentResponse } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postJson } from "../../../lib/http";
import { consoleKeys } from "./console-keys";
import { consoleQueryUrl } from "./get-console-query";

/** POST {CONSOLE_BASE}/queries/{ref}/replies: stored, e-mailed to the member, optionally closing the query. */
export function sendReply(referenceNumber: number, body: Required<ReplyBody>): Promise<ReplySentResponse> {
  return postJson<ReplySentResponse>(`${consoleQueryUrl(referenceNumber)}/replies`, body);
}

export function useSendReply(referenceNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<ReplyBody>) => sendReply(referenceNumber, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}
