// Roles and permissions of the member-details service (requirements §6). A person holds roles (rows of
// member_roles); what they may do for an entity follows from those roles and from how that entity
// relates to them: themselves, or a dependent on a policy they are the principal member of.

export const MEMBER_ROLES = [
  "MEMBER",
  "STAFF_AGENT",
  "STAFF_SUPERVISOR",
  "STAFF_INFORMATION_OFFICER",
] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles of the scheme's own people: they sign in to the console (with a second factor). */
export const STAFF_ROLES: readonly MemberRole[] = [
  "STAFF_AGENT",
  "STAFF_SUPERVISOR",
  "STAFF_INFORMATION_OFFICER",
];

/**
 * The roles that work the desk (queue, queries, replies, members' details). The information
 * officer is staff but not the desk: their console is the audit trail, requests and holds.
 */
export const DESK_ROLES: readonly MemberRole[] = ["STAFF_AGENT", "STAFF_SUPERVISOR"];

export const PERMISSIONS = [
  "VIEW_MEMBER_DETAILS",
  "VIEW_CLAIMS",
  "VIEW_DEPENDENTS",
  "ORDER_MEMBERSHIP_CARD",
  "UPDATE_CONTACT_DETAILS",
  "VIEW_WAITING_PERIODS",
  "VIEW_DOCTOR_ALLOCATIONS",
  "SEARCH_MEMBERS",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** How the entity a permission is asked for relates to the person asking. */
export type EntityRelationship = "SELF" | "DEPENDENT";

export interface PermissionContext {
  roles: ReadonlySet<MemberRole>;
  relationship: EntityRelationship;
  /** Whether the person asking is the principal member of a policy. */
  isPrincipal: boolean;
}

const isMember = (context: PermissionContext) => context.roles.has("MEMBER");
const isStaff = (context: PermissionContext) => DESK_ROLES.some((role) => context.roles.has(role));
const isSelf = (context: PermissionContext) => context.relationship === "SELF";

/** Whether a permission is held. Member permissions need the MEMBER role; none is implied by staff. */
const RULES: Record<Permission, (context: PermissionContext) => boolean> = {
  VIEW_MEMBER_DETAILS: isMember,
  VIEW_CLAIMS: isMember,
  VIEW_WAITING_PERIODS: isMember,
  VIEW_DOCTOR_ALLOCATIONS: isMember,
  // A principal member sees their dependents; a dependent has none of their own on this policy.
  VIEW_DEPENDENTS: (context) => isMember(context) && isSelf(context) && context.isPrincipal,
  // Cards are ordered by the principal member, for themselves or a dependent.
  ORDER_MEMBERSHIP_CARD: (context) => isMember(context) && context.isPrincipal,
  // Everyone changes only their own contact details.
  UPDATE_CONTACT_DETAILS: (context) => isMember(context) && isSelf(context),
  SEARCH_MEMBERS: (context) => isStaff(context) && isSelf(context),
};

export function holdsPermission(permission: Permission, context: PermissionContext): boolean {
  return RULES[permission](context);
}

/** The benefits a plan may cover; GET /permissions/{entityNumber}/{policyBenefit} names one of them. */
export const POLICY_BENEFITS = [
  "HOSPITAL",
  "CHRONIC_MEDICATION",
  "DAY_TO_DAY",
  "DENTISTRY",
  "OPTOMETRY",
  "MATERNITY",
] as const;
export type PolicyBenefit = (typeof POLICY_BENEFITS)[number];
export const POLICY_BENEFIT_LABELS: Readonly<Record<PolicyBenefit, string>> = {
  HOSPITAL: "Hospital",
  CHRONIC_MEDICATION: "Chronic medication",
  DAY_TO_DAY: "Day-to-day",
  DENTISTRY: "Dentistry",
  OPTOMETRY: "Optometry",
  MATERNITY: "Maternity",
};

/**
 * A permission for one benefit of an entity: held as for the entity, and only when the plan of the
 * entity's policy covers that benefit (nothing can be done about a benefit one does not have).
 */
export function holdsBenefitPermission(
  permission: Permission,
  context: PermissionContext,
  benefitCovered: boolean,
): boolean {
  return benefitCovered && holdsPermission(permission, context);
}
