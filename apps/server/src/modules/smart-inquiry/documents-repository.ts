import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { documentSubmissionAttachments, documentSubmissions } from "../../db/schema/conversations.js";
import type { AttachmentRow } from "./queries-repository.js";

export interface DocumentSubmissionRow {
  referenceNumber: number;
  category: string;
  loggedAt: Date;
}

const attachmentColumns = {
  attachmentId: documentSubmissionAttachments.attachmentId,
  fileName: documentSubmissionAttachments.fileName,
  contentType: documentSubmissionAttachments.contentType,
  sizeBytes: documentSubmissionAttachments.sizeBytes,
  blobKey: documentSubmissionAttachments.blobKey,
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
    .from(documentSubmissionAttachments)
    .where(eq(documentSubmissionAttachments.referenceNumber, referenceNumber))
    .orderBy(asc(documentSubmissionAttachments.position));
}

export async function findDocumentAttachment(
  db: Db,
  memberEntityNumber: number,
  referenceNumber: number,
  attachmentId: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select(attachmentColumns)
    .from(documentSubmissionAttachments)
    .innerJoin(
      documentSubmissions,
      eq(documentSubmissions.referenceNumber, documentSubmissionAttachments.referenceNumber),
    )
    .where(
      and(
        eq(documentSubmissionAttachments.attachmentId, attachmentId),
        eq(documentSubmissionAttachments.referenceNumber, referenceNumber),
        eq(documentSubmissions.memberEntityNumber, memberEntityNumber),
      ),
    )
    .limit(1);
  return row;
}
