import type { EmergencyContact } from "@portal/domain";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { emergencyContacts } from "../../db/schema/member-details.js";

/** The person's emergency contacts in their order. The caller has checked access (access.ts). */
export async function listEmergencyContacts(db: Db, entityNumber: number): Promise<EmergencyContact[]> {
  return db
    .select({
      name: emergencyContacts.name,
      relationship: emergencyContacts.relationship,
      phoneNumber: emergencyContacts.phoneNumber,
      email: emergencyContacts.email,
    })
    .from(emergencyContacts)
    .where(eq(emergencyContacts.memberEntityNumber, entityNumber))
    .orderBy(asc(emergencyContacts.position));
}
