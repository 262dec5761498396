import { type CreateQueryResponse, type ServerOrigin, toServerOrigin } from "@portal/domain";
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
  origin: ServerOrigin;
  files: readonly File[];
}

/** Multipart body of spec §3 "Update payload": query, origin, then one `files` part per file. */
export function queryUpdateFormData(update: QueryUpdate): FormData {
  const form = new FormData();
  form.append("query", update.query);
  form.append("origin", update.origin);
  for (const file of update.files) form.append("files", file, file.name);
  return form;
}

/**
 * POST the update with upload progress; the answer is the update's own new reference number. The
 * Idempotency-Key stays while the same content is retried after a failure.
 */
export function useSendQueryUpdate(originalReferenceNumber: number, routeOrigin: string) {
  const [retryKeys] = useState(createRetryKeys);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ query, files }: Omit<QueryUpdate, "origin">) => {
      const idempotencyKey = retryKeys.keyFor(submissionFingerprint({ query }, files));
      setProgress(null);
      return uploadWithProgress<CreateQueryResponse>(
        queryUpdateUrl(originalReferenceNumber),
        // Only default-origin queries offer an update (spec §6), so this is MEMBER_WEB in practice.
        queryUpdateFormData({ query, origin: toServerOrigin(routeOrigin), files }),
        { idempotencyKey, onProgress: setProgress },
      );
    },
    onSuccess: () => retryKeys.reset(),
  });
  return { ...mutation, progress };
}
