import { randomUUID } from "node:crypto";
import os from "node:os";
import { type MemberRole, passwordStrengthProblem, STAFF_ROLES } from "@portal/domain";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import { pendingSignIns, staffRecoveryCodes, staffSecondFactors } from "../../db/schema/gateway.js";
import { members } from "../../db/schema/members.js";
import { sessions } from "../../db/schema/session.js";
import { DEFAULT_PASSWORD_HASH_COST, hashPassword } from "../../lib/passwords.js";
import {
  AUDIT_RESOURCES,
  type AuditDetail,
  type AuditResource,
  OPERATOR_ENTITY_NUMBER,
  recordChange,
} from "../access/index.js";
import { normaliseUsername } from "./members-repository.js";
import { type RoleGrant, roleGranted } from "./role-grants.js";

// What is done to a log-in: disable it, enable it again, set a member of staff's role, set a new
// password. The operator does it at the command line (cli.ts): each change is one transaction with
// its audit row, whose actor is the operator (OPERATOR_ENTITY_NUMBER) and whose request id names
// the OS user who ran the command. A supervisor does the first three on the console's Staff page
// (console/staff-routes.ts) with the `…In(tx, …)` functions, inside the access plugin's change, which
// writes the audit row with the supervisor as actor. A change that changes nothing writes nothing.

/** A reason the change cannot be made, worded for the operator who asked. */
export class AccountChangeError extends Error {
  override name = "AccountChangeError";
}

/** One command-line change: its request id (in the audit trail) and its time. */
export interface OperatorRequest {
  requestId: string;
  at: Date;
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A uid without a passwd entry (a container's arbitrary user).
    return `uid-${process.getuid?.() ?? "unknown"}`;
  }
}

/** `cli:<OS user>:<uuid>`: which operator account ran the command, and which run it was. */
export function operatorRequest(now = new Date()): OperatorRequest {
  return { requestId: `cli:${osUser()}:${randomUUID()}`, at: now };
}

/** The audit row of an operator's change to `subjectEntityNumber`, in the change's transaction. */
export function recordOperatorChange(
  tx: Tx,
  operator: OperatorRequest,
  subjectEntityNumber: number,
  resource: AuditResource,
  detail: AuditDetail | null = null,
): Promise<void> {
  return recordChange(tx, {
    actorEntityNumber: OPERATOR_ENTITY_NUMBER,
    subjectEntityNumber,
    resource,
    requestId: operator.requestId,
    at: operator.at,
    detail,
  });
}

interface LockedLogIn {
  entityNumber: number;
  username: string | null;
  disabledAt: Date | null;
}

/** A log-in named by its username (the command line) or by its entity number (the console). */
export type LogInRef = { username: string } | { entityNumber: number };

/**
 * The log-in named, its row locked for the transaction: a log-in that is creating a session waits
 * for the change (session/sessions.ts createSession), and the change for it.
 */
async function lockLogIn(tx: Tx, ref: LogInRef): Promise<LockedLogIn> {
  const byUsername = "username" in ref;
  const [row] = await tx
    .select({
      entityNumber: members.entityNumber,
      username: members.username,
      disabledAt: members.disabledAt,
    })
    .from(members)
    .where(
      byUsername
        ? eq(members.username, normaliseUsername(ref.username))
        : eq(members.entityNumber, ref.entityNumber),
    )
    .for("update");
  if (!row || (byUsername && !row.username)) {
    throw new AccountChangeError(
      byUsername
        ? `No log-in has the username "${normaliseUsername(ref.username)}".`
        : `No one has the entity number ${ref.entityNumber}.`,
    );
  }
  return row;
}

async function endSessions(tx: Tx, entityNumber: number): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.memberEntityNumber, entityNumber))
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

export interface DisableResult {
  entityNumber: number;
  /** Sessions ended now; 0 when the log-in was already disabled. */
  sessionsEnded: number;
  /** Disabled before (and since when): nothing was changed. */
  alreadyDisabledAt: Date | null;
}

/**
 * The log-in opens nothing from now on: it cannot log in (the same answer as a wrong password),
 * and every session it has ends in the same transaction, so its next request, on any process, finds
 * no session (sessions live in the database). Its roles are kept, so it is still listed as staff.
 * Writes no audit row: whoever owns the transaction does (the operator's, or the console's access
 * plugin with the supervisor as actor).
 */
export async function disableLogInIn(tx: Tx, ref: LogInRef, at: Date): Promise<DisableResult> {
  const login = await lockLogIn(tx, ref);
  if (login.disabledAt) {
    return { entityNumber: login.entityNumber, sessionsEnded: 0, alreadyDisabledAt: login.disabledAt };
  }
  await tx.update(members).set({ disabledAt: at }).where(eq(members.entityNumber, login.entityNumber));
  const sessionsEnded = await endSessions(tx, login.entityNumber);
  return { entityNumber: login.entityNumber, sessionsEnded, alreadyDisabledAt: null };
}

/** disableLogInIn by the operator at the command line, with the operator's audit row. */
export async function disableLogIn(
  db: Db,
  username: string,
  operator: OperatorRequest,
): Promise<DisableResult> {
  return db.transaction(async (tx) => {
    const result = await disableLogInIn(tx, { username }, operator.at);
    if (!result.alreadyDisabledAt) {
      await recordOperatorChange(tx, operator, result.entityNumber, AUDIT_RESOURCES.staffDisable);
    }
    return result;
  });
}

export interface EnableResult {
  entityNumber: number;
  wasDisabled: boolean;
}

/** The log-in works again, with the password it had. Writes no audit row (see disableLogInIn). */
export async function enableLogInIn(tx: Tx, ref: LogInRef): Promise<EnableResult> {
  const login = await lockLogIn(tx, ref);
  if (!login.disabledAt) return { entityNumber: login.entityNumber, wasDisabled: false };
  await tx.update(members).set({ disabledAt: null }).where(eq(members.entityNumber, login.entityNumber));
  return { entityNumber: login.entityNumber, wasDisabled: true };
}

/** enableLogInIn by the operator, with the operator's audit row. Returns whether it was disabled. */
export async function enableLogIn(
  db: Db,
  username: string,
  operator: OperatorRequest,
): Promise<EnableResult> {
  return db.transaction(async (tx) => {
    const result = await enableLogInIn(tx, { username });
    if (result.wasDisabled) {
      await recordOperatorChange(tx, operator, result.entityNumber, AUDIT_RESOURCES.staffEnable);
    }
    return result;
  });
}

export interface RoleResult {
  entityNumber: number;
  /** The staff roles held before; after the change the log-in holds exactly `role` of them. */
  before: MemberRole[];
}

/** Whether the change changed anything: the log-in held other staff roles than `role`, or not it. */
export function roleChanged(result: RoleResult, role: MemberRole): boolean {
  return !(result.before.length === 1 && result.before[0] === role);
}

/**
 * Gives the log-in exactly one staff role: `role` is granted, the other staff role taken away, any
 * MEMBER role left as it is. It takes effect on the log-in's next request (roles are read on each).
 * Writes no audit row (see disableLogInIn); `grant` says who gives it, for whom it is mailed to
 * (role-grants.ts).
 */
export async function setStaffRoleIn(
  tx: Tx,
  ref: LogInRef,
  role: MemberRole,
  grant: RoleGrant,
): Promise<RoleResult> {
  if (!STAFF_ROLES.includes(role)) {
    throw new AccountChangeError(`The role must be one of ${STAFF_ROLES.join(", ")}.`);
  }
  const login = await lockLogIn(tx, ref);
  const held = await tx
    .select({ role: memberRoles.role })
    .from(memberRoles)
    .where(and(eq(memberRoles.entityNumber, login.entityNumber), inArray(memberRoles.role, [...STAFF_ROLES])))
    .orderBy(asc(memberRoles.role));
  const result = { entityNumber: login.entityNumber, before: held.map((row) => row.role as MemberRole) };
  if (!roleChanged(result, role)) return result;
  await tx
    .delete(memberRoles)
    .where(
      and(
        eq(memberRoles.entityNumber, login.entityNumber),
        inArray(memberRoles.role, [...STAFF_ROLES]),
        ne(memberRoles.role, role),
      ),
    );
  await tx.insert(memberRoles).values({ entityNumber: login.entityNumber, role }).onConflictDoNothing();
  await roleGranted(tx, login.entityNumber, result.before, role, grant);
  return result;
}

/** The audit row's detail of a role change: the role set. */
export const roleDetail = (role: MemberRole): AuditDetail => ({ role });

/** setStaffRoleIn by the operator, with the operator's audit row when the role changed. */
export async function setStaffRole(
  db: Db,
  username: string,
  role: MemberRole,
  operator: OperatorRequest,
  mail: Omit<RoleGrant, "by" | "at">,
): Promise<RoleResult> {
  if (!STAFF_ROLES.includes(role)) {
    throw new AccountChangeError(`The role must be one of ${STAFF_ROLES.join(", ")}.`);
  }
  return db.transaction(async (tx) => {
    const grant = { ...mail, by: "operator" as const, at: operator.at };
    const result = await setStaffRoleIn(tx, { username }, role, grant);
    if (roleChanged(result, role)) {
      await recordOperatorChange(
        tx,
        operator,
        result.entityNumber,
        AUDIT_RESOURCES.staffRole,
        roleDetail(role),
      );
    }
    return result;
  });
}

/**
 * A new password for the log-in, chosen by the operator (the same strength rules as everyone's),
 * and every session it has ended. A disabled log-in stays disabled.
 */
export async function resetLogInPassword(
  db: Db,
  username: string,
  password: string,
  operator: OperatorRequest,
  passwordHashCost = DEFAULT_PASSWORD_HASH_COST,
): Promise<{ entityNumber: number; sessionsEnded: number }> {
  const weakness = passwordStrengthProblem(password, normaliseUsername(username));
  if (weakness) throw new AccountChangeError(weakness);
  // Hashed before the transaction: the row is not held locked while scrypt runs.
  const passwordHash = await hashPassword(password, passwordHashCost);
  return db.transaction(async (tx) => {
    const login = await lockLogIn(tx, { username });
    await tx.update(members).set({ passwordHash }).where(eq(members.entityNumber, login.entityNumber));
    const sessionsEnded = await endSessions(tx, login.entityNumber);
    await recordOperatorChange(tx, operator, login.entityNumber, AUDIT_RESOURCES.staffPasswordReset);
    return { entityNumber: login.entityNumber, sessionsEnded };
  });
}

export interface SecondFactorResetResult {
  entityNumber: number;
  /** It had an authenticator (confirmed or not) or recovery codes: removed now. */
  hadSecondFactor: boolean;
  /** Sessions ended now; 0 when nothing was reset. */
  sessionsEnded: number;
}

/**
 * A local staff log-in that lost its phone (cli staff:reset-second-factor): its authenticator and
 * its recovery codes are removed, its pending sign-ins and sessions end, in one transaction with
 * the operator's audit row. Its next log-in sets up a new authenticator (STAFF_MFA=required) or
 * is offered one in the console (optional). Nothing to remove: nothing changed, no row.
 */
export async function resetSecondFactor(
  db: Db,
  username: string,
  operator: OperatorRequest,
): Promise<SecondFactorResetResult> {
  return db.transaction(async (tx) => {
    const login = await lockLogIn(tx, { username });
    const factors = await tx
      .delete(staffSecondFactors)
      .where(eq(staffSecondFactors.memberEntityNumber, login.entityNumber))
      .returning({ entityNumber: staffSecondFactors.memberEntityNumber });
    const codes = await tx
      .delete(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.memberEntityNumber, login.entityNumber))
      .returning({ id: staffRecoveryCodes.id });
    if (factors.length === 0 && codes.length === 0) {
      return { entityNumber: login.entityNumber, hadSecondFactor: false, sessionsEnded: 0 };
    }
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.memberEntityNumber, login.entityNumber));
    const sessionsEnded = await endSessions(tx, login.entityNumber);
    await recordOperatorChange(tx, operator, login.entityNumber, AUDIT_RESOURCES.secondFactorReset);
    return { entityNumber: login.entityNumber, hadSecondFactor: true, sessionsEnded };
  });
}
