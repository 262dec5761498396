import type { Db } from "../../db/database.js";
import { createMember } from "./create-member.js";
import { DEMO_MEMBERS } from "./demo-credentials.js";
import { countMembers } from "./members-repository.js";

/** Seeds the demo members when the database has no member at all; returns whether it did. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if ((await countMembers(db)) > 0) return false;
  for (const member of DEMO_MEMBERS) {
    await createMember(db, { ...member, emails: [...member.emails] });
  }
  return true;
}
