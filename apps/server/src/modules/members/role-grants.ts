import { formatDateTimeIn, type MemberRole } from "@portal/domain";
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import { memberEmails, members } from "../../db/schema/members.js";
import { enqueueMail, type MailBrand, officerRoleGrantedMail } from "../mail/index.js";

// What follows a staff role being given, whichever way it is given (the console's Staff page, the
// command line, the identity provider's claim at a sign-in): every path calls roleGranted in the
// transaction that set the role, so a new path cannot give the information officer's role quietly.

/** Who gave the role: a supervisor (their entity number), the operator, or the identity provider. */
export type RoleGrantor = { supervisor: number } | "operator" | "identity-provider";

/** What a role change needs to tell others of it: who made it, when, and the scheme's brand and clock. */
export interface RoleGrant {
  by: RoleGrantor;
  at: Date;
  brand: MailBrand;
  /** The scheme's time zone (config TIME_ZONE), for the time the mail gives. */
  timeZone: string;
}

/** The roles told when someone is given the information officer's role. */
const TOLD_OF_OFFICER_GRANTS: MemberRole[] = ["STAFF_INFORMATION_OFFICER", "STAFF_SUPERVISOR"];

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

async function grantorName(tx: Tx, by: RoleGrantor): Promise<string> {
  if (by === "operator") return "the portal's operator (command line)";
  if (by === "identity-provider") return "the scheme's identity provider";
  const [supervisor] = await tx
    .select({ firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(eq(members.entityNumber, by.supervisor));
  return supervisor ? `${fullName(supervisor)} (a supervisor)` : "a supervisor";
}

/**
 * Call in the transaction that gave `entityNumber` the staff role `role`, with the staff roles it
 * held before. Giving the information officer's role to someone who did not hold it mails every
 * address of every other information officer and every supervisor (their log-ins not disabled);
 * the person given it is not told, and a role already held tells no one.
 */
export async function roleGranted(
  tx: Tx,
  entityNumber: number,
  before: readonly MemberRole[],
  role: MemberRole,
  grant: RoleGrant,
): Promise<void> {
  if (role !== "STAFF_INFORMATION_OFFICER" || before.includes(role)) return;
  const [grantee] = await tx
    .select({ firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(eq(members.entityNumber, entityNumber));
  if (!grantee) return;
  // Through member_roles_role (role, entity_number): a few staff, never a scan of the members.
  const recipients = await tx
    .selectDistinct({
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      address: memberEmails.address,
      position: memberEmails.position,
    })
    .from(memberRoles)
    .innerJoin(members, eq(members.entityNumber, memberRoles.entityNumber))
    .innerJoin(memberEmails, eq(memberEmails.memberEntityNumber, memberRoles.entityNumber))
    .where(
      and(
        inArray(memberRoles.role, TOLD_OF_OFFICER_GRANTS),
        ne(memberRoles.entityNumber, entityNumber),
        isNull(members.disabledAt),
      ),
    )
    .orderBy(asc(members.entityNumber), asc(memberEmails.position));
  if (recipients.length === 0) return;
  const grantedBy = await grantorName(tx, grant.by);
  const when = formatDateTimeIn(grant.timeZone, grant.at);
  for (const recipient of recipients) {
    await enqueueMail(
      tx,
      officerRoleGrantedMail(grant.brand, {
        to: recipient.address,
        memberEntityNumber: recipient.entityNumber,
        firstName: recipient.firstName,
        grantee: fullName(grantee),
        grantedBy,
        when,
      }),
      grant.at,
    );
  }
}
