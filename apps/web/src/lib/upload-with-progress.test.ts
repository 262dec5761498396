import { createQueryResponseSchema } from "@portal/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeUploadRequest, stubUploads } from "../testing/fake-upload";
import { removeCookie, setCookie } from "./cookies";
import { HttpError, setUnauthorizedHandler } from "./http";
import { createRetryKeys, submissionFingerprint, uploadWithProgress } from "./upload-with-progress";

// The request path itself is covered end to end in Chromium; here the XMLHttpRequest is a recorder.
describe("uploadWithProgress", () => {
  let sent: FakeUploadRequest[];
  const last = () => sent[sent.length - 1] as FakeUploadRequest;
  beforeEach(() => {
    sent = stubUploads();
    setCookie("XSRF-TOKEN", "token-abc");
  });
  afterEach(() => removeCookie("XSRF-TOKEN"));

  it("posts the form with the anti-forgery header and the idempotency key, reporting progress", async () => {
    const form = new FormData();
    form.append("query", "text");
    const progress: number[] = [];
    const upload = uploadWithProgress<{ referenceNumber: number }>(
      "/api/smart-inquiry/member-queries",
      form,
      {
        idempotencyKey: "key-1",
        onProgress: ({ loaded, total }) => progress.push(loaded / total),
      },
    );
    const request = last();
    expect(request.method).toBe("POST");
    expect(request.body).toBe(form);
    expect(request.headers.get("X-XSRF-TOKEN")).toBe("token-abc");
    expect(request.headers.get("Idempotency-Key")).toBe("key-1");
    request.reportProgress(50, 100);
    request.reportProgress(100, 100);
    request.answerJson(createQueryResponseSchema, { referenceNumber: 300123 });
    await expect(upload).resolves.toEqual({ referenceNumber: 300123 });
    expect(progress).toEqual([0.5, 1]);
  });

  it("never sends the anti-forgery token to another origin", () => {
    void uploadWithProgress("https://elsewhere.example/upload", new FormData()).catch(() => undefined);
    expect(last().headers.has("X-XSRF-TOKEN")).toBe(false);
  });

  it("rejects with an HttpError carrying the error body", async () => {
    const upload = uploadWithProgress("/api/smart-inquiry/member-queries", new FormData());
    last().answerError(413, "ATTACHMENT_RULE", "m");
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 413,
      statusText: "Payload Too Large",
      body: { exceptionCode: "ATTACHMENT_RULE" },
    });
    expect((error as Error).message).toBe(
      "Http failure response for /api/smart-inquiry/member-queries: 413 Payload Too Large",
    );
  });

  it("reports a network failure as status 0 and a 401 as the end of the session", async () => {
    const onUnauthorized = vi.fn();
    const unregister = setUnauthorizedHandler(onUnauthorized);
    const lostConnection = uploadWithProgress("/upload", new FormData());
    last().dispatchEvent(new Event("error"));
    await expect(lostConnection).rejects.toMatchObject({ status: 0, statusText: "Unknown Error" });
    expect(onUnauthorized).not.toHaveBeenCalled();

    const expired = uploadWithProgress("/upload", new FormData());
    last().answerError(401, "AUTH_REQUIRED");
    await expect(expired).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    unregister();
  });

  it("reads a plain-text answer as it is when asked to, and still parses a JSON error body", async () => {
    const upload = uploadWithProgress<string>("/api/member-details/profile-picture/", new FormData(), {
      responseType: "text",
    });
    expect(last().headers.get("Accept")).toBe("text/plain, application/json");
    last().answerText(200, "data:image/jpeg;base64,AAAA");
    await expect(upload).resolves.toBe("data:image/jpeg;base64,AAAA");

    const refused = uploadWithProgress("/api/member-details/profile-picture/", new FormData(), {
      responseType: "text",
    });
    last().answerError(415, "ATTACHMENT_RULE", "Please choose a PNG.");
    await expect(refused).rejects.toMatchObject({ status: 415, body: { message: "Please choose a PNG." } });
  });

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    const upload = uploadWithProgress("/upload", new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("createRetryKeys", () => {
  it("keeps the key for the same content and starts a new one for new content or after success", () => {
    let counter = 0;
    const keys = createRetryKeys(() => `key-${++counter}`);
    expect(keys.keyFor("a")).toBe("key-1");
    expect(keys.keyFor("a")).toBe("key-1");
    expect(keys.keyFor("b")).toBe("key-2");
    keys.reset();
    expect(keys.keyFor("b")).toBe("key-3");
  });

  it("fingerprints the fields and the chosen files", () => {
    const file = new File(["x"], "a.pdf", { lastModified: 1 });
    const same = submissionFingerprint({ query: "q" }, [file]);
    expect(submissionFingerprint({ query: "q" }, [file])).toBe(same);
    expect(submissionFingerprint({ query: "q2" }, [file])).not.toBe(same);
    expect(submissionFingerprint({ query: "q" }, [])).not.toBe(same);
  });
});
