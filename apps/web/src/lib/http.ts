import { type ErrorBody, SESSION_PATH, XSRF_COOKIE, XSRF_HEADER } from "@portal/domain";
import { getCookie } from "./cookies";

/** A failed response (or a network failure, status 0), worded as the generic HTTP error of requirements §8. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  /** The parsed JSON error body, when the server sent one. */
  readonly body: ErrorBody | undefined;

  constructor(init: { url: string; status: number; statusText: string; body?: ErrorBody | undefined }) {
    super(`Http failure response for ${init.url}: ${init.status} ${init.statusText}`);
    this.url = init.url;
    this.status = init.status;
    this.statusText = init.statusText;
    this.body = init.body;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export interface ApiRequestInit extends RequestInit {
  /**
   * Whether a 401 answer sends the member back to the login screen (default true). Off for the
   * login POST and the session probe, which expect a 401 as an ordinary answer.
   */
  redirectOnUnauthorized?: boolean;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * The router layer registers what "back to login" means; this module stays free of React and routes.
 * Returns a function that unregisters the handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/** True for relative URLs and for protocol-relative or absolute ones naming this page's origin. */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

// HTTP/2 sends no reason phrase; fill in the usual ones so the error message stays readable.
const REASON_PHRASES: Readonly<Record<number, string>> = {
  0: "Unknown Error",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The reason phrase to show for a status when the response carried none. */
export function reasonPhrase(status: number, given = ""): string {
  return given || REASON_PHRASES[status] || "";
}

/** A JSON error body ({ status, exceptionCode, message }) from response text, when it is one. */
export function parseErrorBody(text: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as ErrorBody)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page that can keep the member's work when the session ends (the session keeper: it asks the
 * member to log in again in place) registers here; while one is registered, a 401 goes to it
 * instead of the router's "back to login". Returns a function that unregisters it.
 */
let unauthorizedInterceptor: (() => void) | null = null;
export function interceptUnauthorized(interceptor: () => void): () => void {
  unauthorizedInterceptor = interceptor;
  return () => {
    if (unauthorizedInterceptor === interceptor) unauthorizedInterceptor = null;
  };
}

/** Tells the router layer that the session is gone (a 401 from any call). */
export function reportUnauthorized(): void {
  if (unauthorizedInterceptor) unauthorizedInterceptor();
  else unauthorizedHandler?.();
}

/** Every answer from the server (not a network failure) ends an idle stretch: the keeper listens. */
type ServerAnswerListener = (status: number) => void;
const serverAnswerListeners = new Set<ServerAnswerListener>();
export function onServerAnswer(listener: ServerAnswerListener): () => void {
  serverAnswerListeners.add(listener);
  return () => serverAnswerListeners.delete(listener);
}
export function reportServerAnswer(status: number): void {
  for (const listener of serverAnswerListeners) listener(status);
}

/** The anti-forgery header value for an unsafe request to `url`; undefined for other origins. */
export function antiForgeryToken(url: string): string | undefined {
  // Never sent to another origin: the token would leak to whoever runs it.
  return isSameOrigin(url) ? getCookie(XSRF_COOKIE) : undefined;
}

/**
 * The token for an unsafe same-origin request, asking the session first when the browser holds
 * none (a fresh browser opened on a mailed link, cookies cleared): the server gives one there.
 */
async function antiForgeryTokenFor(url: string): Promise<string | undefined> {
  if (!isSameOrigin(url)) return undefined;
  if (getCookie(XSRF_COOKIE) === undefined) {
    await fetch(SESSION_PATH, { credentials: "same-origin", cache: "no-store" }).catch(() => undefined);
  }
  return getCookie(XSRF_COOKIE);
}

async function readErrorBody(response: Response): Promise<ErrorBody | undefined> {
  return parseErrorBody(await response.text());
}

/** fetch with the anti-forgery header, same-origin credentials, and failures turned into HttpError. */
export async function apiFetch(url: string, init: ApiRequestInit = {}): Promise<Response> {
  const { redirectOnUnauthorized = true, ...requestInit } = init;
  const method = (requestInit.method ?? "GET").toUpperCase();
  const headers = new Headers(requestInit.headers);
  if (!SAFE_METHODS.has(method)) {
    const token = await antiForgeryTokenFor(url);
    if (token !== undefined) headers.set(XSRF_HEADER, token);
  }

  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...requestInit, method, headers });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new HttpError({ url, status: 0, statusText: REASON_PHRASES[0] ?? "" });
  }
  reportServerAnswer(response.status);
  if (response.ok) return response;

  const error = new HttpError({
    url,
    status: response.status,
    statusText: reasonPhrase(response.status, response.statusText),
    body: await readErrorBody(response),
  });
  if (response.status === 401 && redirectOnUnauthorized) reportUnauthorized();
  throw error;
}

export async function getJson<T>(url: string, init: ApiRequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  const response = await apiFetch(url, { ...init, method: "GET", headers });
  return (await response.json()) as T;
}

/** Text answers (a data URI, the base64 of a PDF) still fail with a JSON error body. */
export const TEXT_ACCEPT = "text/plain, application/json";

/** A text answer; the caller's own Accept header (e.g. text/html) wins over text/plain. */
async function fetchText(url: string, method: "GET" | "POST", init: ApiRequestInit): Promise<string> {
  const headers = new Headers(init.headers);
  if (!headers.has("Accept")) headers.set("Accept", TEXT_ACCEPT);
  const response = await apiFetch(url, { ...init, method, headers });
  return response.text();
}

export function getText(url: string, init: ApiRequestInit = {}): Promise<string> {
  return fetchText(url, "GET", init);
}

/** POST without a body (an action such as ordering a card) whose answer is plain text. */
export function postText(url: string, init: ApiRequestInit = {}): Promise<string> {
  return fetchText(url, "POST", init);
}

/** POST a JSON body; answers without a body (204) resolve to undefined. */
export async function postJson<T = undefined>(
  url: string,
  body: unknown,
  init: ApiRequestInit = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Accept", "application/json");
  const response = await apiFetch(url, { ...init, method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  return (text === "" ? undefined : JSON.parse(text)) as T;
}
