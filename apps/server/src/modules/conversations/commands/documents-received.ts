import type { Queryable } from "../../../db/database.js";
import { documentSubmissionAttachments, documentSubmissions } from "../../../db/schema/conversations.js";
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
  await tx
    .insert(documentSubmissionAttachments)
    .values(
      intake.files.map((file, position) => ({ ...file, referenceNumber: created.referenceNumber, position })),
    );
  const mail = intake.mail(created.referenceNumber);
  if (mail) await enqueueMail(tx, mail, intake.at);
  return created.referenceNumber;
}
