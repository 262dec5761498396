// Who may reach what: the roles people hold, each route's audience and target, the access plugin
// that checks both before a handler runs, and the audit trail of reads and changes.
export { accessPlugin } from "./access-plugin.js";
export {
  AUDIT_RESOURCES,
  type AuditDetail,
  type AuditResource,
  OPERATOR_ENTITY_NUMBER,
  recordChange,
  recordOwnRead,
  recordReads,
} from "./audit-trail.js";
export { purgeAuditEvents } from "./retention.js";
export { grantRoles, listRoles, permissionContextOf } from "./roles.js";
export {
  AUDIENCES,
  type Audience,
  auditChange,
  auditRead,
  type ReadAudit,
  type ResolvedAccess,
  type RouteAccess,
} from "./route-access.js";
export {
  dependentParam,
  documentSubmissionParam,
  entityParam,
  policyParam,
  queryParam,
  SELF,
  staffAccountParam,
  type TargetRule,
} from "./targets.js";
