import type { Db } from "../../db/database.js";
import { verifyPassword } from "../../lib/passwords.js";
import { DEMO_MEMBERS, DEMO_STAFF } from "./demo-credentials.js";
import { findMemberByUsername } from "./members-repository.js";

export interface DemoLogin {
  label: string;
  username: string;
  password: string;
}

const CANDIDATES: readonly DemoLogin[] = [
  { label: "Demo member", ...DEMO_MEMBERS[0] },
  { label: "Demo agent", ...DEMO_STAFF[0] },
  { label: "Demo supervisor", ...DEMO_STAFF[1] },
  { label: "Demo information officer", ...DEMO_STAFF[2] },
];

/**
 * The demo log-ins that work on this database: the username exists and the demo password opens
 * it. An operator is never shown a log-in that was not seeded here, or whose password was changed.
 */
export async function workingDemoLogins(db: Db): Promise<DemoLogin[]> {
  const working: DemoLogin[] = [];
  for (const candidate of CANDIDATES) {
    const member = await findMemberByUsername(db, candidate.username);
    if (
      member?.passwordHash &&
      !member.disabledAt &&
      (await verifyPassword(candidate.password, member.passwordHash))
    ) {
      working.push(candidate);
    }
  }
  return working;
}
