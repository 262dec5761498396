import { createSecretKey } from "node:crypto";
import { XSRF_HEADER } from "@portal/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../../app-context.js";
import { hmac, randomToken, safeEqual } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";
import { requestOrigin } from "../../lib/request-origin.js";
import { isDocumentType } from "../../lib/security-headers.js";
import { cookieOptions, PRE_SESSION_COOKIE, SESSION_COOKIE, XSRF_COOKIE } from "./cookies.js";
import { isPublicAssetPath } from "./session-plugin.js";

// Anti-forgery (requirements §10.2): the XSRF-TOKEN cookie holds HMAC(secret, binding), where the binding
// is the session token, or before log-in a random pre-session id. Every unsafe request must echo it
// in X-XSRF-TOKEN. Cross-site unsafe requests are refused outright by Sec-Fetch-Site and Origin.
// A visitor with neither cookie is given a pre-session only where a browser comes first: a page
// (every visit starts with one) or the session probe the SPA makes before an unsafe call when it
// holds no token (docs/decisions/0014); minting one on every answer, a probe's or a monitor's
// included, cost a fifth of the time of a ping.

declare module "fastify" {
  interface FastifyRequest {
    /** What the anti-forgery token of this request's answer is bound to. */
    xsrfBinding: string | null;
    newPreSessionId: string | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** How many bindings' tokens a process keeps (tokenFor): far more than are active at once. */
const XSRF_TOKENS_KEPT = 10_000;

function bindingFromCookies(request: FastifyRequest): string | null {
  const sessionToken = request.cookies[SESSION_COOKIE];
  if (sessionToken) return `session:${sessionToken}`;
  const preSessionId = request.cookies[PRE_SESSION_COOKIE];
  return preSessionId ? `pre:${preSessionId}` : null;
}

/** After log-in: the token in the answer belongs to the new session. */
export function bindXsrfToSession(request: FastifyRequest, sessionToken: string): void {
  request.xsrfBinding = `session:${sessionToken}`;
}

/** After log-out: a fresh pre-session, so the next log-in carries a token again. */
export function bindXsrfToNewPreSession(request: FastifyRequest): void {
  request.newPreSessionId = randomToken();
  request.xsrfBinding = `pre:${request.newPreSessionId}`;
}

function isCrossSite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return true;
  const origin = request.headers.origin;
  if (!origin || origin === "null") return origin === "null";
  return origin !== requestOrigin(request) && !allowedOrigins.includes(origin);
}

export const xsrfPlugin = fp<AppContext>(
  async (app, context) => {
    const key = createSecretKey(Buffer.from(context.secret));
    // Each answer needs its binding's token, and a session's binding stays the same for hours: the
    // HMAC is kept for the bindings seen lately instead of worked out on every request. Bounded, so
    // the map never grows with the sessions a process has seen; emptied when full, then refilled.
    const tokens = new Map<string, string>();
    const tokenFor = (binding: string) => {
      let token = tokens.get(binding);
      if (token === undefined) {
        if (tokens.size >= XSRF_TOKENS_KEPT) tokens.clear();
        token = hmac(key, `xsrf:${binding}`);
        tokens.set(binding, token);
      }
      return token;
    };
    app.decorateRequest("xsrfBinding", null);
    app.decorateRequest("newPreSessionId", null);

    /** Whether an unsafe request carries its binding's token and comes from the portal's own origin. */
    const forged = (request: FastifyRequest): boolean => {
      if (isCrossSite(request, context.config.AUTH_REDIRECT_ORIGINS)) return true;
      const sent = request.headers[XSRF_HEADER.toLowerCase()];
      const binding = request.xsrfBinding;
      return typeof sent !== "string" || !binding || !safeEqual(sent, tokenFor(binding));
    };

    // Callback hooks, not async ones: they wait for nothing (docs/decisions/0014).
    app.addHook("onRequest", (request, _reply, done) => {
      request.xsrfBinding = bindingFromCookies(request);
      if (!SAFE_METHODS.has(request.method) && forged(request)) {
        done(errors.xsrfRejected());
        return;
      }
      done();
    });

    const setTokenCookies = (request: FastifyRequest, reply: FastifyReply) => {
      if (isPublicAssetPath(request.url)) return;
      if (!request.xsrfBinding) {
        if (!isDocumentType(reply.getHeader("content-type"))) return;
        bindXsrfToNewPreSession(request);
      }
      if (request.newPreSessionId) {
        reply.setCookie(PRE_SESSION_COOKIE, request.newPreSessionId, cookieOptions(request, true));
      }
      const token = tokenFor(request.xsrfBinding as string);
      if (request.cookies[XSRF_COOKIE] !== token) {
        reply.setCookie(XSRF_COOKIE, token, cookieOptions(request, false));
      }
    };
    app.addHook("onSend", (request, reply, payload, done) => {
      try {
        setTokenCookies(request, reply);
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, payload);
    });
  },
  { name: "xsrf", dependencies: ["@fastify/cookie"] },
);
