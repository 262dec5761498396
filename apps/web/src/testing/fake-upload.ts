import { type ExceptionCode, errorBodySchema } from "@portal/domain";
import { vi } from "vitest";
import type { z } from "zod";
import { contractBody } from "./contract-json";

/**
 * Stands in for XMLHttpRequest (which uploadWithProgress uses, for its progress events): records
 * what the form sent and lets the test report progress and answer when it chooses.
 */
export class FakeUploadRequest extends EventTarget {
  readonly upload = new EventTarget();
  readonly headers = new Map<string, string>();
  method = "";
  url = "";
  body: FormData | undefined;
  status = 0;
  statusText = "";
  responseText = "";

  constructor() {
    super();
    sentUploads.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event("abort"));
  }
  reportProgress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }),
    );
  }
  /** Answers with a JSON body the contract accepts (see contractBody). */
  answerJson<Schema extends z.ZodType>(schema: Schema, body: z.input<Schema>, status = 200) {
    this.answerText(status, JSON.stringify(contractBody(schema, body)));
  }
  /** Answers with the standard error body. */
  answerError(status: number, exceptionCode: ExceptionCode, message = "Something went wrong.") {
    this.answerJson(errorBodySchema, { status, exceptionCode, message }, status);
  }
  /** Answers with the text as it is (e.g. a data URI, or a body no contract describes). */
  answerText(status: number, text: string) {
    Object.assign(this, { status, statusText: "", responseText: text });
    this.dispatchEvent(new Event("load"));
  }
}

const sentUploads: FakeUploadRequest[] = [];

/** Replaces XMLHttpRequest for this test; returns the list every new request is added to. */
export function stubUploads(): FakeUploadRequest[] {
  sentUploads.length = 0;
  vi.stubGlobal("XMLHttpRequest", FakeUploadRequest);
  return sentUploads;
}

/** A multipart body as [name, value] pairs in order; a file reads "file:<name>". */
export function formEntries(form: FormData | undefined): [string, string][] {
  return [...(form?.entries() ?? [])].map(([name, value]) => [
    name,
    typeof value === "string" ? value : `file:${value.name}`,
  ]);
}

export function pdf(name: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type: "application/pdf", lastModified: 1 });
}
