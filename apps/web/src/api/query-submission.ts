import { ATTACHMENTS_FIELD, type CreateQueryResponse } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { onSessionResumed } from "../lib/session-events";
import {
  createRetryKeys,
  submissionFingerprint,
  type UploadProgress,
  uploadWithProgress,
} from "../lib/upload-with-progress";

// The multipart POSTs of the smart-inquiry service (requirements §7): a new query of either origin
// and an update. Each has its own endpoint file; this is the sending they share.

/** The text parts of a query or an update, in the order they are sent. */
export type QueryFields = Record<string, string>;

export interface QuerySubmission {
  fields: QueryFields;
  files: readonly File[];
}

/** Multipart body: the text fields first, then one repeated `files` part per attachment. */
export function queryFormData({ fields, files }: QuerySubmission): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(ATTACHMENTS_FIELD, file, file.name);
  return form;
}

export interface QuerySubmissionOptions<Answer extends CreateQueryResponse = CreateQueryResponse> {
  /** Called once the server has stored it, with its reference number. */
  onSent?: (response: Answer) => void;
}

/**
 * Sends a query or an update to `url` with upload progress. The Idempotency-Key stays the same while
 * the same content is retried after a failure (the first try may have been stored and only its
 * answer lost), and changes with the content or after a success (requirements §10.12). `Answer`:
 * what the endpoint answers, its reference number and whatever else it says.
 */
export function useQuerySubmission<Answer extends CreateQueryResponse = CreateQueryResponse>(
  url: string,
  { onSent }: QuerySubmissionOptions<Answer> = {},
) {
  const [retryKeys] = useState(createRetryKeys);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (submission: QuerySubmission) => {
      const idempotencyKey = retryKeys.keyFor(submissionFingerprint(submission.fields, submission.files));
      setProgress(null);
      return uploadWithProgress<Answer>(url, queryFormData(submission), {
        idempotencyKey,
        onProgress: setProgress,
      });
    },
    onSuccess: (response) => {
      retryKeys.reset();
      onSent?.(response);
    },
  });
  // A send that failed while the session had ended says nothing true once the member is back.
  const { reset } = mutation;
  useEffect(() => onSessionResumed(reset), [reset]);
  return { ...mutation, progress };
}
