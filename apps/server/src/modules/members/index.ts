// Members' log-ins: creating them (members and staff), finding them, what an operator may change
// (cli and console), the demo accounts, and how much one member may send.
export { CreateMemberError, createMember } from "./create-member.js";
export { createStaff } from "./create-staff.js";
export { DEMO_MEMBERS, DEMO_STAFF } from "./demo-credentials.js";
export { workingDemoLogins } from "./demo-logins.js";
export {
  checkDailyUploadVolume,
  createInFlightCounter,
  type InFlightCounter,
  reserveMemberAction,
} from "./member-limits.js";
export {
  countMembers,
  findMemberByEntityNumber,
  findMemberByUsername,
  giveLogIn,
  keptLanguage,
  listMemberEmails,
  mailAddressee,
  normaliseUsername,
  postponeSecondFactorOffer,
  recordSignIn,
  setMemberLanguage,
  setPasswordHash,
} from "./members-repository.js";
export {
  AccountChangeError,
  disableLogIn,
  disableLogInIn,
  enableLogIn,
  enableLogInIn,
  operatorRequest,
  recordOperatorChange,
  resetLogInPassword,
  resetSecondFactor,
  roleChanged,
  roleDetail,
  setStaffRole,
  setStaffRoleIn,
} from "./operator-accounts.js";
export { purgeLoginThrottle } from "./retention.js";
export { type RoleGrant, type RoleGrantor, roleGranted } from "./role-grants.js";
