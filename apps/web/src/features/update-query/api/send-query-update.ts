import type { CreateQueryResponse } from "@portal/domain";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import {
  createRetryKeys,
  submissionFingerprint,
  type UploadProgress,
  uploadWithProgress,
} from "../../../lib/upload-with-progress";

/** Spec §7: updates go to the portal path, with the original query's reference number. */
export function queryUpdateUrl(originalReferenceNumber: number): string {
  return `/portal/api/das-mp/smart-inquiry-api/member-queries/${originalReferenceNumber}`;
}

export interface QueryUpdate {
  query: string;
  files: readonly File[];
}

/** Multipart body of spec §3 "Update payload": query, origin, then one `files` part per file. */
export function queryUpdateFormData(update: QueryUpdate): FormData {
  const form = new FormData();
  form.append("query", update.query);
  // Only default-origin queries can be updated (spec §6), so the origin is always MEMBER_WEB.
  form.append("origin", "MEMBER_WEB");
  for (const file of update.files) form.append("files", file, file.name);
  return form;
}

/**
 * POST the update with upload progress; the answer is the update's own new reference number. The
 * Idempotency-Key stays while the same content is retried after a failure.
 */
export function useSendQueryUpdate(originalReferenceNumber: number) {
  const [retryKeys] = useState(createRetryKeys);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (update: QueryUpdate) => {
      const idempotencyKey = retryKeys.keyFor(submissionFingerprint({ query: update.query }, update.files));
      setProgress(null);
      return uploadWithProgress<CreateQueryResponse>(
        queryUpdateUrl(originalReferenceNumber),
        queryUpdateFormData(update),
        { idempotencyKey, onProgress: setProgress },
      );
    },
    onSuccess: () => retryKeys.reset(),
  });
  return { ...mutation, progress };
}
