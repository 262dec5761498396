import type { ActivationRequest, RegistrationRequest } from "@portal/domain";
import type { AppContext } from "../../app-context.js";
import { isUniqueViolation } from "../../db/database-errors.js";
import { errors } from "../../lib/errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { AUDIT_RESOURCES, grantRoles, recordChange } from "../access/index.js";
import { activationLinkMail, alreadyRegisteredMail, enqueueMail } from "../mail/index.js";
import { findMemberByUsername, giveLogIn, mailAddressee } from "../members/index.js";
import { sealedAccountLink } from "./account-links.js";
import { consumeAccountToken, findUsableToken, issueAccountToken } from "./account-tokens.js";
import { findRegisterMatch } from "./register-match.js";

// First-time registration of a person on the scheme's register: step 1 proves who they are and
// mails a link to an address the register holds for them; step 2, with the link, sets the log-in.

export type RegistrationOutcome = "link-sent" | "already-registered" | "no-match";

/** Step 1. The caller answers the same sentence whatever the outcome; it is for the log only. */
export async function requestRegistration(
  context: AppContext,
  details: RegistrationRequest,
  requestId: string,
): Promise<RegistrationOutcome> {
  const match = await findRegisterMatch(context.db, details);
  if (!match) return "no-match";
  const now = context.now();
  const validMinutes = context.config.ACTIVATION_LINK_MINUTES;
  await context.db.transaction(async (tx) => {
    const { language } = await mailAddressee(tx, match.entityNumber);
    const to = { to: match.email, memberEntityNumber: match.entityNumber, language };
    if (match.hasLogin) {
      await enqueueMail(tx, alreadyRegisteredMail(context.config.brand, to), now);
    } else {
      const token = await issueAccountToken(tx, {
        purpose: "ACTIVATION",
        entityNumber: match.entityNumber,
        email: match.email,
        now,
        validMs: validMinutes * 60_000,
      });
      const sealedLink = sealedAccountLink(context, "activation", token);
      await enqueueMail(
        tx,
        activationLinkMail(context.config.brand, { ...to, sealedLink, validMinutes }),
        now,
      );
    }
    await recordChange(tx, {
      actorEntityNumber: match.entityNumber,
      subjectEntityNumber: match.entityNumber,
      resource: AUDIT_RESOURCES.registrationRequest,
      requestId,
      at: now,
    });
  });
  return match.hasLogin ? "already-registered" : "link-sent";
}

/** Step 2: the username and password chosen; the link is spent only when the log-in is set. */
export async function activateRegistration(
  context: AppContext,
  request: ActivationRequest,
  requestId: string,
): Promise<void> {
  const now = context.now();
  // Checked before the (slow) hash, and again, atomically, in the transaction below.
  if (!(await findUsableToken(context.db, request.token, "ACTIVATION", now)))
    throw errors.accountLinkInvalid();
  if (await findMemberByUsername(context.db, request.username)) throw errors.usernameTaken();
  const passwordHash = await hashPassword(request.password, context.config.PASSWORD_HASH_COST);

  await context.db
    .transaction(async (tx) => {
      const holder = await consumeAccountToken(tx, request.token, "ACTIVATION", now);
      if (!holder) throw errors.accountLinkInvalid();
      // Only a person without a log-in gets one: a link never replaces an existing password.
      if (!(await giveLogIn(tx, holder.entityNumber, request.username, passwordHash)))
        throw errors.accountLinkInvalid();
      await grantRoles(tx, holder.entityNumber, ["MEMBER"]);
      await recordChange(tx, {
        actorEntityNumber: holder.entityNumber,
        subjectEntityNumber: holder.entityNumber,
        resource: AUDIT_RESOURCES.accountActivation,
        requestId,
        at: now,
      });
    })
    .catch((error: unknown) => {
      // Two people choosing one username at once: the unique index decides.
      if (isUniqueViolation(error)) throw errors.usernameTaken();
      throw error;
    });
}
