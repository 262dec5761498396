import { type AccountMessage, XSRF_COOKIE } from "@portal/domain";
import { getCookie } from "../../../lib/cookies";
import { getJson, postJson } from "../../../lib/http";

// The session probe; any answer of the gateway sets the anti-forgery cookie.
const SESSION_PROBE_URL = "/wsg/session";

/**
 * POST one of the four account calls (ACCOUNT_PATHS) with the anti-forgery header. They are made by
 * people who are not logged in, often from a mailed link in a fresh browser that has no
 * anti-forgery cookie yet: then the session is asked first, as the login call does, so the header
 * can be sent. A 401 is no reason to go to the login screen here: nobody is logged in.
 */
export async function postAccountCall(url: string, body: unknown): Promise<AccountMessage> {
  if (getCookie(XSRF_COOKIE) === undefined) {
    await getJson(SESSION_PROBE_URL, { redirectOnUnauthorized: false, cache: "no-store" });
  }
  return postJson<AccountMessage>(url, body, { redirectOnUnauthorized: false });
}
