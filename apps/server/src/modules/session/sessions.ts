import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { members, sessions } from "../../db/schema.js";
import { randomToken, sha256 } from "../../lib/crypto.js";

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** The member a request acts for. Every query of member data is scoped by entityNumber. */
export interface MemberSession {
  tokenHash: string;
  entityNumber: number;
}

// Writing last_seen_at on every request would turn each read into a write; a minute of
// slack on a 15-minute idle timeout costs nothing.
const TOUCH_INTERVAL_MS = 60_000;

// A page load sends several requests at once, and all of them find the session due for a touch:
// one touches it, the others of this process go on without writing (or queueing behind its row
// lock). Measured under load of one session: 54 updates of one row at each touch before.
const touching = new Set<string>();

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
    await tx
      .update(members)
      .set({ lastSignInAt: now, lastSignInMethod: signInMethod })
      .where(eq(members.entityNumber, entityNumber));
    return true;
  });
  return created ? token : null;
}

// Every request of a logged-in member starts here: prepared once per database, so each request
// only binds the token hash. One table by its primary key, nothing joined: the member's name is read
// only where it is shown (docs/decisions/0014).
const sessionLookup = preparedRead("session_lookup", (db: Db) =>
  db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      entityNumber: sessions.memberEntityNumber,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1),
);

export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy,
): Promise<MemberSession | null> {
  const tokenHash = sha256(token);
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  const age = now.getTime() - row.createdAt.getTime();
  if (idleFor > policy.idleMs || age > policy.absoluteMs) {
    await deleteSession(db, tokenHash);
    return null;
  }
  // Touched well within the idle limit, however short it is set: else it acts as an absolute limit.
  const touchAfterMs = Math.min(TOUCH_INTERVAL_MS, policy.idleMs / 4);
  if (idleFor > touchAfterMs && !touching.has(tokenHash)) {
    touching.add(tokenHash);
    try {
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
        );
    } finally {
      touching.delete(tokenHash);
    }
  }
  return { tokenHash, entityNumber: row.entityNumber };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export function sessionTokenHash(token: string): string {
  return sha256(token);
}
