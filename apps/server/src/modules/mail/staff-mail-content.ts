import { compose, type MailBrand, paragraph, strong } from "./mail-content.js";
import type { OutgoingMail } from "./outbox.js";

// Mails to the scheme's own people about the console's roles.

/**
 * To an information officer or a supervisor, one address at a time, when someone else is given the
 * information officer's role: it reads and exports any member's data, so a grant nobody expected
 * is for them to stop at once.
 */
export function officerRoleGrantedMail(
  brand: MailBrand,
  input: {
    to: string;
    /** The recipient's entity number and first name (for the greeting). */
    memberEntityNumber: number;
    firstName?: string | null;
    /** The full name of the person given the role. */
    grantee: string;
    /** Who gave it: a supervisor's full name, the operator or the identity provider, in words. */
    grantedBy: string;
    /** When, as the scheme's clock shows it ("2026-12-03 09:15"). */
    when: string;
  },
): OutgoingMail {
  return compose(
    brand,
    { to: [input.to], cc: [], memberEntityNumber: input.memberEntityNumber, referenceNumber: null },
    "OFFICER_ROLE_GRANTED",
    "Someone was given the information officer's role",
    [
      paragraph(
        strong(input.grantee),
        " was given the information officer's role on the member portal's console by ",
        strong(input.grantedBy),
        ` on ${input.when}.`,
      ),
      paragraph(
        "The role can read and export any member's data. If you did not expect this, tell a supervisor at once.",
      ),
    ],
    { firstName: input.firstName },
  );
}
