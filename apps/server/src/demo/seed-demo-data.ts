import type { Db } from "../db/database.js";
import { DEFAULT_PASSWORD_HASH_COST } from "../lib/passwords.js";
import {
  countMembers,
  createMember,
  createStaff,
  DEMO_MEMBERS,
  DEMO_STAFF,
} from "../modules/members/index.js";
import type { BlobStore } from "../modules/storage/index.js";
import { seedMemberDetailsDemo } from "./member-details-demo.js";
import { seedReportsDemo } from "./reports-demo.js";
import { seedSmartInquiryDemo } from "./smart-inquiry-demo.js";

/**
 * Seeds the demo members, their data and the demo staff (an agent and a supervisor) when the
 * database has no member at all; says whether it did.
 * Dates count from `now`'s calendar day in `timeZone` (the scheme's, TIME_ZONE); passwords are hashed
 * at `passwordHashCost` (PASSWORD_HASH_COST).
 */
export async function seedDemoData(
  db: Db,
  blobStore: BlobStore,
  now: Date,
  timeZone: string,
  passwordHashCost = DEFAULT_PASSWORD_HASH_COST,
): Promise<boolean> {
  if ((await countMembers(db)) > 0) return false;
  for (const member of DEMO_MEMBERS) {
    const { withoutHistory, ...details } = { withoutHistory: false, ...member };
    const entityNumber = await createMember(db, { ...details, emails: [...member.emails] }, passwordHashCost);
    // Every demo member has a profile and a policy; only Thandi has a family on hers.
    await seedMemberDetailsDemo(db, member.username, entityNumber, now, timeZone);
    if (withoutHistory) continue;
    await seedSmartInquiryDemo(
      db,
      blobStore,
      {
        entityNumber,
        firstName: member.firstName,
        email: member.emails[0],
      },
      now,
      timeZone,
    );
  }
  const staffEntities: number[] = [];
  for (const staff of DEMO_STAFF) {
    // The demo's people arrive together on an empty database: no one is told of another's role.
    const entityNumber = await createStaff(
      db,
      { ...staff, emails: [...staff.emails], grant: null },
      passwordHashCost,
    );
    // Only the desk's people answer the reports' conversations; the officer never works the desk.
    if (staff.role !== "STAFF_INFORMATION_OFFICER") staffEntities.push(entityNumber);
  }
  await seedReportsDemo(db, staffEntities, now, timeZone);
  return true;
}
