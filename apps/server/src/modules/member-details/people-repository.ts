import type { Address, Gender, IdentityType, PersonalDetails, PhoneNumber, PhoneType } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { memberAddresses, memberPhones, memberProfiles } from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";

// Reads of one person's own rows. Callers pass an entity number the access service has already
// let through (access.ts): these functions do not decide who may see what.

export async function findPersonalDetails(
  db: Db,
  entityNumber: number,
): Promise<PersonalDetails | undefined> {
  const [row] = await db
    .select({
      entityNumber: members.entityNumber,
      title: memberProfiles.title,
      firstName: members.firstName,
      lastName: members.lastName,
      dateOfBirth: memberProfiles.dateOfBirth,
      gender: memberProfiles.gender,
      identityNumber: memberProfiles.identityNumber,
      identityType: memberProfiles.identityType,
      membershipNumber: memberProfiles.membershipNumber,
    })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, members.entityNumber))
    .where(eq(members.entityNumber, entityNumber))
    .limit(1);
  if (!row) return undefined;
  // The check constraints of member_profiles hold these to the domain's values.
  return {
    ...row,
    gender: row.gender as Gender | null,
    identityType: row.identityType as IdentityType | null,
  };
}

export async function listPhoneNumbers(db: Db, entityNumber: number): Promise<PhoneNumber[]> {
  const rows = await db
    .select({ type: memberPhones.type, number: memberPhones.number })
    .from(memberPhones)
    .where(eq(memberPhones.memberEntityNumber, entityNumber))
    .orderBy(asc(memberPhones.position));
  return rows.map((row) => ({ type: row.type as PhoneType, number: row.number }));
}

export async function listAddresses(db: Db, entityNumber: number): Promise<Address[]> {
  const rows = await db
    .select({
      type: memberAddresses.type,
      line1: memberAddresses.line1,
      line2: memberAddresses.line2,
      suburb: memberAddresses.suburb,
      city: memberAddresses.city,
      province: memberAddresses.province,
      postalCode: memberAddresses.postalCode,
      country: memberAddresses.country,
    })
    .from(memberAddresses)
    .where(eq(memberAddresses.memberEntityNumber, entityNumber))
    // POSTAL before RESIDENTIAL: a stable order for the page.
    .orderBy(asc(memberAddresses.type));
  return rows.map((row) => ({ ...row, type: row.type as Address["type"] }));
}
