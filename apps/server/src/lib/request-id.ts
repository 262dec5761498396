import type { IncomingMessage } from "node:http";
import { randomRequestId } from "./crypto.js";

/** Letters, digits and . _ - : what load balancers and tracing send, and nothing a log could misread. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is a safe token, else a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && SAFE_REQUEST_ID.test(given) ? given : randomRequestId();
}
