import { calendarDateIn, type ErasureReport } from "@portal/domain";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { queries } from "../../db/schema/conversations.js";
import { dataExports, legalHolds } from "../../db/schema/data-rights.js";
import { conversationRows, memberSubmissions } from "../conversations/index.js";
import { eraseInboundMails } from "../inbound-mail/index.js";
import { removeMemberMails } from "../mail/index.js";
import { putRemovedBlobsInFlight } from "../storage/index.js";
import { removeQueryContent, removeSubmissionContent } from "./remove-content.js";

// A member's deletion request (POPIA section 24), carried out by the information officer: what the
// member wrote and was sent here goes (queries and their updates, replies, attachments, documents,
// mails, archives of their data), unless the member is under a legal hold. The report says what was
// removed, and what was kept and why, for the officer's answer to the member.

interface Erased {
  removed: ErasureReport["removed"];
  files: string[];
}

/** An erasure's report, and the files to delete once its transaction has committed. */
export interface Erasure {
  report: ErasureReport;
  /** Nothing was removed: the member is under a legal hold. */
  held: boolean;
  files: string[];
}

/**
 * Erases in the caller's transaction (the request's audited change, so the report, the audit row
 * and the removal commit together); the caller deletes `files` after the commit (deleteRemovedFiles).
 */
export async function eraseMemberDataIn(
  tx: Tx,
  member: number,
  options: { now: Date; timeZone: string; auditDays: number },
): Promise<Erasure> {
  const ranAt = options.now.toISOString();
  // The member's row is locked, as setting a hold locks it: a hold set meanwhile is seen, or waits.
  await tx.execute(sql`select 1 from members where entity_number = ${member} for update`);
  const [hold] = await tx.select().from(legalHolds).where(eq(legalHolds.memberEntityNumber, member));
  if (hold) {
    const removed = {
      queries: 0,
      replies: 0,
      queryAttachments: 0,
      documentSubmissions: 0,
      documentFiles: 0,
      sentMails: 0,
    };
    const reason = `The member is under a legal hold since ${calendarDateIn(options.timeZone, hold.setAt)}: ${hold.reason}. Release the hold first, if it no longer applies, and erase again.`;
    return {
      report: {
        ranAt,
        removed,
        held: true,
        kept: [{ what: "Everything: queries, replies, attachments, documents and mails", reason }],
      },
      held: true,
      files: [],
    };
  }
  const { removed, files } = await eraseIn(tx, member, options.now);
  return {
    report: { ranAt, removed, held: false, kept: keptAfterErasure(options.auditDays) },
    held: false,
    files,
  };
}

async function eraseIn(tx: Tx, member: number, now: Date): Promise<Erased> {
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
  const fromQueries = await removeQueryContent(tx, refs, "ERASURE", now);
  const fromSubmissions = await removeSubmissionContent(
    tx,
    await memberSubmissions(tx, member),
    "ERASURE",
    now,
  );
  // The account mails left (registration, password, archive ready): addresses and words of theirs.
  const accountMails = await removeMemberMails(tx, member);
  // Archives in every state: a ready one holds what this removes, and one being prepared is
  // cancelled here (finishExport never sets ready over it) and its file, once written, goes too.
  const archives = await tx
    .update(dataExports)
    .set({ status: "EXPIRED" })
    .where(and(eq(dataExports.memberEntityNumber, member), ne(dataExports.status, "EXPIRED")))
    .returning({ blobKey: dataExports.blobKey });
  // Mails the member sent to the support mailbox: linked to them or naming them, made part of
  // their conversations, or sent from one of their addresses (unmatched, or guessed to be another
  // member's). The record goes, and an unmatched one's raw mail with it.
  const inboundKeys = await eraseInboundMails(
    tx,
    member,
    refs,
    sql`select lower(address) from member_emails where member_entity_number = ${member}`,
  );
  // Archives made before the erasure hold what it removed: their files go too, crash-safely.
  const archiveKeys = archives.map((row) => row.blobKey);
  await putRemovedBlobsInFlight(tx, [...archiveKeys, ...inboundKeys]);
  return {
    removed: {
      queries: fromQueries.queries,
      replies: fromQueries.replies,
      queryAttachments: fromQueries.attachments,
      documentSubmissions: fromSubmissions.submissions,
      documentFiles: fromSubmissions.files,
      sentMails: fromQueries.sentMails + accountMails,
    },
    files: [...fromQueries.blobKeys, ...fromSubmissions.blobKeys, ...archiveKeys, ...inboundKeys],
  };
}

function keptAfterErasure(auditDays: number): ErasureReport["kept"] {
  return [
    {
      what: "A record of each query and document submission: its reference, category, dates and status",
      reason:
        "Kept for the scheme's statistics and the member's timeline; it holds nothing the member wrote or sent.",
    },
    {
      what: "Membership details: name, contact details, policies, cover, dependants and profile picture",
      reason:
        "They come from the scheme's membership register, which the portal shows and does not own: the scheme corrects or removes them in the register itself.",
    },
    {
      what: "The log-in (username and password hash)",
      reason: "Needed for the member to use the portal; closing the account is a separate step.",
    },
    {
      what: "The audit trail of who read or changed the member's data",
      reason: `It holds no content, only who did what when; it is the scheme's proof of lawful processing and is kept for ${auditDays} days (RETENTION_AUDIT_DAYS).`,
    },
    {
      what: "Mails still waiting to be sent",
      reason: "They are sent within minutes and then removed with the sent mails under the retention policy.",
    },
  ];
}
