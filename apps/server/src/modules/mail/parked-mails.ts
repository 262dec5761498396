import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/database.js";
import { outboxMails } from "../../db/schema/mail.js";
import { type OutgoingMail, resendMail } from "./outbox.js";

// A supervisor's "Send again" of a parked mail. Most mails go again as they were (the same
// Message-ID: the same mail to the recipient). A mail with a single-use account link does not:
// its link has expired or will before it is read, so the mail is made anew by its owner (the
// accounts module issues a new link, which ends the old one) and replaces the parked one.

/** What an owner needs to know to make a parked mail anew. */
export interface ParkedMail {
  kind: string;
  toAddresses: string[];
  memberEntityNumber: number | null;
}

/**
 * Queues a parked mail again. `renew` may give a new mail in its place (same recipients, new
 * content and Message-ID); without one the mail goes again as it was. Returns the member the mail
 * is about, or undefined when no parked mail has that id.
 */
export async function resendParkedMail(
  db: Queryable,
  id: number,
  now: Date,
  renew: (parked: ParkedMail) => Promise<OutgoingMail | null>,
): Promise<{ memberEntityNumber: number | null } | undefined> {
  const [parked] = await db
    .select({
      kind: outboxMails.kind,
      toAddresses: outboxMails.toAddresses,
      memberEntityNumber: outboxMails.memberEntityNumber,
    })
    .from(outboxMails)
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, "FAILED")))
    .for("update")
    .limit(1);
  if (!parked) return undefined;
  const renewed = await renew(parked);
  if (!renewed) return resendMail(db, id, now);
  const [row] = await db
    .update(outboxMails)
    .set({
      subject: renewed.subject,
      html: renewed.html,
      text: renewed.text,
      sealedLink: renewed.sealedLink ?? null,
      // Another mail than the one that failed: a client that kept the old one must not merge them.
      messageId: `outbox-${randomUUID()}`,
      status: "PENDING",
      attempts: 0,
      nextAttemptAt: now,
      lastErrorCode: null,
    })
    .where(and(eq(outboxMails.id, id), eq(outboxMails.status, "FAILED")))
    .returning({ memberEntityNumber: outboxMails.memberEntityNumber });
  return row;
}
