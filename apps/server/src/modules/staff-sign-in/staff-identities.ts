import { type MemberRole, STAFF_ROLES } from "@portal/domain";
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import { members } from "../../db/schema/members.js";
import { sessions } from "../../db/schema/session.js";
import { staffIdentities } from "../../db/schema/staff-sign-in.js";
import { AUDIT_RESOURCES, type AuditDetail, type AuditResource, recordChange } from "../access/index.js";
import { type RoleGrant, roleDetail, roleGranted } from "../members/index.js";
import type { StaffOidcSettings } from "./settings.js";

// A staff member who signs in through the scheme's OpenID provider is a members row (no username,
// no password) and a staff_identities row naming the provider's issuer and subject. The provider
// says at every sign-in which portal role the person holds (a claim of the ID token): the portal's
// staff role is set to exactly that, and a person the provider gives no portal role is refused,
// their sessions ended and their staff role removed (docs/decisions/0020).

/**
 * The staff role the claim gives: one role a person, the supervisor's before the agent's before the
 * information officer's; null if none.
 */
export function staffRoleFromClaims(
  claims: Record<string, unknown>,
  settings: Pick<StaffOidcSettings, "rolesClaim" | "agentRole" | "supervisorRole" | "informationOfficerRole">,
): MemberRole | null {
  const value = claims[settings.rolesClaim];
  // A list of role names, as most providers send; a single name, or names separated by spaces.
  const names = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : typeof value === "string"
      ? value.split(/\s+/)
      : [];
  if (names.includes(settings.supervisorRole)) return "STAFF_SUPERVISOR";
  if (names.includes(settings.agentRole)) return "STAFF_AGENT";
  if (names.includes(settings.informationOfficerRole)) return "STAFF_INFORMATION_OFFICER";
  return null;
}

/** The person's names from the ID token: given_name and family_name, else name split in two. */
export function namesFromClaims(claims: Record<string, unknown>): { firstName: string; lastName: string } {
  const text = (key: string) => {
    const value = claims[key];
    return typeof value === "string" ? value.trim().slice(0, 200) : "";
  };
  let firstName = text("given_name");
  let lastName = text("family_name");
  if (!firstName && !lastName) {
    const [first = "", ...rest] = text("name").split(/\s+/);
    firstName = first;
    lastName = rest.join(" ");
  }
  return { firstName: firstName || "Staff", lastName: lastName || "member" };
}

export interface StaffSignInClaims {
  issuer: string;
  subject: string;
  firstName: string;
  lastName: string;
  role: MemberRole | null;
}

export interface AuditContext {
  requestId: string;
  at: Date;
}

export type StaffMatch =
  | { outcome: "accepted"; entityNumber: number; created: boolean; roleChanged: boolean }
  | { outcome: "no-role"; entityNumber: number | null; sessionsEnded: number }
  | { outcome: "disabled"; entityNumber: number };

/** A change to the person's own log-in made at their sign-in: they are the actor and the subject. */
function recordOwn(
  tx: Tx | Db,
  entityNumber: number,
  resource: AuditResource,
  audit: AuditContext,
  detail: AuditDetail | null = null,
) {
  return recordChange(tx, {
    actorEntityNumber: entityNumber,
    subjectEntityNumber: entityNumber,
    resource,
    requestId: audit.requestId,
    at: audit.at,
    detail,
  });
}

async function heldStaffRoles(tx: Tx, entityNumber: number): Promise<MemberRole[]> {
  const rows = await tx
    .select({ role: memberRoles.role })
    .from(memberRoles)
    .where(and(eq(memberRoles.entityNumber, entityNumber), inArray(memberRoles.role, [...STAFF_ROLES])));
  return rows.map((row) => row.role as MemberRole);
}

/**
 * Finds (or, at a first sign-in with a portal role, creates) the staff log-in of this issuer and
 * subject, and sets its staff role to the claim's, in one transaction with the member's row locked:
 * a disabling (members/operator-accounts.ts) waits for it, or it for the disabling. A role the claim
 * gives that was not held is told of as any other grant is (members/role-grants.ts).
 */
export async function matchStaffIdentity(
  db: Db,
  claims: StaffSignInClaims,
  audit: AuditContext,
  mail: Omit<RoleGrant, "by" | "at">,
): Promise<StaffMatch> {
  const grant: RoleGrant = { ...mail, by: "identity-provider", at: audit.at };
  return db.transaction(async (tx) => {
    const [identity] = await tx
      .select({ entityNumber: staffIdentities.memberEntityNumber })
      .from(staffIdentities)
      .where(and(eq(staffIdentities.issuer, claims.issuer), eq(staffIdentities.subject, claims.subject)));

    if (!identity) {
      // Nobody is created for a person the provider gives no portal role.
      if (claims.role === null) return { outcome: "no-role", entityNumber: null, sessionsEnded: 0 };
      const [created] = await tx
        .insert(members)
        .values({
          firstName: claims.firstName,
          lastName: claims.lastName,
          username: null,
          passwordHash: null,
        })
        .returning({ entityNumber: members.entityNumber });
      if (!created) throw new Error("The staff member's row was not created");
      const { entityNumber } = created;
      await tx.insert(staffIdentities).values({
        memberEntityNumber: entityNumber,
        issuer: claims.issuer,
        subject: claims.subject,
        createdAt: audit.at,
      });
      await tx.insert(memberRoles).values({ entityNumber, role: claims.role });
      await recordOwn(tx, entityNumber, AUDIT_RESOURCES.staffIdentityCreate, audit, roleDetail(claims.role));
      await roleGranted(tx, entityNumber, [], claims.role, grant);
      return { outcome: "accepted", entityNumber, created: true, roleChanged: true };
    }

    const { entityNumber } = identity;
    const [member] = await tx
      .select({ disabledAt: members.disabledAt, firstName: members.firstName, lastName: members.lastName })
      .from(members)
      .where(eq(members.entityNumber, entityNumber))
      .for("update");
    if (!member || member.disabledAt) return { outcome: "disabled", entityNumber };

    const held = await heldStaffRoles(tx, entityNumber);
    if (claims.role === null) {
      // The provider took the person's portal role away: nothing of theirs stays open.
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.memberEntityNumber, entityNumber))
        .returning({ tokenHash: sessions.tokenHash });
      if (held.length > 0) {
        await tx
          .delete(memberRoles)
          .where(
            and(eq(memberRoles.entityNumber, entityNumber), inArray(memberRoles.role, [...STAFF_ROLES])),
          );
        await recordOwn(tx, entityNumber, AUDIT_RESOURCES.staffSignInRole, audit);
      }
      return { outcome: "no-role", entityNumber, sessionsEnded: ended.length };
    }

    // Before the role: a grant is told of under the name the provider gives now.
    if (member.firstName !== claims.firstName || member.lastName !== claims.lastName) {
      await tx
        .update(members)
        .set({ firstName: claims.firstName, lastName: claims.lastName })
        .where(eq(members.entityNumber, entityNumber));
    }
    const roleChanged = !(held.length === 1 && held[0] === claims.role);
    if (roleChanged) {
      await tx
        .delete(memberRoles)
        .where(
          and(
            eq(memberRoles.entityNumber, entityNumber),
            inArray(memberRoles.role, [...STAFF_ROLES]),
            ne(memberRoles.role, claims.role),
          ),
        );
      await tx.insert(memberRoles).values({ entityNumber, role: claims.role }).onConflictDoNothing();
      await recordOwn(tx, entityNumber, AUDIT_RESOURCES.staffSignInRole, audit, roleDetail(claims.role));
      await roleGranted(tx, entityNumber, held, claims.role, grant);
    }
    return { outcome: "accepted", entityNumber, created: false, roleChanged };
  });
}

/** The audit row of a sign-in, refused or not, of a known staff log-in. */
export function recordStaffSignIn(
  db: Db,
  entityNumber: number,
  resource: AuditResource,
  audit: AuditContext,
): Promise<void> {
  return recordOwn(db, entityNumber, resource, audit);
}

/** How the session was signed in, for the log-out (null: no such session). */
export async function sessionSignInMethod(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ signInMethod: sessions.signInMethod })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  return row?.signInMethod ?? null;
}
