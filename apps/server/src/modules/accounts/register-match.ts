import type { RegistrationRequest } from "@portal/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { memberProfiles, policies, policyDependents } from "../../db/schema/member-details.js";
import { memberEmails, members } from "../../db/schema/members.js";

// Who a registration is for: a person on the register whose membership number (their own, or the
// principal member's for a dependent on that member's policy), ID or passport number and date of
// birth all match, and who holds the address they named.

export interface RegisterMatch {
  entityNumber: number;
  hasLogin: boolean;
  /** The address as the register holds it. */
  email: string;
}

/** Spaces and case do not count in an ID or passport number as people type it. */
const normalisedIdentity = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** The one person matching every detail, or undefined (none, or, which the register should never hold, several). */
export async function findRegisterMatch(
  db: Queryable,
  details: RegistrationRequest,
): Promise<RegisterMatch | undefined> {
  const principals = await db
    .select({ entityNumber: memberProfiles.entityNumber })
    .from(memberProfiles)
    .where(eq(memberProfiles.membershipNumber, details.membershipNumber.trim()));
  const principal = principals[0];
  if (!principal) return undefined;
  const dependents = await db
    .select({ entityNumber: policyDependents.dependentEntityNumber })
    .from(policyDependents)
    .innerJoin(policies, eq(policies.policyId, policyDependents.policyId))
    .where(eq(policies.principalEntityNumber, principal.entityNumber));
  const candidates = [principal.entityNumber, ...dependents.map((row) => row.entityNumber)];

  const matches = await db
    .select({ entityNumber: memberProfiles.entityNumber, username: members.username })
    .from(memberProfiles)
    .innerJoin(members, eq(members.entityNumber, memberProfiles.entityNumber))
    .where(
      and(
        inArray(memberProfiles.entityNumber, candidates),
        eq(memberProfiles.dateOfBirth, details.dateOfBirth),
        sql`upper(regexp_replace(${memberProfiles.identityNumber}, '\\s', '', 'g')) = ${normalisedIdentity(details.identityNumber)}`,
      ),
    );
  const [match] = matches;
  if (!match || matches.length > 1) return undefined;

  const [email] = await db
    .select({ address: memberEmails.address })
    .from(memberEmails)
    .where(
      and(
        eq(memberEmails.memberEntityNumber, match.entityNumber),
        sql`lower(${memberEmails.address}) = ${details.email.trim().toLowerCase()}`,
      ),
    )
    .limit(1);
  if (!email) return undefined;
  return { entityNumber: match.entityNumber, hasLogin: match.username !== null, email: email.address };
}
