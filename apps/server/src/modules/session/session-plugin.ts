import fp from "fastify-plugin";
import type { AppContext } from "../../app-context.js";
import { SESSION_COOKIE } from "./cookies.js";
import { type MemberSession, resolveSession } from "./sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in member, or null. Set for every request that may need it. */
    memberSession: MemberSession | null;
  }
  interface FastifyContextConfig {
    /**
     * The route needs the member's names or roles (the session probe, the staff's audiences): they
     * are read with the session, in its one statement, as memberSession.member.
     */
    sessionMember?: boolean;
  }
}

/** The health and readiness probes (modules/monitoring/health-routes.ts), with or without a query. */
const PROBE_PATH = /^\/(?:healthz|readyz)(?:\?|$)/;

/**
 * Requests that never act for a member: static files, content fragments and the probes. No session
 * is looked up for them, so they never count as a member's activity (nor keep a session alive).
 */
export function isPublicAssetPath(url: string): boolean {
  return (
    url.startsWith("/assets/") || url.startsWith("/site/") || url === "/favicon.svg" || PROBE_PATH.test(url)
  );
}

export const sessionPlugin = fp<AppContext>(
  async (app, context) => {
    const policy = {
      idleMs: context.config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: context.config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    };
    app.decorateRequest("memberSession", null);
    app.addHook("onRequest", async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token || isPublicAssetPath(request.url)) return;
      const withMember = request.routeOptions.config?.sessionMember === true;
      request.memberSession = await resolveSession(context.db, token, context.now(), policy, withMember);
    });
  },
  { name: "session", dependencies: ["@fastify/cookie"] },
);
