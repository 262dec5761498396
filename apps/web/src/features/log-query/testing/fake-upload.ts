import { allFragmentPaths } from "@portal/domain";
import { vi } from "vitest";

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
  answer(status: number, body: unknown) {
    Object.assign(this, { status, statusText: "", responseText: JSON.stringify(body) });
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

/** What a fragment answers in tests: its path, so a test can tell which one is shown. */
export function fragmentText(path: string): string {
  return `Fragment ${path}`;
}

/** fetch answers for every content fragment (jsdom runs on localhost: the preview tree). */
export function contentRoutes(): Record<string, () => Response> {
  return Object.fromEntries(
    allFragmentPaths().map((path) => [
      `GET /site/preview${path}`,
      () => new Response(`<p>${fragmentText(path)}</p>`),
    ]),
  );
}

export const MEMBER_DETAILS_ROUTE = "GET /api/member-details/v2/member-details";

export function memberDetailsAnswer(...addresses: string[]) {
  return () =>
    Response.json({
      entityNumber: 7,
      firstName: "Ada",
      lastName: "M",
      emails: addresses.map((address) => ({ address })),
    });
}

export function pdf(name: string, size = 1024): File {
  return new File([new Uint8Array(size)], name, { type: "application/pdf", lastModified: 1 });
}
