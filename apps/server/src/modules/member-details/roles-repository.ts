// Granting roles moved to the access module, which owns roles (access/roles.ts). This file remains
// only for console/staff-routes.test.ts, which imports grantRoles from here: delete it once that
// test imports grantRoles from "../access/index.js".
export { grantRoles } from "../access/index.js";
