import { type SessionInfo, sessionInfoSchema } from "@portal/domain";
import { http } from "msw";
import { contractJson } from "./contract-json";

export const loggedInSession: SessionInfo = {
  authenticated: true,
  member: { entityNumber: 7, firstName: "Ada", lastName: "M" },
  workspace: "member",
};

/** A staff account's session: it belongs in the console, never on the member screens. */
export const staffSession: SessionInfo = {
  authenticated: true,
  member: { entityNumber: 90, firstName: "Dee", lastName: "Agent" },
  workspace: "console",
};

/** GET /wsg/session answering the session `current()` gives at the time of the request. */
export function sessionHandler(current: () => SessionInfo = () => loggedInSession) {
  return http.get("/wsg/session", () => contractJson(sessionInfoSchema, current()));
}
