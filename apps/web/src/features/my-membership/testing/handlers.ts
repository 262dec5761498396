import {
  cardOrderResponseSchema,
  contactDetailsUpdateSchema,
  type Dependent,
  type DoctorAllocationDetails,
  dependentsResponseSchema,
  doctorAllocationDetailsResponseSchema,
  type EmergencyContact,
  type ExceptionCode,
  emergencyContactsResponseSchema,
  memberDetailsResponseSchema,
  membershipDocumentResponseSchema,
  type Plan,
  permissionsResponseSchema,
  planResponseSchema,
  profilePictureResponseSchema,
  type Scheme,
  schemeResponseSchema,
  type WaitingPeriodsResponse,
  waitingPeriodsResponseSchema,
} from "@portal/domain";
import { HttpResponse, http } from "msw";
import { contractJson, contractText, errorJson } from "../../../testing/contract-json";
import { member, memberDetailsHandler } from "../../../testing/member-details-handlers";
import { testConfig } from "../../../testing/test-utils";

// The member-details service as the "My membership" tests see it: the family of the invented member
// (src/testing/member-details-handlers), every answer checked against its contract.

const BASE = testConfig.memberDetailsBase;

export const PATHS = {
  plan: `${BASE}/v2/member-details/plan`,
  scheme: `${BASE}/v2/member-details/scheme`,
  dependents: `${BASE}/v2/member-details/dependents`,
  emergencyContacts: `${BASE}/v2/member-details/emergency-contacts`,
  waitingPeriods: `${BASE}/policy-exclusions/${member.entityNumber}/waiting-periods`,
  doctors: `${BASE}/patient/${member.entityNumber}/doctor-allocation-details`,
  picture: `${BASE}/profile-picture/`,
  removePicture: `${BASE}/profile-picture`,
  card: `${BASE}/v2/member-details/membership-card`,
  certificate: `${BASE}/v2/member-details/membership-certificate`,
  orderCard: `${BASE}/v2/member-details/order-membership-card`,
  permissions: `${BASE}/permissions`,
} as const;

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
  entityNumber: member.entityNumber,
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
  patientEntityNumber: member.entityNumber,
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

/** A read that fails with a server error. */
export function failingGet(path: string) {
  return http.get(path, () => errorJson(500, "INTERNAL_ERROR"));
}

/** The profile picture: the data URI of a JPEG. */
export function pictureAnswer(dataUri = PICTURE): Response {
  return contractText(profilePictureResponseSchema, dataUri);
}

/** The 404 of a member without a profile picture. */
export function noPictureAnswer(): Response {
  return errorJson(404, "NOT_FOUND", "No profile picture has been uploaded.");
}

/** A membership card or certificate: the base64 of a PDF. */
export function membershipDocumentAnswer(pdfText: string): Response {
  return contractText(membershipDocumentResponseSchema, btoa(pdfText));
}

/** /permissions?permissions=ORDER_MEMBERSHIP_CARD answering whether the member may order a card. */
export function mayOrderCardHandler(granted: boolean) {
  return http.get(PATHS.permissions, () =>
    contractJson(permissionsResponseSchema, {
      permissions: [{ permission: "ORDER_MEMBERSHIP_CARD", granted }],
    }),
  );
}

/** Ordering a card, confirmed with the service's sentence. */
export function orderCardHandler(confirmation: string) {
  return http.post(PATHS.orderCard, () => contractText(cardOrderResponseSchema, confirmation));
}

/** Removing the picture: 204, no body. */
export function removePictureHandler() {
  return http.delete(PATHS.removePicture, () => new HttpResponse(null, { status: 204 }));
}

/** Every read of the page answering well. */
export function membershipPageHandlers() {
  return [
    memberDetailsHandler(),
    http.get(PATHS.plan, () => contractJson(planResponseSchema, plan)),
    http.get(PATHS.scheme, () => contractJson(schemeResponseSchema, scheme)),
    http.get(PATHS.dependents, () => contractJson(dependentsResponseSchema, { dependents })),
    http.get(PATHS.emergencyContacts, () =>
      contractJson(emergencyContactsResponseSchema, { emergencyContacts }),
    ),
    http.get(PATHS.waitingPeriods, () => contractJson(waitingPeriodsResponseSchema, waitingPeriods)),
    http.get(PATHS.doctors, () => contractJson(doctorAllocationDetailsResponseSchema, doctors)),
    http.get(PATHS.picture, () => pictureAnswer()),
    mayOrderCardHandler(true),
  ];
}

/** The page's lists answering empty: no dependents, contacts, waiting periods, GP or picture. */
export function emptyListHandlers() {
  return [
    http.get(PATHS.dependents, () => contractJson(dependentsResponseSchema, { dependents: [] })),
    http.get(PATHS.emergencyContacts, () =>
      contractJson(emergencyContactsResponseSchema, { emergencyContacts: [] }),
    ),
    http.get(PATHS.waitingPeriods, () =>
      contractJson(waitingPeriodsResponseSchema, { ...waitingPeriods, waitingPeriods: [] }),
    ),
    http.get(PATHS.doctors, () =>
      contractJson(doctorAllocationDetailsResponseSchema, { ...doctors, allocations: [] }),
    ),
    http.get(PATHS.picture, () => noPictureAnswer()),
  ];
}

export const CONTACT_DETAILS_PATH = `${BASE}/member-details/`;
/** The member's password, as the stub service knows it. */
export const MEMBER_PASSWORD = "Correct-Horse-1";

/**
 * POST /member-details/ as the server answers it: the body checked against the shared schema, 403
 * PASSWORD_REQUIRED without the password, PASSWORD_INCORRECT with a wrong one, else the member's
 * details as they now stand.
 */
export function changeContactDetailsHandler() {
  return http.post(CONTACT_DETAILS_PATH, async ({ request }) => {
    const body = contactDetailsUpdateSchema.safeParse(await request.json().catch(() => null));
    if (!body.success) return errorJson(400, "VALIDATION_FAILED", "Bad body.");
    if (!body.data.currentPassword) {
      return errorJson(
        403,
        "PASSWORD_REQUIRED",
        "Enter your current password to change your email addresses.",
      );
    }
    if (body.data.currentPassword !== MEMBER_PASSWORD) {
      return errorJson(403, "PASSWORD_INCORRECT", "The current password you entered is not correct.");
    }
    const { emails, phoneNumbers, addresses } = body.data;
    return contractJson(memberDetailsResponseSchema, {
      ...member,
      emails: emails.map((address) => ({ address })),
      phoneNumbers,
      addresses,
    });
  });
}

/** POST /member-details/ refused with this status and sentence. */
export function changeContactDetailsRefused(status: number, exceptionCode: ExceptionCode, message: string) {
  return http.post(CONTACT_DETAILS_PATH, () => errorJson(status, exceptionCode, message));
}
