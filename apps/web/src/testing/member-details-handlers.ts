import { type MemberDetails, memberDetailsResponseSchema } from "@portal/domain";
import { http } from "msw";
import { contractJson, errorJson } from "./contract-json";
import { testConfig } from "./test-utils";

// GET /v2/member-details, which the query forms and the membership page share.

export const MEMBER_DETAILS_PATH = `${testConfig.memberDetailsBase}/v2/member-details`;

/** One invented member, with every field the contract names. */
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

/** The member's details answered as given (by default the invented member). */
export function memberDetailsHandler(details: MemberDetails = member) {
  return http.get(MEMBER_DETAILS_PATH, () => contractJson(memberDetailsResponseSchema, details));
}

/** The invented member with these e-mail addresses, in this order. */
export function memberWithEmails(...addresses: string[]): MemberDetails {
  return { ...member, emails: addresses.map((address) => ({ address })) };
}

/** The member's details failing with a server error. */
export function memberDetailsFailing(status = 500) {
  return http.get(MEMBER_DETAILS_PATH, () => errorJson(status, "INTERNAL_ERROR"));
}
