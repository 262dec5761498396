import type { CreateQueryResponse } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import {
  createRetryKeys,
  submissionFingerprint,
  type UploadProgress,
  uploadWithProgress,
} from "../../../lib/upload-with-progress";
import { pushQueryLogged } from "../utils/analytics";

/** The text parts of a new query, in the order they are sent. */
export type QueryFields = Record<string, string>;

export interface QuerySubmission {
  fields: QueryFields;
  files: readonly File[];
}

/** Multipart body: the text fields first, then one repeated `files` part per attachment. */
export function queryFormData({ fields, files }: QuerySubmission): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("files", file, file.name);
  return form;
}

export interface QuerySubmissionOptions {
  onLogged?: (response: CreateQueryResponse) => void;
}

/**
 * Sends a new query to `url` with upload progress. The Idempotency-Key stays the same while the same
 * content is retried after a failure (the first try may have been stored and only its answer lost),
 * and changes with the content or after a success. On success the data layer hears of it.
 */
export function useQuerySubmission(url: string, { onLogged }: QuerySubmissionOptions = {}) {
  const [retryKeys] = useState(createRetryKeys);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (submission: QuerySubmission) => {
      const idempotencyKey = retryKeys.keyFor(submissionFingerprint(submission.fields, submission.files));
      setProgress(null);
      return uploadWithProgress<CreateQueryResponse>(url, queryFormData(submission), {
        idempotencyKey,
        onProgress: setProgress,
      });
    },
    onSuccess: (response) => {
      retryKeys.reset();
      pushQueryLogged(response.referenceNumber);
      onLogged?.(response);
    },
  });
  return { ...mutation, progress };
}
