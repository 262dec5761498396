// The session module: a member's session (its cookie, its row, request.memberSession) and the
// anti-forgery token bound to it. The gateway's log-in and the staff sign-in both start sessions here.

export { cookieOptions, SESSION_COOKIE } from "./cookies.js";
export { purgeExpiredSessions } from "./retention.js";
export { sessionPlugin } from "./session-plugin.js";
export {
  createSession,
  deleteSession,
  endSessionsOf,
  type MemberSession,
  type SignInMethod,
} from "./sessions.js";
export { bindXsrfToNewPreSession, bindXsrfToSession, xsrfPlugin } from "./xsrf-plugin.js";
