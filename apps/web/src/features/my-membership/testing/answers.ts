import type {
  Dependent,
  DoctorAllocationDetails,
  EmergencyContact,
  MemberDetails,
  Plan,
  Scheme,
  WaitingPeriodsResponse,
} from "@portal/domain";

// fetch answers for the "My membership" tests: one invented family, keyed as stubFetchRoutes wants.

const BASE = "/api/member-details";

export const ROUTES = {
  details: `GET ${BASE}/v2/member-details`,
  plan: `GET ${BASE}/v2/member-details/plan`,
  scheme: `GET ${BASE}/v2/member-details/scheme`,
  dependents: `GET ${BASE}/v2/member-details/dependents`,
  emergencyContacts: `GET ${BASE}/v2/member-details/emergency-contacts`,
  waitingPeriods: `GET ${BASE}/policy-exclusions/41/waiting-periods`,
  doctors: `GET ${BASE}/patient/41/doctor-allocation-details`,
  picture: `GET ${BASE}/profile-picture/`,
  uploadPicture: `POST ${BASE}/profile-picture/`,
  removePicture: `DELETE ${BASE}/profile-picture`,
  card: `GET ${BASE}/v2/member-details/membership-card`,
  certificate: `GET ${BASE}/v2/member-details/membership-certificate`,
  orderCard: `POST ${BASE}/v2/member-details/order-membership-card`,
  permissions: `GET ${BASE}/permissions`,
} as const;

/** The answer of /permissions?permissions=ORDER_MEMBERSHIP_CARD. */
export const mayOrderCard = (granted: boolean) =>
  json({ permissions: [{ permission: "ORDER_MEMBERSHIP_CARD", granted }] });

export const member: MemberDetails = {
  entityNumber: 41,
  title: "Mrs",
  firstName: "Zanele",
  lastName: "Khumalo",
  dateOfBirth: "1988-04-21",
  gender: "FEMALE",
  identityNumber: "8804210123088",
  identityType: "ID",
  membershipNumber: "20991234",
  emails: [{ address: "zanele@example.com" }, { address: "z.khumalo@example.org" }],
  phoneNumbers: [{ type: "MOBILE", number: "+27 82 555 0101" }],
  addresses: [
    {
      type: "POSTAL",
      line1: "PO Box 12",
      line2: null,
      suburb: "Rondebosch",
      city: "Cape Town",
      province: "Western Cape",
      postalCode: "7700",
      country: "South Africa",
    },
  ],
};

export const plan: Plan = {
  planCode: "COMPREHENSIVE",
  planName: "Meridian Comprehensive",
  schemeCode: "MERIDIAN",
  schemeName: "Meridian Health",
  policyId: 5,
  policyIdentifier: "MHS-20991234",
  startDate: "2020-01-01",
};

export const scheme: Scheme = { schemeCode: "MERIDIAN", schemeName: "Meridian Health" };

export const dependents: Dependent[] = [
  {
    entityNumber: 42,
    title: "Mr",
    firstName: "Themba",
    lastName: "Khumalo",
    dateOfBirth: "1986-09-02",
    gender: "MALE",
    relationship: "SPOUSE",
    dependentCode: "01",
    policyId: 5,
  },
  {
    entityNumber: 43,
    title: null,
    firstName: "Lerato",
    lastName: "Khumalo",
    dateOfBirth: "2015-02-14",
    gender: "FEMALE",
    relationship: "CHILD",
    dependentCode: "02",
    policyId: 5,
  },
];

export const emergencyContacts: EmergencyContact[] = [
  { name: "Themba Khumalo", relationship: "Spouse", phoneNumber: "+27 83 555 0102", email: null },
];

export const waitingPeriods: WaitingPeriodsResponse = {
  entityNumber: 41,
  asAtDate: "2026-05-01",
  waitingPeriods: [
    { type: "GENERAL", condition: null, startDate: "2026-04-01", endDate: "2026-07-01" },
    {
      type: "CONDITION_SPECIFIC",
      condition: "Knee replacement",
      startDate: "2026-04-01",
      endDate: "2027-04-01",
    },
  ],
};

export const doctors: DoctorAllocationDetails = {
  patientEntityNumber: 41,
  allocations: [
    {
      allocationType: "GP",
      practiceNumber: "0482317",
      practiceName: "Rondebosch Family Practice",
      doctorName: "Dr Ayanda Mthembu",
      startDate: "2024-05-01",
      endDate: null,
    },
    {
      allocationType: "DENTIST",
      practiceNumber: "0999999",
      practiceName: "Smile Dental",
      doctorName: "Dr P Naidoo",
      startDate: "2024-05-01",
      endDate: null,
    },
  ],
};

export const PICTURE = "data:image/jpeg;base64,/9j/AAAA";

export const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
export const text =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status, headers: { "Content-Type": "text/plain" } });

/** The 404 of a member without a profile picture. */
export const noPicture = json(
  { status: 404, exceptionCode: "NOT_FOUND", message: "No profile picture has been uploaded." },
  404,
);

/** Every read of the page answering well. */
export function pageAnswers() {
  return {
    [ROUTES.details]: json(member),
    [ROUTES.plan]: json(plan),
    [ROUTES.scheme]: json(scheme),
    [ROUTES.dependents]: json({ dependents }),
    [ROUTES.emergencyContacts]: json({ emergencyContacts }),
    [ROUTES.waitingPeriods]: json(waitingPeriods),
    [ROUTES.doctors]: json(doctors),
    [ROUTES.picture]: text(PICTURE),
    [ROUTES.permissions]: mayOrderCard(true),
  };
}
