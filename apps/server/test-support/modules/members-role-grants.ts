import { and, asc, desc, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../../src/db/database.js";
import { memberEmails, memberRoles, members, outboxMails } from "../../src/db/schema.js";

// For the tests of each way the information officer's role is given: the mails it queued.

/** The newest outbox id now: the mails of a grant are the ones after it. */
export async function lastOutboxId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: outboxMails.id })
    .from(outboxMails)
    .orderBy(desc(outboxMails.id))
    .limit(1);
  return row?.id ?? 0;
}

/** The officer-role mails queued after `afterId`, one row each. */
export function officerGrantMailsSince(db: Db, afterId: number) {
  return db
    .select({
      to: outboxMails.toAddresses,
      cc: outboxMails.ccAddresses,
      memberEntityNumber: outboxMails.memberEntityNumber,
      subject: outboxMails.subject,
      text: outboxMails.text,
    })
    .from(outboxMails)
    .where(and(gt(outboxMails.id, afterId), eq(outboxMails.kind, "OFFICER_ROLE_GRANTED")))
    .orderBy(asc(outboxMails.id));
}

/** Every address of every officer and supervisor but `grantee` whose log-in is not disabled, sorted. */
export async function addressesToTell(db: Db, grantee: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ address: memberEmails.address, entityNumber: memberEmails.memberEntityNumber })
    .from(memberRoles)
    .innerJoin(members, eq(members.entityNumber, memberRoles.entityNumber))
    .innerJoin(memberEmails, eq(memberEmails.memberEntityNumber, memberRoles.entityNumber))
    .where(
      and(
        inArray(memberRoles.role, ["STAFF_INFORMATION_OFFICER", "STAFF_SUPERVISOR"]),
        ne(memberRoles.entityNumber, grantee),
        isNull(members.disabledAt),
      ),
    );
  return rows.map((row) => row.address).sort();
}

/**
 * The mails of one grant: one per address to tell, each to that one address and nobody in cc,
 * none to `notTo` (the grantee's, an agent's, a disabled officer's), each naming the grantee and
 * the grantor and saying what to do.
 */
export async function expectOfficerGrantMails(
  db: Db,
  afterId: number,
  expected: { grantee: number; granteeName: string; grantedBy: string; to: string[]; notTo: string[] },
) {
  const mails = await officerGrantMailsSince(db, afterId);
  const sent = mails.map((mail) => mail.to).sort();
  expect(sent).toEqual((await addressesToTell(db, expected.grantee)).map((address) => [address]));
  for (const address of expected.to) expect(sent).toContainEqual([address]);
  for (const address of expected.notTo) expect(sent).not.toContainEqual([address]);
  for (const mail of mails) {
    expect(mail.cc).toEqual([]);
    expect(mail.subject).toBe("Someone was given the information officer's role");
    expect(mail.text).toContain(
      `${expected.granteeName} was given the information officer's role on the member portal's console by ${expected.grantedBy} on `,
    );
    expect(mail.text).toMatch(/ on \d{4}-\d{2}-\d{2} \d{2}:\d{2}\./);
    expect(mail.text).toContain(
      "The role can read and export any member's data. If you did not expect this, tell a supervisor at once.",
    );
  }
  return mails;
}
