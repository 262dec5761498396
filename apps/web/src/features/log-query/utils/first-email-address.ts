import type { MemberDetails } from "@portal/domain";

/** The first e-mail address of the member's details (requirements §2: it prefills the Email field). */
export function firstEmailAddress(details: MemberDetails | undefined): string | undefined {
  const address = details?.emails[0]?.address.trim();
  return address === "" ? undefined : address;
}
