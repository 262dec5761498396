import { eq } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import type { Queryable } from "../../db/database.js";
import { members } from "../../db/schema/members.js";
import {
  activationLinkMail,
  type OutgoingMail,
  type ParkedMail,
  passwordResetLinkMail,
} from "../mail/index.js";
import { keptLanguage } from "../members/index.js";
import { sealedAccountLink } from "./account-links.js";
import { type AccountTokenPurpose, issueAccountToken } from "./account-tokens.js";

// "Send again" of a registration or password-reset mail the outbox gave up on. Its link expired
// while the mail was failing (or soon will), so the mail goes with a new link and a new expiry;
// issuing it ends every earlier unused link of that purpose (issueAccountToken), the old one too.

const LINK_MAILS = {
  ACCOUNT_ACTIVATION: { purpose: "ACTIVATION", route: "activation" },
  PASSWORD_RESET: { purpose: "PASSWORD_RESET", route: "passwordReset" },
} as const satisfies Record<string, { purpose: AccountTokenPurpose; route: string }>;

/** The parked mail made anew with a new link, or null when it carries no account link. */
export async function renewedAccountLinkMail(
  context: AppContext,
  db: Queryable,
  parked: ParkedMail,
  now: Date,
): Promise<OutgoingMail | null> {
  const kind = parked.kind as keyof typeof LINK_MAILS;
  const [to] = parked.toAddresses;
  if (!(kind in LINK_MAILS) || parked.memberEntityNumber === null || to === undefined) return null;
  const { purpose, route } = LINK_MAILS[kind];
  const validMinutes =
    purpose === "ACTIVATION"
      ? context.config.ACTIVATION_LINK_MINUTES
      : context.config.PASSWORD_RESET_LINK_MINUTES;
  const entityNumber = parked.memberEntityNumber;
  const token = await issueAccountToken(db, {
    purpose,
    entityNumber,
    email: to,
    now,
    validMs: validMinutes * 60_000,
  });
  const [person] = await db
    .select({ firstName: members.firstName, language: members.language })
    .from(members)
    .where(eq(members.entityNumber, entityNumber))
    .limit(1);
  const input = {
    to,
    memberEntityNumber: entityNumber,
    firstName: person?.firstName ?? null,
    language: keptLanguage(person?.language ?? null),
    sealedLink: sealedAccountLink(context, route, token),
    validMinutes,
  };
  return purpose === "ACTIVATION"
    ? activationLinkMail(context.config.brand, input)
    : passwordResetLinkMail(context.config.brand, input);
}
