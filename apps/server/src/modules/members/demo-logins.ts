import type { Db } from "../../db/database.js";
import { verifyPassword } from "../../lib/passwords.js";
import { DEMO_MEMBERS, DEMO_STAFF } from "./demo-credentials.js";
import { findMemberByUsername } from "./members-repository.js";

export interface DemoLogin {
  label: string;
  username: string;
  password: string;
}

const STAFF_LABELS: Record<(typeof DEMO_STAFF)[number]["role"], string> = {
  STAFF_AGENT: "Demo agent",
  STAFF_SUPERVISOR: "Demo supervisor",
  STAFF_INFORMATION_OFFICER: "Demo information officer",
};

// Every account the demo seed makes (demo/seed-demo-data.ts seeds exactly these lists), members first.
const CANDIDATES: readonly DemoLogin[] = [
  ...DEMO_MEMBERS.map(({ username, password }) => ({ label: "Demo member", username, password })),
  ...DEMO_STAFF.map(({ username, password, role }) => ({ label: STAFF_LABELS[role], username, password })),
];

/**
 * The demo log-ins that work on this database: the username exists and the demo password opens
 * it. An operator is never shown a log-in that was not seeded here, or whose password was changed.
 */
export async function workingDemoLogins(db: Db): Promise<DemoLogin[]> {
  // Checked together: each is a password hash's work, and the start waits for all of them.
  const works = await Promise.all(
    CANDIDATES.map(async (candidate) => {
      const member = await findMemberByUsername(db, candidate.username);
      return Boolean(
        member?.passwordHash &&
          !member.disabledAt &&
          (await verifyPassword(candidate.password, member.passwordHash)),
      );
    }),
  );
  return CANDIDATES.filter((_, index) => works[index]);
}
