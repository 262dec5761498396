import type { ContactDetailsUpdate } from "@portal/domain";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { AppContext } from "../../app-context.js";
import { clearFailures, reserveAttempt } from "../../db/attempt-counter.js";
import type { Queryable, Tx } from "../../db/database.js";
import { contactChanges, memberPhones } from "../../db/schema/member-details.js";
import { hmac } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";
import { verifyPassword } from "../../lib/passwords.js";
import { AUDIT_RESOURCES, recordChange } from "../access/index.js";
import { contactDetailsChangedMail, enqueueMail } from "../mail/index.js";
import { findMemberByEntityNumber, listMemberEmails, mailAddressee } from "../members/index.js";
import { replaceContactDetails } from "./contact-details-repository.js";

// A member's change of their own contact details. The e-mail addresses are how a log-in is
// recovered (the password-reset link goes there), and the phone numbers how the scheme checks a
// caller: a session alone (a shared computer, a stolen cookie) must not change them. So a change of
// either asks for the current password again, tells every address the member had before, and is
// remembered for a day so that a reset link to a new address tells the old ones too.

/** How long a changed address stays "new": a reset link to it also tells the addresses before it. */
const RECENT_CONTACT_CHANGE_MS = 24 * 60 * 60_000;
/** Wrong current passwords per member in the log-in throttle's window before the change is refused. */
const PASSWORD_CHECKS_PER_WINDOW = 5;

const lowerSet = (values: readonly string[]) => new Set(values.map((value) => value.trim().toLowerCase()));
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((value) => b.has(value));

async function phoneNumbersOf(db: Queryable, entityNumber: number): Promise<string[]> {
  const rows = await db
    .select({ number: memberPhones.number })
    .from(memberPhones)
    .where(eq(memberPhones.memberEntityNumber, entityNumber));
  return rows.map((row) => row.number.replace(/\s+/g, ""));
}

/**
 * The current password, checked under a per-member throttle (a session must not become a guessing
 * oracle). Every act decision 0017 reserves to the password calls this one check, sharing its
 * throttle; `neededMessage` says what the password is asked for when it is missing.
 */
export async function confirmPassword(
  context: AppContext,
  entityNumber: number,
  password: string | undefined,
  neededMessage?: string,
) {
  if (!password) throw errors.passwordRequired(neededMessage);
  const key = `reauth:${hmac(context.secret, String(entityNumber))}`;
  const attempt = await reserveAttempt(context.db, key, PASSWORD_CHECKS_PER_WINDOW, context.now());
  if (!attempt.allowed) throw errors.tooManyAttempts(attempt.retryAfterSeconds);
  const member = await findMemberByEntityNumber(context.db, entityNumber);
  if (!member?.passwordHash || !(await verifyPassword(password, member.passwordHash))) {
    throw errors.passwordIncorrect();
  }
  await clearFailures(context.db, key);
}

/**
 * Checks what the change touches and, where it must, the password; returns the work to run in the
 * route's audited transaction.
 */
export async function prepareContactDetailsChange(
  context: AppContext,
  entityNumber: number,
  details: ContactDetailsUpdate,
  requestId: string,
): Promise<(tx: Tx) => Promise<void>> {
  const previousEmails = await listMemberEmails(context.db, entityNumber);
  const emailsChanged = !sameSet(lowerSet(previousEmails), lowerSet(details.emails));
  const phonesChanged = !sameSet(
    new Set(await phoneNumbersOf(context.db, entityNumber)),
    new Set(details.phoneNumbers.map((phone) => phone.number.replace(/\s+/g, ""))),
  );
  if (emailsChanged || phonesChanged) await confirmPassword(context, entityNumber, details.currentPassword);

  return async (tx) => {
    const now = context.now();
    await replaceContactDetails(tx, entityNumber, details);
    if (!emailsChanged && !phonesChanged) return;
    if (emailsChanged) {
      await tx
        .insert(contactChanges)
        .values({ memberEntityNumber: entityNumber, previousEmails, changedAt: now });
      await recordChange(tx, {
        actorEntityNumber: entityNumber,
        subjectEntityNumber: entityNumber,
        resource: AUDIT_RESOURCES.emailChange,
        requestId,
        at: now,
      });
    }
    if (phonesChanged) {
      await recordChange(tx, {
        actorEntityNumber: entityNumber,
        subjectEntityNumber: entityNumber,
        resource: AUDIT_RESOURCES.phoneChange,
        requestId,
        at: now,
      });
    }
    const { language } = await mailAddressee(tx, entityNumber);
    for (const to of previousEmails) {
      await enqueueMail(
        tx,
        contactDetailsChangedMail(context.config.brand, {
          to,
          memberEntityNumber: entityNumber,
          language,
          emailsChanged,
          phonesChanged,
          newEmails: details.emails,
        }),
        now,
      );
    }
  };
}

/** The addresses the member had before changes of the last day, oldest change first (none: no recent change). */
export async function addressesBeforeRecentChanges(
  db: Queryable,
  entityNumber: number,
  now: Date,
): Promise<string[]> {
  const rows = await db
    .select({ previousEmails: contactChanges.previousEmails })
    .from(contactChanges)
    .where(
      and(
        eq(contactChanges.memberEntityNumber, entityNumber),
        gt(contactChanges.changedAt, new Date(now.getTime() - RECENT_CONTACT_CHANGE_MS)),
      ),
    )
    .orderBy(asc(contactChanges.changedAt));
  const seen = new Map<string, string>();
  for (const row of rows) for (const address of row.previousEmails) seen.set(address.toLowerCase(), address);
  return [...seen.values()];
}

/** Old addresses are kept a day and no longer: removed by the hourly sweep. Returns how many changes went. */
export async function removeExpiredContactChanges(db: Queryable, now: Date): Promise<number> {
  const removed = await db
    .delete(contactChanges)
    .where(lt(contactChanges.changedAt, new Date(now.getTime() - RECENT_CONTACT_CHANGE_MS)))
    .returning({ id: contactChanges.id });
  return removed.length;
}
