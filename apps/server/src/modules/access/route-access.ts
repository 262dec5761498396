import { DESK_ROLES, type MemberRole, type Permission, STAFF_ROLES } from "@portal/domain";
import type { Tx } from "../../db/database.js";
import type { AuditDetail, AuditResource } from "./audit-trail.js";
import type { TargetRule } from "./targets.js";

// What a route declares about access, in `config.access`; the access plugin (access-plugin.ts)
// does the rest before and after the handler. A route without `config.access` is public
// (log-in, content, configuration) and never sees an actor.

/** Who may call a route, and how far they reach. */
export interface Audience {
  name: "member" | "staff" | "supervisor" | "anyStaff" | "informationOfficer";
  admits(roles: ReadonlySet<MemberRole>): boolean;
  /** Staff reach every member's data (every read audited); members only their own and their dependents'. */
  reachesEveryone: boolean;
  /** The 403 sentence for a logged-in person the audience does not admit. */
  refusal: string;
}

export const AUDIENCES = {
  /** Anyone logged in, acting for themselves and the dependents on their policies. */
  member: {
    name: "member",
    admits: () => true,
    reachesEveryone: false,
    refusal: "You are not allowed to do this.",
  },
  /** The scheme's desk: agents and supervisors. */
  staff: {
    name: "staff",
    admits: (roles) => DESK_ROLES.some((role) => roles.has(role)),
    reachesEveryone: true,
    refusal: "Only the scheme's staff may do this.",
  },
  /** Supervisors only: actions an agent may not take. */
  supervisor: {
    name: "supervisor",
    admits: (roles) => roles.has("STAFF_SUPERVISOR"),
    reachesEveryone: true,
    refusal: "Only a supervisor may do this.",
  },
  /** Anyone holding a staff role: the console's own calls (who am I, my second factor). */
  anyStaff: {
    name: "anyStaff",
    admits: (roles) => STAFF_ROLES.some((role) => roles.has(role)),
    reachesEveryone: true,
    refusal: "Only the scheme's staff may do this.",
  },
  /** The information officer: the audit trail, members' data requests, legal holds. */
  informationOfficer: {
    name: "informationOfficer",
    admits: (roles) => roles.has("STAFF_INFORMATION_OFFICER"),
    reachesEveryone: true,
    refusal: "Only the scheme's information officer may do this.",
  },
} as const satisfies Record<string, Audience>;

/** A read: one audit row per other person whose data the answer holds. */
export interface ReadAudit {
  action: "read";
  resource: AuditResource;
  /**
   * People in the answer besides the target (a list of dependents, search results), from the
   * answer itself, or asked again where the answer is opaque (a PDF).
   */
  alsoInAnswer: AlsoInAnswer<unknown>;
}

type AlsoInAnswer<Body> = (
  body: Body,
  access: ResolvedAccess,
) => readonly number[] | Promise<readonly number[]>;

/** A change: one audit row for the target, in the change's transaction (see ResolvedAccess.change). */
export interface ChangeAudit {
  action: "change";
  resource: AuditResource;
}

/** A permission the actor must hold for the target (holdsPermission of the domain), else 403. */
export interface RequiredPermission {
  permission: Permission;
  refusal: string;
}

export interface RouteAccess {
  audience: Audience;
  /** What the path names; absent: the actor themselves. */
  target?: TargetRule;
  permission?: RequiredPermission;
  audit?: ReadAudit | ChangeAudit;
}

/** Declares an audited read; `alsoInAnswer` names everyone else the answer holds. */
export function auditRead<Body>(
  resource: AuditResource,
  alsoInAnswer: AlsoInAnswer<Body> = () => [],
): ReadAudit {
  // The wrapped handler's answer is the route's 200 body, which the route's type provider ties to Body.
  return { action: "read", resource, alsoInAnswer: alsoInAnswer as AlsoInAnswer<unknown> };
}

export function auditChange(resource: AuditResource): ChangeAudit {
  return { action: "change", resource };
}

/** The person a request acts for, once the session and the audience let them in. */
export interface Actor {
  entityNumber: number;
  audience: Audience;
  /** The roles the person holds, read once per request when first asked. */
  roles(): Promise<ReadonlySet<MemberRole>>;
  /** Members: themselves and their policies' dependents, read once per request when first asked. */
  memberReach(): Promise<ReadonlySet<number>>;
}

/** What a handler of a route with `config.access` receives in `request.access`. */
export interface ResolvedAccess {
  actor: Actor;
  /** Whose data the request acts on: the owner of what the path names, or the actor. */
  target: number;
  /** The query or document submission the path names, if any: its audit rows carry it. */
  referenceNumber: number | null;
  /**
   * Runs a change and writes its audit row (the route's `auditChange` resource, actor and target)
   * in one transaction. `changed` says from the result whether anything changed (no row if not);
   * `subjectOf` names whose data changed where the path does not (a mail about a member);
   * `detailOf` what the row's detail says of the change (the role granted, an archive's grounds).
   */
  change<T>(
    work: (tx: Tx) => Promise<T>,
    changed?: (result: T) => boolean,
    subjectOf?: (result: T) => number,
    detailOf?: (result: T) => AuditDetail | null,
  ): Promise<T>;
}
