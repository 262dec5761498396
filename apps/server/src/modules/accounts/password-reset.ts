import {
  isRegisteredEmail,
  type MemberLanguage,
  type PasswordResetCompletion,
  passwordStrengthProblem,
} from "@portal/domain";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import { clearFailures } from "../../db/attempt-counter.js";
import type { Queryable } from "../../db/database.js";
import { memberEmails, members } from "../../db/schema/members.js";
import { hmac } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";
import { hashPassword } from "../../lib/passwords.js";
import { AUDIT_RESOURCES, recordChange } from "../access/index.js";
import {
  enqueueMail,
  passwordChangedMail,
  passwordResetLinkMail,
  resetToNewAddressMail,
} from "../mail/index.js";
import { addressesBeforeRecentChanges } from "../member-details/index.js";
import { keptLanguage, normaliseUsername, setPasswordHash } from "../members/index.js";
import { endSessionsOf } from "../session/index.js";
import { sealedAccountLink } from "./account-links.js";
import { consumeAccountToken, findUsableToken, issueAccountToken } from "./account-tokens.js";

// A forgotten password: step 1 mails a link to whoever the username or address names (the answer
// is the same when it names nobody); step 2 sets the new password, ends every session of the
// member and mails them that it changed. A link never goes to an address added in the last day
// without the addresses the member had before being told (a borrowed session that changed the
// address must not take the account over in silence).

/** At most this many log-ins share one address in practice (a family's shared mailbox). */
const MAX_LOGINS_PER_ADDRESS = 5;

interface ResetTarget {
  entityNumber: number;
  /** Where the link goes: the address asked with, or for a username the member's first address. */
  email: string;
  /** For the mail's greeting. */
  firstName: string;
  /** The language the member chose, for the mail's words; absent or null: English. */
  language?: MemberLanguage | null;
}

async function findResetTargets(context: AppContext, login: string): Promise<ResetTarget[]> {
  const asked = login.trim().toLowerCase();
  const rows = await context.db
    .selectDistinctOn([members.entityNumber], {
      entityNumber: members.entityNumber,
      username: members.username,
      firstName: members.firstName,
      language: members.language,
      address: memberEmails.address,
      position: memberEmails.position,
    })
    .from(members)
    .innerJoin(memberEmails, eq(memberEmails.memberEntityNumber, members.entityNumber))
    .where(
      and(
        isNotNull(members.username),
        // A disabled log-in (cli staff:disable) is not mailed a way back in.
        isNull(members.disabledAt),
        or(eq(members.username, normaliseUsername(login)), sql`lower(${memberEmails.address}) = ${asked}`),
      ),
    )
    // Per member: the address asked with first (it sorts before the others), else position 0.
    .orderBy(
      asc(members.entityNumber),
      sql`(lower(${memberEmails.address}) <> ${asked})`,
      asc(memberEmails.position),
    )
    .limit(MAX_LOGINS_PER_ADDRESS);
  return rows.map((row) => ({
    entityNumber: row.entityNumber,
    email: row.address,
    firstName: row.firstName,
    language: keptLanguage(row.language),
  }));
}

/** The addresses of the last day's changes that `address` is not one of: they hear of a link sent to it. */
async function oldAddressesToTell(db: Queryable, entityNumber: number, address: string, now: Date) {
  const before = await addressesBeforeRecentChanges(db, entityNumber, now);
  if (isRegisteredEmail(address, before)) return [];
  return before;
}

/**
 * A new staff log-in's first password (the console's Add staff member): a reset link to its
 * address, queued in the transaction that creates the log-in, so the password is chosen by its
 * owner and never shown to the supervisor, nor put in a URL or a log.
 */
export async function mailFirstPasswordLinkIn(
  tx: Queryable,
  context: AppContext,
  target: ResetTarget,
): Promise<void> {
  const now = context.now();
  const validMinutes = context.config.PASSWORD_RESET_LINK_MINUTES;
  const token = await issueAccountToken(tx, {
    purpose: "PASSWORD_RESET",
    entityNumber: target.entityNumber,
    email: target.email,
    now,
    validMs: validMinutes * 60_000,
  });
  await enqueueMail(
    tx,
    passwordResetLinkMail(context.config.brand, {
      to: target.email,
      memberEntityNumber: target.entityNumber,
      firstName: target.firstName,
      sealedLink: sealedAccountLink(context, "passwordReset", token),
      validMinutes,
    }),
    now,
  );
}

/** Step 1. Returns how many links were queued, for the log only. */
export async function requestPasswordReset(
  context: AppContext,
  login: string,
  requestId: string,
): Promise<number> {
  const targets = await findResetTargets(context, login);
  if (targets.length === 0) return 0;
  const now = context.now();
  const validMinutes = context.config.PASSWORD_RESET_LINK_MINUTES;
  await context.db.transaction(async (tx) => {
    for (const target of targets) {
      const token = await issueAccountToken(tx, {
        purpose: "PASSWORD_RESET",
        entityNumber: target.entityNumber,
        email: target.email,
        now,
        validMs: validMinutes * 60_000,
      });
      const sealedLink = sealedAccountLink(context, "passwordReset", token);
      await enqueueMail(
        tx,
        passwordResetLinkMail(context.config.brand, {
          to: target.email,
          memberEntityNumber: target.entityNumber,
          firstName: target.firstName,
          language: target.language,
          sealedLink,
          validMinutes,
        }),
        now,
      );
      for (const to of await oldAddressesToTell(tx, target.entityNumber, target.email, now)) {
        await enqueueMail(
          tx,
          resetToNewAddressMail(context.config.brand, {
            to,
            memberEntityNumber: target.entityNumber,
            language: target.language,
            newAddress: target.email,
          }),
          now,
        );
      }
      await recordChange(tx, {
        actorEntityNumber: target.entityNumber,
        subjectEntityNumber: target.entityNumber,
        resource: AUDIT_RESOURCES.passwordResetRequest,
        requestId,
        at: now,
      });
    }
  });
  return targets.length;
}

/** Step 2: the new password, every session ended, the member told by mail. Returns the username. */
export async function completePasswordReset(
  context: AppContext,
  request: PasswordResetCompletion,
  requestId: string,
): Promise<string> {
  const now = context.now();
  const holder = await findUsableToken(context.db, request.token, "PASSWORD_RESET", now);
  if (!holder) throw errors.accountLinkInvalid();
  const [member] = await context.db
    .select({
      username: members.username,
      disabledAt: members.disabledAt,
      firstName: members.firstName,
      language: members.language,
    })
    .from(members)
    .where(eq(members.entityNumber, holder.entityNumber));
  // A link mailed before the log-in was disabled opens nothing either.
  if (!member?.username || member.disabledAt) throw errors.accountLinkInvalid();
  // The form cannot know the username; the rule that the password must not contain it holds here.
  const weakness = passwordStrengthProblem(request.password, member.username);
  if (weakness) throw errors.validation(weakness);
  const passwordHash = await hashPassword(request.password, context.config.PASSWORD_HASH_COST);

  await context.db.transaction(async (tx) => {
    const spent = await consumeAccountToken(tx, request.token, "PASSWORD_RESET", now);
    if (!spent) throw errors.accountLinkInvalid();
    await setPasswordHash(tx, spent.entityNumber, passwordHash);
    await endSessionsOf(tx, spent.entityNumber);
    const oldAddresses = await oldAddressesToTell(tx, spent.entityNumber, spent.email, now);
    for (const to of [spent.email, ...oldAddresses]) {
      await enqueueMail(
        tx,
        passwordChangedMail(context.config.brand, {
          to,
          memberEntityNumber: spent.entityNumber,
          firstName: member.firstName,
          language: keptLanguage(member.language),
        }),
        now,
      );
    }
    await recordChange(tx, {
      actorEntityNumber: spent.entityNumber,
      subjectEntityNumber: spent.entityNumber,
      resource: AUDIT_RESOURCES.passwordReset,
      requestId,
      at: now,
    });
  });
  // A member locked out by wrong guesses can use the new password at once.
  await clearFailures(context.db, `account:${hmac(context.secret, member.username)}`);
  return member.username;
}
