import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { attachments, documentSubmissions } from "../../db/schema/conversations.js";
import type { AttachmentRow } from "./queries-repository.js";

export interface DocumentSubmissionRow {
  referenceNumber: number;
  category: string;
  loggedAt: Date;
}

const attachmentColumns = {
  attachmentId: attachments.attachmentId,
  fileName: attachments.fileName,
  contentType: attachments.contentType,
  sizeBytes: attachments.sizeBytes,
  blobKey: attachments.blobKey,
};

export async function findDocumentSubmission(
  db: Db,
  memberEntityNumber: number,
  referenceNumber: number,
): Promise<DocumentSubmissionRow | undefined> {
  const [row] = await db
    .select({
      referenceNumber: documentSubmissions.referenceNumber,
      category: documentSubmissions.category,
      loggedAt: documentSubmissions.loggedAt,
    })
    .from(documentSubmissions)
    .where(
      and(
        eq(documentSubmissions.referenceNumber, referenceNumber),
        eq(documentSubmissions.memberEntityNumber, memberEntityNumber),
      ),
    )
    .limit(1);
  return row;
}

export async function listDocumentAttachments(db: Db, referenceNumber: number): Promise<AttachmentRow[]> {
  return db
    .select(attachmentColumns)
    .from(attachments)
    .where(eq(attachments.documentSubmissionReferenceNumber, referenceNumber))
    .orderBy(asc(attachments.position));
}

export async function findDocumentAttachment(
  db: Db,
  memberEntityNumber: number,
  referenceNumber: number,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(attachments)
    .innerJoin(
      documentSubmissions,
      eq(documentSubmissions.referenceNumber, attachments.documentSubmissionReferenceNumber),
    )
    .where(
      and(
        eq(attachments.attachmentId, attachmentId),
        eq(attachments.documentSubmissionReferenceNumber, referenceNumber),
        eq(documentSubmissions.memberEntityNumber, memberEntityNumber),
      ),
    )
    .limit(1);
  return row;
}
