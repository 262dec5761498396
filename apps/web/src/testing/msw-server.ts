import { http } from "msw";
import { setupServer } from "msw/node";
import { errorJson } from "./contract-json";

/** Every request a test's code sent, e.g. "GET /api/member-details/v2/member-details?addresses=true". */
export interface SentRequest {
  key: string;
  /** A copy, so a test can still read the body and headers the code sent. */
  request: Request;
}

function requestKey(request: Request): string {
  const url = new URL(request.url);
  return `${request.method} ${url.pathname}${url.search}`;
}

/**
 * The fake services of the web tests. Each test adds the answers it needs (server.use, from the
 * handlers under features/<name>/testing and src/testing); a request nobody answers gets a 404,
 * as a real service would for an unknown path, so a call the test did not expect shows.
 */
export const server = setupServer(
  http.all("*", ({ request }) => errorJson(404, "NOT_FOUND", `No test answer for ${requestKey(request)}.`)),
);

/** Records every request from now until the end of the test. */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  server.events.on("request:start", ({ request }) => {
    sent.push({ key: requestKey(request), request: request.clone() });
  });
  return sent;
}

/** The keys of the recorded requests, in the order they were sent. */
export function sentKeys(sent: readonly SentRequest[]): string[] {
  return sent.map((entry) => entry.key);
}
