// A member's details: profile, contact details, cover, policies, permissions, profile picture and
// membership documents; and the writes the demo data seeds them with.
export {
  addressesBeforeRecentChanges,
  confirmPassword,
  removeExpiredContactChanges,
} from "./change-contact-details.js";
export { insertDoctorAllocations, insertWaitingPeriods } from "./cover-repository.js";
export {
  ensurePlan,
  insertAddresses,
  insertEmergencyContacts,
  insertPersonWithoutLogin,
  insertPhoneNumbers,
  insertPolicy,
  insertPolicyDependent,
  insertProfile,
  type ProfileInput,
} from "./enrolment-repository.js";
export { findPolicyMembership, listDependentsOfPrincipal } from "./policies-repository.js";
export { memberDetailsRoutes } from "./routes.js";
