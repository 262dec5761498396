import { Readable } from "node:stream";
import { MY_DATA_BASE } from "@portal/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  attachments,
  conversations,
  documentSubmissions,
  queries,
  threadEntries,
} from "../../src/db/schema.js";
import { createExportWorker } from "../../src/modules/data-rights/export-worker.js";
import type { TestApp, TestBrowser } from "../test-app.js";
import { insertReply, insertReplyFile, insertSubmissionFile } from "../thread-rows.js";
import { pdfOfSize, pngFile, type UploadFile } from "../upload-fixtures.js";
import { defaultQueryFields, loggedInMember, SI } from "./smart-inquiry.js";

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A logged-in member with one of everything: a query with an attachment, an update to it with
 * another, a reply, and a document submission with a file. `words` makes each member's text their own.
 */
export async function memberWithData(testApp: TestApp, words = "physiotherapy") {
  const member = await loggedInMember(testApp);
  const photo = pngFile(`photo of ${words}.png`);
  const created = await member.browser.postMultipart(
    `${SI}/member-queries/query-additional-info`,
    { ...defaultQueryFields, query: `My claim for ${words} was not paid.` },
    [photo],
  );
  if (created.statusCode !== 200) throw new Error(`query: ${created.body}`);
  const original: number = created.json().referenceNumber;
  const statement = pdfOfSize(3000, `statement ${words}.pdf`);
  const update = await member.browser.postMultipart(
    `${SI}/member-queries/${original}`,
    { query: `More about ${words}.`, origin: "MEMBER_WEB" },
    [statement],
  );
  if (update.statusCode !== 200) throw new Error(`update: ${update.body}`);
  const updateRef: number = update.json().referenceNumber;
  const { db } = testApp.database;
  await insertReply(db, {
    referenceNumber: original,
    html: `<p>We paid your ${words} claim.</p>`,
    sentAt: testApp.clock.now,
  });
  const submission = await addSubmission(testApp, member.entityNumber, pdfOfSize(1500, `form ${words}.pdf`));
  return { ...member, original, updateRef, photo, statement, submission };
}

/** A file staff sent with the (first) reply to `referenceNumber`, stored as the desk stores it. */
export async function addReplyFile(testApp: TestApp, referenceNumber: number, file: UploadFile) {
  const { db } = testApp.database;
  const [reply] = await db
    .select({ id: threadEntries.id })
    .from(threadEntries)
    .where(and(eq(threadEntries.queryReferenceNumber, referenceNumber), eq(threadEntries.kind, "REPLY")))
    .orderBy(threadEntries.id)
    .limit(1);
  if (!reply) throw new Error("no reply");
  const blobKey = `replies/test/${reply.id}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await testApp.blobStore.commit(await testApp.blobStore.writePending(blobKey, Readable.from([file.bytes])));
  await insertReplyFile(db, {
    replyId: reply.id,
    fileName: file.name,
    contentType: file.type,
    sizeBytes: file.bytes.length,
    blobKey,
    position: 0,
  });
  return { replyId: reply.id, blobKey, file };
}

/** The member's own request for their archive, with their password (decision 0017). */
export function askForArchive(member: { browser: TestBrowser; password: string }) {
  return member.browser.request({
    method: "POST",
    url: `${MY_DATA_BASE}/exports`,
    payload: { currentPassword: member.password },
  });
}

/** A document submission with one file, written as the intake writes it. */
export async function addSubmission(testApp: TestApp, memberEntityNumber: number, file: UploadFile) {
  const { db } = testApp.database;
  const [row] = await db
    .insert(documentSubmissions)
    .values({ memberEntityNumber, category: "MEDICAL_CLAIMS", loggedAt: testApp.clock.now })
    .returning();
  if (!row) throw new Error("no submission");
  const blobKey = `attachments/test/${row.referenceNumber}-${Date.now()}`;
  await testApp.blobStore.commit(await testApp.blobStore.writePending(blobKey, Readable.from([file.bytes])));
  await insertSubmissionFile(db, {
    referenceNumber: row.referenceNumber,
    fileName: file.name,
    contentType: file.type,
    sizeBytes: file.bytes.length,
    blobKey,
    position: 0,
  });
  return { referenceNumber: row.referenceNumber, blobKey, file };
}

/** Closes a conversation (its first query and updates) as if `days` ago. */
export async function closeConversationDaysAgo(testApp: TestApp, refs: readonly number[], days: number) {
  const at = new Date(testApp.clock.now.getTime() - days * DAY_MS);
  await testApp.database.db
    .update(queries)
    .set({ status: "CLOSED", closedAt: at, loggedAt: at })
    .where(inArray(queries.referenceNumber, [...refs]));
  await testApp.database.db
    .update(conversations)
    .set({ status: "CLOSED", closedAt: at, loggedAt: at, lastMessageAt: at })
    .where(inArray(conversations.referenceNumber, [...refs]));
}

export async function ageSubmission(testApp: TestApp, reference: number, days: number) {
  await testApp.database.db
    .update(documentSubmissions)
    .set({ loggedAt: new Date(testApp.clock.now.getTime() - days * DAY_MS) })
    .where(eq(documentSubmissions.referenceNumber, reference));
}

/** The blob keys of a conversation's attachments. */
export async function attachmentKeys(testApp: TestApp, refs: readonly number[]): Promise<string[]> {
  const rows = await testApp.database.db
    .select({ key: attachments.blobKey })
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .where(
      and(
        inArray(threadEntries.queryReferenceNumber, [...refs]),
        inArray(threadEntries.kind, ["MEMBER_MESSAGE", "EMAIL_RECEIVED"]),
      ),
    );
  return rows.map((row) => row.key);
}

/** Inserts audit rows as if written `days` ago (the trail refuses no insert). */
export async function auditRowDaysAgo(testApp: TestApp, subject: number, days: number) {
  await testApp.database.db.execute(sql`
    insert into audit_events (actor_entity_number, subject_entity_number, resource, action, at, request_id)
    values (1, ${subject}, 'console-query', 'READ', ${new Date(testApp.clock.now.getTime() - days * DAY_MS).toISOString()}::timestamptz, 'aged')`);
}

/** The server's archive worker on the test app's database, store and clock; silent. */
export function exportWorkerFor(testApp: TestApp) {
  return createExportWorker({
    db: testApp.database.db,
    blobStore: testApp.blobStore,
    brand: { name: "Meridian Health", mail: { signature: ["Meridian"] }, contactLines: [] } as never,
    timeZone: "Africa/Johannesburg",
    log: { info: () => undefined, error: () => undefined },
    now: () => testApp.clock.now,
  });
}
