import type { MemberRole } from "@portal/domain";
import { and, eq, ne } from "drizzle-orm";
import { auditEvents } from "../../src/db/schema.js";
import { AUDIT_RESOURCES } from "../../src/modules/access/audit-trail.js";
import { grantRoles } from "../../src/modules/access/index.js";
import {
  ensurePlan,
  insertAddresses,
  insertEmergencyContacts,
  insertPersonWithoutLogin,
  insertPhoneNumbers,
  insertPolicy,
  insertPolicyDependent,
  insertProfile,
} from "../../src/modules/member-details/enrolment-repository.js";
import { addMember, type TestApp, TestBrowser } from "../test-app.js";

/** MEMBER_DETAILS_BASE, where the service is mounted. */
export const BASE = "/api/member-details";
export const MD = `${BASE}/v2/member-details`;
/** An entity number no one has: what every refused entity must look like. */
export const MISSING_ENTITY = 2_000_000_000;

export const TEST_SCHEME = { code: "TEST-SCHEME", name: "Test Medical Scheme" };
export const TEST_PLAN = {
  code: "GOLD",
  name: "Gold Plan",
  benefits: ["HOSPITAL", "CHRONIC_MEDICATION", "DENTISTRY"],
} as const;

/** A new member (role MEMBER), logged in through the gateway in their own browser. */
export async function loggedInMember(testApp: TestApp, emails?: string[]) {
  return loggedInWithRoles(testApp, ["MEMBER"], emails);
}

/** A member of the scheme's staff: a log-in holding only a staff role. */
export async function loggedInStaff(testApp: TestApp, role: MemberRole = "STAFF_AGENT") {
  return loggedInWithRoles(testApp, [role]);
}

async function loggedInWithRoles(testApp: TestApp, roles: readonly MemberRole[], emails?: string[]) {
  const member = await addMember(testApp.database, emails ? { emails } : {});
  await grantRoles(testApp.database.db, member.entityNumber, roles);
  const browser = new TestBrowser(testApp.app);
  const login = await browser.logIn(member.username, member.password);
  if (login.statusCode !== 200) throw new Error(`log-in failed with status ${login.statusCode}`);
  return { ...member, browser };
}

let policyCounter = 0;

/**
 * A principal member with a full profile and a policy carrying a spouse (no log-in) and a child
 * who has a log-in of their own.
 */
export async function enrolFamily(testApp: TestApp) {
  const db = testApp.database.db;
  const principal = await loggedInMember(testApp);
  await insertProfile(db, principal.entityNumber, {
    title: "Mrs",
    dateOfBirth: "1980-02-29",
    gender: "FEMALE",
    identityNumber: `80022901${String(principal.entityNumber).slice(-5)}`,
    identityType: "ID",
    membershipNumber: `M${principal.entityNumber}`,
  });
  await insertPhoneNumbers(db, principal.entityNumber, [
    { type: "MOBILE", number: "+27 82 000 0001" },
    { type: "HOME", number: "+27 11 000 0002" },
  ]);
  await insertAddresses(db, principal.entityNumber, [
    {
      type: "RESIDENTIAL",
      line1: "1 Test Road",
      line2: null,
      suburb: "Testville",
      city: "Pretoria",
      province: "Gauteng",
      postalCode: "0001",
      country: "South Africa",
    },
    {
      type: "POSTAL",
      line1: "PO Box 1",
      line2: null,
      suburb: null,
      city: "Pretoria",
      province: null,
      postalCode: "0002",
      country: "South Africa",
    },
  ]);
  await insertEmergencyContacts(db, principal.entityNumber, [
    { name: "Contact One", relationship: "Brother", phoneNumber: "+27 83 000 0003", email: null },
    { name: "Contact Two", relationship: "Friend", phoneNumber: "+27 83 000 0004", email: "two@example.com" },
  ]);
  const planId = await ensurePlan(db, TEST_SCHEME, TEST_PLAN);
  policyCounter += 1;
  const policyIdentifier = `POL-${principal.entityNumber}-${policyCounter}`;
  const policyId = await insertPolicy(db, {
    policyIdentifier,
    planId,
    principalEntityNumber: principal.entityNumber,
    startDate: "2024-01-01",
  });

  const spouse = await insertPersonWithoutLogin(db, { firstName: "Spouse", lastName: "Of Principal" });
  await insertProfile(db, spouse, { title: "Mr", dateOfBirth: "1979-06-15", gender: "MALE" });
  await insertEmergencyContacts(db, spouse, [
    { name: "Spouse Contact", relationship: "Mother", phoneNumber: "+27 83 000 0005", email: null },
  ]);
  await insertPolicyDependent(db, {
    policyId,
    dependentEntityNumber: spouse,
    relationship: "SPOUSE",
    dependentCode: "01",
  });

  const child = await loggedInMember(testApp);
  await insertProfile(db, child.entityNumber, { dateOfBirth: "2005-09-01", gender: "OTHER" });
  await insertPolicyDependent(db, {
    policyId,
    dependentEntityNumber: child.entityNumber,
    relationship: "CHILD",
    dependentCode: "02",
  });
  return { principal, spouse, child, policyId, policyIdentifier };
}
export type Family = Awaited<ReturnType<typeof enrolFamily>>;

/** The audit rows naming this actor, oldest first, without their ids. */
export async function auditRowsOf(testApp: TestApp, actorEntityNumber: number) {
  // A member's own log-in is on the trail too (their "My data" lists it): not what these tests read.
  const rows = await testApp.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorEntityNumber, actorEntityNumber),
        ne(auditEvents.resource, AUDIT_RESOURCES.memberLogIn),
      ),
    )
    .orderBy(auditEvents.id);
  // The columns that name a query and a purge's figures are left out where empty, as before they existed.
  return rows.map(({ id: _id, referenceNumber, detail, ...row }) => ({
    ...row,
    ...(referenceNumber === null ? {} : { referenceNumber }),
    ...(detail === null ? {} : { detail }),
  }));
}
