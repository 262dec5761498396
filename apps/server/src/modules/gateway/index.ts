// The login gateway: logging in with a password (and a staff member's second factor), the session
// probe, logging out and the portal ping. Sessions themselves are the session module's.
export { gatewayRoutes } from "./routes.js";
export {
  confirmEnrolment,
  enrolmentOwner,
  forgetCodeAttempts,
  reserveCodeAttempt,
  startEnrolment,
} from "./second-factor.js";
