import { calendarDateIn, type ErasureReport } from "@portal/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { legalHolds, outboxMails, queries } from "../../db/schema.js";
import type { BlobStore } from "../storage/blob-store.js";
import {
  conversationRows,
  deleteRemovedFiles,
  memberSubmissions,
  removeQueryContent,
  removeSubmissionContent,
} from "./remove-content.js";

// A member's deletion request (POPIA section 24), carried out by the information officer: what the
// member wrote and was sent here goes (queries and their updates, replies, attachments, documents,
// mails), unless the member is under a legal hold. The report says what was removed, and what was
// kept and why, for the officer's answer to the member.

export async function eraseMemberData(
  db: Db,
  blobStore: BlobStore,
  member: number,
  options: { now: Date; timeZone: string; auditDays: number },
): Promise<ErasureReport> {
  const ranAt = options.now.toISOString();
  const [hold] = await db.select().from(legalHolds).where(eq(legalHolds.memberEntityNumber, member));
  const zero = {
    queries: 0,
    replies: 0,
    queryAttachments: 0,
    documentSubmissions: 0,
    documentFiles: 0,
    sentMails: 0,
  };
  if (hold) {
    return {
      ranAt,
      removed: zero,
      kept: [
        {
          what: "Everything: queries, replies, attachments, documents and mails",
          reason: `The member is under a legal hold since ${calendarDateIn(options.timeZone, hold.setAt)}: ${hold.reason}. Release the hold first, if it no longer applies.`,
        },
      ],
    };
  }
  const { removed, blobKeys } = await db.transaction(async (tx) => {
    const roots = await tx
      .select({ referenceNumber: queries.referenceNumber })
      .from(queries)
      .where(
        and(
          eq(queries.memberEntityNumber, member),
          isNull(queries.parentReferenceNumber),
          isNull(queries.purgedAt),
        ),
      );
    const refs = await conversationRows(
      tx,
      roots.map((row) => row.referenceNumber),
    );
    const fromQueries = await removeQueryContent(tx, refs, "ERASURE", options.now);
    const fromSubmissions = await removeSubmissionContent(
      tx,
      await memberSubmissions(tx, member),
      "ERASURE",
      options.now,
    );
    // The account mails left (registration, password, archive ready): addresses and words of theirs.
    const mails = await tx
      .delete(outboxMails)
      .where(and(eq(outboxMails.memberEntityNumber, member), sql`${outboxMails.status} <> 'PENDING'`))
      .returning({ id: outboxMails.id });
    return {
      removed: {
        queries: fromQueries.queries,
        replies: fromQueries.replies,
        queryAttachments: fromQueries.attachments,
        documentSubmissions: fromSubmissions.submissions,
        documentFiles: fromSubmissions.files,
        sentMails: fromQueries.sentMails + mails.length,
      },
      blobKeys: [...fromQueries.blobKeys, ...fromSubmissions.blobKeys],
    };
  });
  await deleteRemovedFiles(db, blobStore, blobKeys);
  return {
    ranAt,
    removed,
    kept: [
      {
        what: "A record of each query and document submission: its reference, category, dates and status",
        reason:
          "Kept for the scheme's statistics and the member's timeline; it holds nothing the member wrote or sent.",
      },
      {
        what: "Membership details: name, contact details, policies, cover and dependants",
        reason:
          "They come from the scheme's membership register and are needed while the person is a member; correct or remove them in the register, and the next import applies it.",
      },
      {
        what: "The log-in (username and password hash)",
        reason: "Needed for the member to use the portal; closing the account is a separate step.",
      },
      {
        what: "The audit trail of who read or changed the member's data",
        reason: `It holds no content, only who did what when; it is the scheme's proof of lawful processing and is kept for ${options.auditDays} days (RETENTION_AUDIT_DAYS).`,
      },
      {
        what: "Mails still waiting to be sent",
        reason:
          "They are sent within minutes and then removed with the sent mails under the retention policy.",
      },
    ],
  };
}
