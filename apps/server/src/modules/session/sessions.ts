import { MEMBER_ROLES, type MemberLanguage, type MemberRole } from "@portal/domain";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { members } from "../../db/schema/members.js";
import { sessions } from "../../db/schema/session.js";
import { randomToken, sha256 } from "../../lib/crypto.js";
import { keptLanguage, recordSignIn } from "../members/index.js";

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** The member a request acts for. Every query of member data is scoped by entityNumber. */
export interface MemberSession {
  tokenHash: string;
  entityNumber: number;
  /** Read with the session, in its one statement, where the route asks for it (config.sessionMember); else null. */
  member: SessionMember | null;
}

/** What the session probe shows of the member, and the roles that every audience but the members' admits by. */
export interface SessionMember {
  firstName: string;
  lastName: string;
  /** The language the member chose (members.language); null: none chosen. */
  language: MemberLanguage | null;
  roles: ReadonlySet<MemberRole>;
}

// Writing last_seen_at on every request would turn each read into a write; a minute of
// slack on a 15-minute idle timeout costs nothing.
const TOUCH_INTERVAL_MS = 60_000;

// A page load sends several requests at once, and all of them find the session due for a touch:
// one touches it, the others of this process go on without writing (or queueing behind its row
// lock). Measured under load of one session: 54 updates of one row at each touch before. Kept
// by when this process last touched each session, not only while the touch is under way: a
// request that read the session before the touch and goes on after it would touch it again.
// In the order touched (a key touched again moves to the end), so the expired ones are the first.
const touchedAt = new Map<string, number>();

/** Whether this process touched the session since `since`; forgets touches older than that. */
function touchedSince(tokenHash: string, since: number): boolean {
  for (const [hash, at] of touchedAt) {
    if (at > since) break;
    touchedAt.delete(hash);
  }
  const at = touchedAt.get(tokenHash);
  return at !== undefined && at > since;
}

/** How a session was signed in: the gateway's password (and a local staff second factor), or the scheme's OpenID provider. */
export type SignInMethod = "password" | "oidc";

/**
 * A new session for the member; null when their log-in is disabled. The member's row is read FOR
 * SHARE, so a disabling (members/operator-accounts.ts, which locks the row, sets disabled_at and
 * deletes the sessions) either waits for this session and deletes it, or commits first and this
 * finds the log-in disabled: no session outlives the disabling.
 */
export async function createSession(
  db: Db,
  entityNumber: number,
  now: Date,
  signInMethod: SignInMethod = "password",
): Promise<string | null> {
  const token = randomToken();
  const created = await db.transaction(async (tx) => {
    const [enabled] = await tx
      .select({ entityNumber: members.entityNumber })
      .from(members)
      .where(and(eq(members.entityNumber, entityNumber), isNull(members.disabledAt)))
      .for("share");
    if (!enabled) return false;
    await tx.insert(sessions).values({
      tokenHash: sha256(token),
      memberEntityNumber: entityNumber,
      createdAt: now,
      lastSeenAt: now,
      signInMethod,
    });
    // Shown on the supervisors' Staff page: when and how this log-in last signed in.
    await recordSignIn(tx, entityNumber, now, signInMethod);
    return true;
  });
  return created ? token : null;
}

// Every request of a logged-in member starts here: prepared once per database, so each request
// only binds the token hash. Most routes need only whose session it is: one table by its primary
// key, nothing joined (a join is planned again on every execution on the embedded database;
// docs/decisions/0014).
const sessionColumns = {
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  entityNumber: sessions.memberEntityNumber,
};

const sessionLookup = preparedRead("session_lookup", (db: Db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1),
);

// The session probe and the staff's routes need the member's names or roles: read in the same
// statement, by the primary keys of members and member_roles, instead of a second round trip.
const sessionWithMemberLookup = preparedRead("session_with_member", (db: Db) =>
  db
    .select({
      ...sessionColumns,
      firstName: members.firstName,
      lastName: members.lastName,
      language: members.language,
      // Qualified by Drizzle in a join ("sessions"."member_entity_number"), so inside the subquery
      // it still names the session's member.
      roles: sql<
        string[]
      >`array(select role from member_roles where member_roles.entity_number = ${sessions.memberEntityNumber} order by role)`,
    })
    .from(sessions)
    .innerJoin(members, eq(members.entityNumber, sessions.memberEntityNumber))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1),
);

/** The session's row, with its member's names and roles when asked: one statement either way. */
async function readSession(db: Db, tokenHash: string, withMember: boolean) {
  if (!withMember) {
    const [row] = await sessionLookup(db).execute({ tokenHash });
    return row && { ...row, member: null };
  }
  const [row] = await sessionWithMemberLookup(db).execute({ tokenHash });
  if (!row) return undefined;
  // The check constraint of member_roles holds these to the domain's values (access/roles.ts).
  const roles = new Set(
    row.roles.filter((role): role is MemberRole => MEMBER_ROLES.includes(role as MemberRole)),
  );
  const member = {
    firstName: row.firstName,
    lastName: row.lastName,
    language: keptLanguage(row.language),
    roles,
  };
  return { createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, entityNumber: row.entityNumber, member };
}

/**
 * The session of the token, or null when there is none or it expired (then it is deleted). Read
 * from the database on every request, so a log-out, a disabling (which deletes the sessions) or a
 * change of roles applies at the next request on every process.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
  withMember = false,
): Promise<MemberSession | null> {
  const tokenHash = sha256(token);
  const row = await readSession(db, tokenHash, withMember);
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  const age = now.getTime() - row.createdAt.getTime();
  if (idleFor > policy.idleMs || age > policy.absoluteMs) {
    await deleteSession(db, tokenHash);
    return null;
  }
  // Touched well within the idle limit, however short it is set: else it acts as an absolute limit.
  const touchAfterMs = Math.min(TOUCH_INTERVAL_MS, policy.idleMs / 4);
  if (idleFor > touchAfterMs && !touchedSince(tokenHash, now.getTime() - touchAfterMs)) {
    touchedAt.delete(tokenHash);
    touchedAt.set(tokenHash, now.getTime());
    // Only if no other process touched it meanwhile: one that waited for the row's lock then
    // finds it touched and writes nothing.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          lt(sessions.lastSeenAt, new Date(now.getTime() - touchAfterMs)),
        ),
      )
      .catch((error: unknown) => {
        // Not touched after all: the next request tries again.
        touchedAt.delete(tokenHash);
        throw error;
      });
  }
  return { tokenHash, entityNumber: row.entityNumber, member: row.member };
}

/** Ends every session of a log-in (its password changed), in the caller's transaction. */
export async function endSessionsOf(tx: Queryable, entityNumber: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.memberEntityNumber, entityNumber));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export function sessionTokenHash(token: string): string {
  return sha256(token);
}
