import type { ContactDetailsUpdate } from "@portal/domain";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { memberAddresses, memberPhones } from "../../db/schema/member-details.js";
import { memberEmails } from "../../db/schema/members.js";

/**
 * Replaces the person's e-mail addresses, phone numbers and addresses with the new set. Call inside
 * a transaction (with the audit row of the change): a failure leaves the old details whole.
 */
export async function replaceContactDetails(
  tx: Queryable,
  entityNumber: number,
  details: ContactDetailsUpdate,
): Promise<void> {
  await tx.delete(memberEmails).where(eq(memberEmails.memberEntityNumber, entityNumber));
  await tx.delete(memberPhones).where(eq(memberPhones.memberEntityNumber, entityNumber));
  await tx.delete(memberAddresses).where(eq(memberAddresses.memberEntityNumber, entityNumber));
  await tx
    .insert(memberEmails)
    .values(
      details.emails.map((address, position) => ({ memberEntityNumber: entityNumber, address, position })),
    );
  if (details.phoneNumbers.length > 0) {
    await tx.insert(memberPhones).values(
      details.phoneNumbers.map((phone, position) => ({
        memberEntityNumber: entityNumber,
        ...phone,
        position,
      })),
    );
  }
  if (details.addresses.length > 0) {
    await tx
      .insert(memberAddresses)
      .values(details.addresses.map((address) => ({ memberEntityNumber: entityNumber, ...address })));
  }
}
