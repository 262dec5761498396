import { XSRF_HEADER } from "@portal/domain";
import {
  antiForgeryToken,
  HttpError,
  parseErrorBody,
  reasonPhrase,
  reportServerAnswer,
  reportUnauthorized,
  TEXT_ACCEPT,
} from "./http";

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  /** Sent as Idempotency-Key, so a retry after a lost answer creates nothing twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** How to read a successful answer: JSON (the default) or plain text (e.g. a data URI). */
  responseType?: "json" | "text";
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch reports no upload progress. Same
 * contract as lib/http.ts: the anti-forgery header, HttpError on failure, a 401 ends the session.
 */
export function uploadWithProgress<T>(url: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, idempotencyKey, signal, responseType = "json" } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", url);
    // Errors come back as JSON either way.
    request.setRequestHeader("Accept", responseType === "text" ? TEXT_ACCEPT : "application/json");
    const token = antiForgeryToken(url);
    if (token !== undefined) request.setRequestHeader(XSRF_HEADER, token);
    if (idempotencyKey) request.setRequestHeader("Idempotency-Key", idempotencyKey);

    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    const failWith = (status: number, statusText: string, text = "") => {
      const error = new HttpError({
        url,
        status,
        statusText: reasonPhrase(status, statusText),
        body: parseErrorBody(text),
      });
      if (status === 401) reportUnauthorized();
      reject(error);
    };
    request.addEventListener("load", () => {
      reportServerAnswer(request.status);
      if (request.status < 200 || request.status >= 300) {
        failWith(request.status, request.statusText, request.responseText);
        return;
      }
      if (responseType === "text") {
        resolve(request.responseText as T);
        return;
      }
      try {
        resolve((request.responseText === "" ? undefined : JSON.parse(request.responseText)) as T);
      } catch {
        failWith(request.status, request.statusText);
      }
    });
    // The server closes the connection after refusing an upload part-way, which some browsers
    // report as a network error rather than the 413/415 it sent: status 0 then.
    request.addEventListener("error", () => failWith(0, ""));
    request.addEventListener("abort", () =>
      reject(new DOMException("The upload was cancelled.", "AbortError")),
    );
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}

/**
 * The Idempotency-Key policy of the forms: one key per content. Retrying the same content after a
 * failure reuses the key (the first attempt may have been stored, its answer lost); changed
 * content or a success starts a new key.
 */
export function createRetryKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(fingerprint: string): string {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newKey() };
      return current.key;
    },
    reset(): void {
      current = undefined;
    },
  };
}

/** A fingerprint of a submission's content: text fields and the files' names, sizes and dates. */
export function submissionFingerprint(fields: Record<string, string>, files: readonly File[]): string {
  return JSON.stringify([fields, files.map((file) => [file.name, file.size, file.lastModified])]);
}
