import { isMemberLanguage, type MemberLanguage } from "@portal/domain";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { memberEmails, members } from "../../db/schema/members.js";

/** The kept language as the domain types it; the column's check holds it to the known codes. */
export function keptLanguage(stored: string | null): MemberLanguage | null {
  return isMemberLanguage(stored) ? stored : null;
}

/**
 * The member chose the language they read the portal and its mails in. False when there is no
 * such member (the session outlived them); a choice equal to the kept one changes nothing.
 */
export async function setMemberLanguage(
  tx: Tx,
  entityNumber: number,
  language: MemberLanguage,
): Promise<boolean> {
  const updated = await tx
    .update(members)
    .set({ language })
    .where(eq(members.entityNumber, entityNumber))
    .returning({ entityNumber: members.entityNumber });
  return updated.length > 0;
}

/** Whom a mail to the member is addressed to: the first name for the greeting, and the language. */
export async function mailAddressee(
  db: Queryable,
  entityNumber: number,
): Promise<{ firstName: string | null; language: MemberLanguage | null }> {
  const [row] = await db
    .select({ firstName: members.firstName, language: members.language })
    .from(members)
    .where(eq(members.entityNumber, entityNumber))
    .limit(1);
  return { firstName: row?.firstName ?? null, language: keptLanguage(row?.language ?? null) };
}

export interface MemberRecord {
  entityNumber: number;
  /** Null for a dependent without a log-in: login.ts then verifies against unknownUserHash(). */
  username: string | null;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  /** Set when an operator disabled the log-in: it opens nothing (gateway/login.ts). */
  disabledAt: Date | null;
  /** The language the member chose (keptLanguage reads it); null: none chosen. */
  language: string | null;
}

export interface NewMember {
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  emails: readonly string[];
}

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

export async function findMemberByUsername(db: Db, username: string): Promise<MemberRecord | undefined> {
  const rows = await db
    .select()
    .from(members)
    .where(eq(members.username, normaliseUsername(username)))
    .limit(1);
  return rows[0];
}

// Read on every session probe (GET /wsg/session): prepared once per database.
const memberStatement = preparedRead("member_by_entity_number", (db: Db) =>
  db
    .select()
    .from(members)
    .where(eq(members.entityNumber, sql.placeholder("entityNumber")))
    .limit(1),
);

export async function findMemberByEntityNumber(
  db: Db,
  entityNumber: number,
): Promise<MemberRecord | undefined> {
  const rows = await memberStatement(db).execute({ entityNumber });
  return rows[0];
}

export async function listMemberEmails(db: Db, entityNumber: number): Promise<string[]> {
  const rows = await db
    .select({ address: memberEmails.address })
    .from(memberEmails)
    .where(eq(memberEmails.memberEntityNumber, entityNumber))
    .orderBy(asc(memberEmails.position));
  return rows.map((row) => row.address);
}

/**
 * Inserts the member and their e-mail addresses in one transaction; returns the entity number.
 * `alsoInTransaction` adds to that transaction what must stand or fall with the new row (a staff
 * role, the audit trail's row).
 */
export async function insertMember(
  db: Db,
  member: NewMember,
  alsoInTransaction?: (tx: Tx, entityNumber: number) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(members)
      .values({
        username: normaliseUsername(member.username),
        passwordHash: member.passwordHash,
        firstName: member.firstName,
        lastName: member.lastName,
      })
      .returning({ entityNumber: members.entityNumber });
    if (!created) throw new Error("insert into members returned no row");
    if (member.emails.length > 0) {
      await tx.insert(memberEmails).values(
        member.emails.map((address, position) => ({
          memberEntityNumber: created.entityNumber,
          address,
          position,
        })),
      );
    }
    await alsoInTransaction?.(tx, created.entityNumber);
    return created.entityNumber;
  });
}

export async function countMembers(db: Db): Promise<number> {
  return db.$count(members);
}

/** A member of staff said "Not now" to setting up a second factor: it is not offered again until `until`. */
export async function postponeSecondFactorOffer(tx: Tx, entityNumber: number, until: Date): Promise<void> {
  await tx
    .update(members)
    .set({ secondFactorOfferPostponedUntil: until })
    .where(eq(members.entityNumber, entityNumber));
}

/** A person without a log-in gets one (an activation link); false when they already had one. */
export async function giveLogIn(
  tx: Tx,
  entityNumber: number,
  username: string,
  passwordHash: string,
): Promise<boolean> {
  const updated = await tx
    .update(members)
    .set({ username, passwordHash })
    .where(and(eq(members.entityNumber, entityNumber), isNull(members.username)))
    .returning({ entityNumber: members.entityNumber });
  return updated.length > 0;
}

/** A log-in's new password (a reset link); its sessions are the caller's to end. */
export async function setPasswordHash(tx: Tx, entityNumber: number, passwordHash: string): Promise<void> {
  await tx.update(members).set({ passwordHash }).where(eq(members.entityNumber, entityNumber));
}

/** When and how a log-in last signed in: shown on the supervisors' Staff page. */
export async function recordSignIn(
  tx: Queryable,
  entityNumber: number,
  at: Date,
  method: "password" | "oidc",
): Promise<void> {
  await tx
    .update(members)
    .set({ lastSignInAt: at, lastSignInMethod: method })
    .where(eq(members.entityNumber, entityNumber));
}
