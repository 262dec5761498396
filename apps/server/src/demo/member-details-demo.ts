import {
  type Address,
  calendarDateIn,
  DAY_MS,
  DEFAULT_BRAND,
  type DependentRelationship,
  type DoctorAllocation,
  type EmergencyContact,
  type PhoneNumber,
  type WaitingPeriod,
} from "@portal/domain";
import type { Db } from "../db/database.js";
import { grantRoles } from "../modules/access/index.js";
import {
  ensurePlan,
  insertAddresses,
  insertDoctorAllocations,
  insertEmergencyContacts,
  insertPersonWithoutLogin,
  insertPhoneNumbers,
  insertPolicy,
  insertPolicyDependent,
  insertProfile,
  insertWaitingPeriods,
  type ProfileInput,
} from "../modules/member-details/index.js";
import type { DEMO_MEMBERS } from "../modules/members/index.js";

// The demo members' profiles, policies and families. Every name, number and address is invented.

// The demo register's scheme: Meridian, the example brand (register data, not the configured brand).
export const DEMO_SCHEME = { code: "MERIDIAN", name: DEFAULT_BRAND.name } as const;
const PLANS = {
  comprehensive: {
    code: "COMPREHENSIVE",
    name: "Meridian Comprehensive",
    benefits: ["HOSPITAL", "CHRONIC_MEDICATION", "DAY_TO_DAY", "DENTISTRY", "OPTOMETRY", "MATERNITY"],
  },
  essential: { code: "ESSENTIAL", name: "Meridian Essential", benefits: ["HOSPITAL", "CHRONIC_MEDICATION"] },
} as const;

interface DemoDependent {
  firstName: string;
  lastName: string;
  relationship: DependentRelationship;
  profile: ProfileInput;
}

interface DemoMemberDetails {
  profile: ProfileInput;
  phoneNumbers: PhoneNumber[];
  addresses: Address[];
  emergencyContacts: EmergencyContact[];
  plan: keyof typeof PLANS;
  policyIdentifier: string;
  /** Days before the seeding date the policy started. */
  policyStartedDaysAgo: number;
  dependents: DemoDependent[];
  /** Dates as days from the seeding date (negative: before it). */
  waitingPeriods?: DemoDated<WaitingPeriod>[];
  doctorAllocations?: DemoDated<DoctorAllocation>[];
}

type DemoDated<T extends { startDate: string; endDate: string | null }> = Omit<T, "startDate" | "endDate"> & {
  startsInDays: number;
  endsInDays: T["endDate"] extends string ? number : number | null;
};

const SOUTH_AFRICA = "South Africa";

type DemoUsername = (typeof DEMO_MEMBERS)[number]["username"];

/** Keyed by the demo usernames of modules/members/demo-credentials.ts: a new demo member needs an entry. */
export const DEMO_MEMBER_DETAILS: Record<DemoUsername, DemoMemberDetails> = {
  "demo.member": {
    profile: {
      title: "Mrs",
      dateOfBirth: "1984-03-12",
      gender: "FEMALE",
      identityNumber: "8403120123087",
      identityType: "ID",
      membershipNumber: "10482231",
    },
    phoneNumbers: [
      { type: "MOBILE", number: "+27 82 555 0143" },
      { type: "WORK", number: "+27 11 555 0198" },
    ],
    addresses: [
      {
        type: "POSTAL",
        line1: "PO Box 2817",
        line2: null,
        suburb: "Parklands",
        city: "Johannesburg",
        province: "Gauteng",
        postalCode: "2121",
        country: SOUTH_AFRICA,
      },
      {
        type: "RESIDENTIAL",
        line1: "14 Jacaranda Street",
        line2: "Unit 3",
        suburb: "Parkhurst",
        city: "Johannesburg",
        province: "Gauteng",
        postalCode: "2193",
        country: SOUTH_AFRICA,
      },
    ],
    emergencyContacts: [
      { name: "Sipho Nkosi", relationship: "Spouse", phoneNumber: "+27 83 555 0172", email: null },
      {
        name: "Nomvula Dlamini",
        relationship: "Sister",
        phoneNumber: "+27 72 555 0119",
        email: "nomvula.dlamini@example.net",
      },
    ],
    plan: "comprehensive",
    policyIdentifier: "MHS-10482231",
    policyStartedDaysAgo: 6 * 365,
    dependents: [
      {
        firstName: "Sipho",
        lastName: "Nkosi",
        relationship: "SPOUSE",
        profile: {
          title: "Mr",
          dateOfBirth: "1982-07-25",
          gender: "MALE",
          identityNumber: "8207255123081",
          identityType: "ID",
        },
      },
      {
        firstName: "Lindiwe",
        lastName: "Nkosi",
        relationship: "CHILD",
        profile: { title: "Miss", dateOfBirth: "2012-05-09", gender: "FEMALE" },
      },
      {
        firstName: "Bongani",
        lastName: "Nkosi",
        relationship: "CHILD",
        profile: { title: "Master", dateOfBirth: "2016-10-30", gender: "MALE" },
      },
    ],
    waitingPeriods: [
      { type: "GENERAL", condition: null, startsInDays: -30, endsInDays: 60 },
      { type: "CONDITION_SPECIFIC", condition: "Knee replacement", startsInDays: -30, endsInDays: 335 },
    ],
    doctorAllocations: [
      {
        allocationType: "GP",
        practiceNumber: "0482317",
        practiceName: "Parkhurst Family Practice",
        doctorName: "Dr Ayanda Mthembu",
        startsInDays: -2 * 365,
        endsInDays: null,
      },
    ],
  },
  "demo.second": {
    profile: {
      title: "Mr",
      dateOfBirth: "1971-11-02",
      gender: "MALE",
      identityNumber: "7111025234089",
      identityType: "ID",
      membershipNumber: "10517764",
    },
    phoneNumbers: [{ type: "MOBILE", number: "+27 84 555 0261" }],
    addresses: [
      {
        type: "RESIDENTIAL",
        line1: "7 Dorp Street",
        line2: null,
        suburb: null,
        city: "Stellenbosch",
        province: "Western Cape",
        postalCode: "7600",
        country: SOUTH_AFRICA,
      },
    ],
    emergencyContacts: [],
    plan: "essential",
    policyIdentifier: "MHS-10517764",
    policyStartedDaysAgo: 3 * 365,
    dependents: [],
  },
  "demo.newcomer": {
    profile: {
      title: "Ms",
      dateOfBirth: "1996-01-18",
      gender: "FEMALE",
      identityNumber: "A09384712",
      identityType: "PASSPORT",
      membershipNumber: "10611205",
    },
    phoneNumbers: [{ type: "MOBILE", number: "+27 61 555 0384" }],
    addresses: [],
    emergencyContacts: [],
    plan: "essential",
    policyIdentifier: "MHS-10611205",
    policyStartedDaysAgo: 10,
    dependents: [],
  },
};

/**
 * Seeds one demo member's profile, contact details, policy and dependents. Their dates count from
 * today in the scheme's time zone, the day the server takes as today.
 */
export async function seedMemberDetailsDemo(
  db: Db,
  username: DemoUsername,
  entityNumber: number,
  now: Date,
  timeZone: string,
): Promise<void> {
  const details = DEMO_MEMBER_DETAILS[username];
  const today = Date.parse(`${calendarDateIn(timeZone, now)}T00:00:00Z`);
  // Whole days are counted in UTC, where every day has 24 hours.
  const daysFromNow = (days: number) => calendarDateIn("UTC", new Date(today + days * DAY_MS));
  await grantRoles(db, entityNumber, ["MEMBER"]);
  await insertProfile(db, entityNumber, details.profile);
  await insertPhoneNumbers(db, entityNumber, details.phoneNumbers);
  await insertAddresses(db, entityNumber, details.addresses);
  await insertEmergencyContacts(db, entityNumber, details.emergencyContacts);
  const planId = await ensurePlan(db, DEMO_SCHEME, PLANS[details.plan]);
  const policyId = await insertPolicy(db, {
    policyIdentifier: details.policyIdentifier,
    planId,
    principalEntityNumber: entityNumber,
    startDate: daysFromNow(-details.policyStartedDaysAgo),
  });
  await insertWaitingPeriods(
    db,
    entityNumber,
    (details.waitingPeriods ?? []).map(({ startsInDays, endsInDays, ...period }) => ({
      ...period,
      startDate: daysFromNow(startsInDays),
      endDate: daysFromNow(endsInDays),
    })),
  );
  await insertDoctorAllocations(
    db,
    entityNumber,
    (details.doctorAllocations ?? []).map(({ startsInDays, endsInDays, ...allocation }) => ({
      ...allocation,
      startDate: daysFromNow(startsInDays),
      endDate: endsInDays === null ? null : daysFromNow(endsInDays),
    })),
  );
  for (const [index, dependent] of details.dependents.entries()) {
    const dependentEntityNumber = await insertPersonWithoutLogin(db, dependent);
    await insertProfile(db, dependentEntityNumber, dependent.profile);
    await insertPolicyDependent(db, {
      policyId,
      dependentEntityNumber,
      relationship: dependent.relationship,
      dependentCode: String(index + 1).padStart(2, "0"),
    });
  }
}
