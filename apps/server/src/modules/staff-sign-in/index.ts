// Staff sign in through the scheme's OpenID provider (docs/decisions/0020); while it is
// configured, the gateway refuses local staff passwords and signs staff out of the provider too.
export { staffEndSessionUrl } from "./end-session.js";
export {
  LocalStaffPasswordRefusedError,
  localStaffPasswordRefused,
  noteLocalStaffPasswordRefused,
} from "./local-login.js";
export { staffSignInRoutes } from "./routes.js";
export { type StaffSignIn, staffSignInOf } from "./staff-sign-in.js";
