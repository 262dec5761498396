import type { AccountMessage } from "@portal/domain";
import { postJson } from "../../../lib/http";

/**
 * POST one of the four account calls (ACCOUNT_PATHS) with the anti-forgery header. They are made by
 * people who are not logged in, often from a mailed link in a fresh browser that has no
 * anti-forgery cookie yet: the HTTP layer then asks the session first, which gives one. A 401 is no
 * reason to go to the login screen here: nobody is logged in.
 */
export async function postAccountCall(url: string, body: unknown): Promise<AccountMessage> {
  return postJson<AccountMessage>(url, body, { redirectOnUnauthorized: false });
}
