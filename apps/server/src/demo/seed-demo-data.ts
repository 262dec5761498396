import type { Db } from "../db/database.js";
import { createMember } from "../modules/members/create-member.js";
import { DEMO_MEMBERS } from "../modules/members/demo-credentials.js";
import { countMembers } from "../modules/members/members-repository.js";
import type { BlobStore } from "../modules/storage/blob-store.js";
import { seedMemberDetailsDemo } from "./member-details-demo.js";
import { seedSmartInquiryDemo } from "./smart-inquiry-demo.js";

/** Seeds the demo members and their data when the database has no member at all; says whether it did. */
export async function seedDemoData(db: Db, blobStore: BlobStore, now: Date): Promise<boolean> {
  if ((await countMembers(db)) > 0) return false;
  for (const member of DEMO_MEMBERS) {
    const { withoutHistory, ...details } = { withoutHistory: false, ...member };
    const entityNumber = await createMember(db, { ...details, emails: [...member.emails] });
    // Every demo member has a profile and a policy; only Thandi has a family on hers.
    await seedMemberDetailsDemo(db, member.username, entityNumber, now);
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
    );
  }
  return true;
}
