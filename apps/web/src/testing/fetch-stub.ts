import { vi } from "vitest";

export interface RecordedCall {
  /** "METHOD /path?query", e.g. "POST /wsg/rest". */
  key: string;
  init: RequestInit | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Stubs fetch with answers keyed by "METHOD /path" (query string ignored for the lookup). Unknown
 * requests answer 404, so a test notices a call it did not expect. Returns the recorded calls.
 */
export function stubFetchRoutes(handlers: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      const method = (init?.method ?? "GET").toUpperCase();
      const call = { key: `${method} ${url.pathname}${url.search}`, init };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      return handler ? handler(call) : new Response(null, { status: 404, statusText: "Not Found" });
    }),
  );
  return calls;
}
