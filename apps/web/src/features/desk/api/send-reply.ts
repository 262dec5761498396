import { ATTACHMENTS_FIELD, type ReplyBody, type ReplySentResponse } from "@portal/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { consoleKeys } from "../../../api/console/console-keys";
import { postJson } from "../../../lib/http";
import { type UploadProgress, uploadWithProgress } from "../../../lib/upload-with-progress";
import { consoleQueryUrl } from "./get-console-query";

/** A reply to send: its HTML, whether it closes the conversation, and the files sent with it. */
export type ReplyRequest = ReplyBody & { files?: readonly File[] };

/**
 * The reply as multipart/form-data: the fields `html` and `close` ("true" or "false"), the composer's
 * `idempotencyKey` and what it had seen (`seenReplyId`, "" for none, and `seenMessageReference`),
 * then one `files` part per file sent with it (ATTACHMENTS_FIELD), by the member's attachment rules.
 */
export function replyFormData({
  html,
  close = false,
  files = [],
  idempotencyKey,
  seenReplyId,
  seenMessageReference,
}: ReplyRequest): FormData {
  const form = new FormData();
  form.append("html", html);
  form.append("close", String(close));
  if (idempotencyKey !== undefined) form.append("idempotencyKey", idempotencyKey);
  if (seenMessageReference !== undefined) {
    form.append("seenReplyId", seenReplyId == null ? "" : String(seenReplyId));
    form.append("seenMessageReference", String(seenMessageReference));
  }
  for (const file of files) form.append(ATTACHMENTS_FIELD, file, file.name);
  return form;
}

/**
 * POST {CONSOLE_BASE}/queries/{ref}/replies: stored, e-mailed to the member, optionally closing the
 * conversation. With files it is multipart/form-data (replyFormData), sent as the portal's other
 * multipart posts are (uploadWithProgress: the anti-forgery header, upload progress, HttpError);
 * without, the contract's JSON body (replyBodySchema). The same idempotency key again answers the
 * first send's reply; a reply or member's message newer than what was seen is a 409
 * CONVERSATION_CHANGED.
 */
export function sendReply(
  referenceNumber: number,
  reply: ReplyRequest,
  onProgress?: (progress: UploadProgress) => void,
): Promise<ReplySentResponse> {
  const url = `${consoleQueryUrl(referenceNumber)}/replies`;
  const { files = [], ...body } = reply;
  if (files.length > 0) {
    return uploadWithProgress<ReplySentResponse>(url, replyFormData(reply), onProgress ? { onProgress } : {});
  }
  return postJson<ReplySentResponse>(url, { close: false, ...body });
}

/** Sends the reply; `progress` is the upload's while files are sent (null otherwise). */
export function useSendReply(referenceNumber: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (reply: ReplyRequest) => {
      setProgress(null);
      return sendReply(referenceNumber, reply, setProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
    // Whatever stopped it (another reply, the member writing again, the query closed), the page
    // shows the conversation as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: consoleKeys.query(referenceNumber) }),
  });
  return { ...mutation, progress };
}
