import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../../db/database.js";
import {
  attachments,
  documentSubmissions,
  queries,
  threadEntries,
} from "../../../db/schema/conversations.js";
import { errors } from "../../../lib/errors.js";
import { enqueueMail, type OutgoingMail } from "../../mail/index.js";
import type { NewAttachment } from "./member-messages.js";

/**
 * Documents staff record as received for a member: a document submission with its own reference
 * number and its files, and the mail telling the member (none when the register holds no address).
 * Runs in the transaction that commits the files (commitBlobsWithRows). Answers the reference.
 */
export async function recordDocumentsReceived(
  tx: Queryable,
  intake: {
    memberEntityNumber: number;
    recordedByEntityNumber: number;
    category: string;
    /** The member's query they came for: its conversation's thread records them received. */
    forQuery?: number | null;
    at: Date;
    files: readonly NewAttachment[];
    mail: (referenceNumber: number) => OutgoingMail | null;
  },
): Promise<number> {
  const [created] = await tx
    .insert(documentSubmissions)
    .values({
      memberEntityNumber: intake.memberEntityNumber,
      category: intake.category,
      loggedAt: intake.at,
      recordedByEntityNumber: intake.recordedByEntityNumber,
    })
    .returning({ referenceNumber: documentSubmissions.referenceNumber });
  if (!created) throw new Error("insert into document_submissions returned no row");
  await tx.insert(attachments).values(
    intake.files.map((file, position) => ({
      ...file,
      documentSubmissionReferenceNumber: created.referenceNumber,
      position,
    })),
  );
  if (intake.forQuery != null) {
    const [query] = await tx
      .select({ conversation: queries.conversationReferenceNumber })
      .from(queries)
      .where(
        and(
          eq(queries.referenceNumber, intake.forQuery),
          eq(queries.memberEntityNumber, intake.memberEntityNumber),
        ),
      )
      .limit(1);
    if (!query) throw errors.validation("That query is not one of this member's.");
    await tx.insert(threadEntries).values({
      conversationReferenceNumber: query.conversation,
      kind: "DOCUMENT_RECEIVED",
      at: intake.at,
      authorEntityNumber: intake.recordedByEntityNumber,
      documentSubmissionReferenceNumber: created.referenceNumber,
    });
  }
  const mail = intake.mail(created.referenceNumber);
  if (mail) await enqueueMail(tx, mail, intake.at);
  return created.referenceNumber;
}
