import type { CookieSerializeOptions } from "@fastify/cookie";
import { XSRF_COOKIE } from "@portal/domain";
import type { FastifyRequest } from "fastify";

export const SESSION_COOKIE = "portal_session";
/** Identifies a visitor who has not logged in yet, so the log-in POST can carry a token too. */
export const PRE_SESSION_COOKIE = "portal_presession";
export { XSRF_COOKIE };

export function cookieOptions(request: FastifyRequest, httpOnly: boolean): CookieSerializeOptions {
  return { path: "/", httpOnly, sameSite: "lax", secure: request.protocol === "https" };
}
