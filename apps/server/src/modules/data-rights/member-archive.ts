import type { Readable } from "node:stream";
import { type DependentRelationship, MEMBER_MESSAGE_KINDS, type PolicyBenefit } from "@portal/domain";
import { and, asc, desc, eq, inArray, or } from "drizzle-orm";
import yazl from "yazl";
import type { Db } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import {
  attachments as attachmentRows,
  documentSubmissions,
  queries,
  threadEntries,
} from "../../db/schema/conversations.js";
import { dataRequests } from "../../db/schema/data-rights.js";
import { outboxMails } from "../../db/schema/mail.js";
import {
  doctorAllocations,
  emergencyContacts,
  memberAddresses,
  memberPhones,
  memberProfiles,
  membershipCardOrders,
  planBenefits,
  plans,
  policies,
  policyDependents,
  schemes,
  waitingPeriods,
} from "../../db/schema/member-details.js";
import { memberEmails, members } from "../../db/schema/members.js";
import { listDependentsOfPrincipal } from "../member-details/index.js";
import { agentReplyDocument } from "../smart-inquiry/index.js";
import type { BlobStore } from "../storage/index.js";
import { accessHistoryPage } from "./access-history.js";
import { archiveIndexPage } from "./archive-index-page.js";

// Everything the portal holds about one member, as a zip a person can read: index.html, a JSON
// file per kind of record, every attachment under its own (cleaned) name and every reply as HTML.
// Records are read first (they are small); files are streamed one at a time from the blob store
// into the zip as it is written, so a member with a gigabyte of attachments never sits in memory.
// Every statement is scoped to this member's entity number. Staff's internal notes are never in it.

export type ArchiveProgress = (done: number, total: number) => void;

interface ArchiveFile {
  path: string;
  blobKey: string;
}

/** A file name safe in a zip on every system: no folders, no control or reserved characters. */
export function cleanArchiveName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069/\\:*?"<>|]/g, "_")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120);
  return cleaned || "file";
}

/** Names unique within one folder: a second "invoice.pdf" becomes "invoice (2).pdf". */
function uniqueNames() {
  const taken = new Set<string>();
  return (folder: string, name: string): string => {
    const clean = cleanArchiveName(name);
    const dot = clean.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ""];
    let candidate = `${folder}/${clean}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1)
      candidate = `${folder}/${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The member's own records, each kind as the JSON file it becomes. */
async function readRecords(db: Db, member: number) {
  const [person] = await db
    .select({
      entityNumber: members.entityNumber,
      username: members.username,
      firstName: members.firstName,
      lastName: members.lastName,
      createdAt: members.createdAt,
      lastSignInAt: members.lastSignInAt,
    })
    .from(members)
    .where(eq(members.entityNumber, member));
  const [
    profile,
    emails,
    phones,
    addresses,
    contacts,
    roles,
    waiting,
    doctors,
    cardOrders,
    policyRows,
    dependentOf,
  ] = await Promise.all([
    db.select().from(memberProfiles).where(eq(memberProfiles.entityNumber, member)),
    db
      .select({ address: memberEmails.address, position: memberEmails.position })
      .from(memberEmails)
      .where(eq(memberEmails.memberEntityNumber, member))
      .orderBy(asc(memberEmails.position)),
    db.select().from(memberPhones).where(eq(memberPhones.memberEntityNumber, member)),
    db.select().from(memberAddresses).where(eq(memberAddresses.memberEntityNumber, member)),
    db.select().from(emergencyContacts).where(eq(emergencyContacts.memberEntityNumber, member)),
    db.select({ role: memberRoles.role }).from(memberRoles).where(eq(memberRoles.entityNumber, member)),
    db.select().from(waitingPeriods).where(eq(waitingPeriods.entityNumber, member)),
    db.select().from(doctorAllocations).where(eq(doctorAllocations.patientEntityNumber, member)),
    db.select().from(membershipCardOrders).where(eq(membershipCardOrders.entityNumber, member)),
    db.select().from(policies).where(eq(policies.principalEntityNumber, member)),
    db.select().from(policyDependents).where(eq(policyDependents.dependentEntityNumber, member)),
  ]);
  const queryRows = await db
    .select()
    .from(queries)
    .where(eq(queries.memberEntityNumber, member))
    .orderBy(asc(queries.loggedAt), asc(queries.referenceNumber));
  const refs = queryRows.map((row) => row.referenceNumber);
  // The member's messages and the replies to them in their threads, and those entries' files
  // (the member's, and those staff sent): reached through the member's own queries only.
  const entries = refs.length
    ? await db
        .select({
          id: threadEntries.id,
          kind: threadEntries.kind,
          referenceNumber: threadEntries.queryReferenceNumber,
          html: threadEntries.body,
          sentAt: threadEntries.at,
        })
        .from(threadEntries)
        .where(
          and(
            inArray(threadEntries.queryReferenceNumber, refs),
            inArray(threadEntries.kind, ["REPLY", ...MEMBER_MESSAGE_KINDS]),
          ),
        )
        .orderBy(asc(threadEntries.queryReferenceNumber), asc(threadEntries.at), asc(threadEntries.id))
    : [];
  const entryIds = entries.map((entry) => entry.id);
  const entryFiles = entryIds.length
    ? await db
        .select()
        .from(attachmentRows)
        .where(inArray(attachmentRows.threadEntryId, entryIds))
        .orderBy(asc(attachmentRows.threadEntryId), asc(attachmentRows.position))
    : [];
  const replies = entries
    .filter((entry) => entry.kind === "REPLY")
    .map(({ id, referenceNumber, html, sentAt }) => ({ id, referenceNumber, html: html ?? "", sentAt }));
  const replyIds = new Set(replies.map((reply) => reply.id));
  const queryOfEntry = new Map(entries.map((entry) => [entry.id, entry.referenceNumber]));
  const attachments = entryFiles
    .filter((file) => !replyIds.has(file.threadEntryId ?? 0))
    .map((file) => ({ ...file, referenceNumber: queryOfEntry.get(file.threadEntryId ?? 0) ?? null }));
  const replyFiles = entryFiles
    .filter((file) => replyIds.has(file.threadEntryId ?? 0))
    .map((file) => ({ ...file, replyId: file.threadEntryId }));
  const submissions = await db
    .select()
    .from(documentSubmissions)
    .where(eq(documentSubmissions.memberEntityNumber, member))
    .orderBy(asc(documentSubmissions.loggedAt));
  const submissionRefs = submissions.map((row) => row.referenceNumber);
  const submissionFiles = submissionRefs.length
    ? (
        await db
          .select()
          .from(attachmentRows)
          .where(inArray(attachmentRows.documentSubmissionReferenceNumber, submissionRefs))
          .orderBy(asc(attachmentRows.documentSubmissionReferenceNumber), asc(attachmentRows.position))
      ).map((file) => ({ ...file, referenceNumber: file.documentSubmissionReferenceNumber }))
    : [];
  const mails = await db
    .select({
      kind: outboxMails.kind,
      to: outboxMails.toAddresses,
      cc: outboxMails.ccAddresses,
      subject: outboxMails.subject,
      text: outboxMails.text,
      status: outboxMails.status,
      createdAt: outboxMails.createdAt,
      sentAt: outboxMails.sentAt,
      referenceNumber: outboxMails.referenceNumber,
    })
    .from(outboxMails)
    // Account mails carry a sealed single-use link in place of the token: their text holds none.
    .where(
      and(
        eq(outboxMails.memberEntityNumber, member),
        or(eq(outboxMails.status, "SENT"), eq(outboxMails.status, "FAILED")),
      ),
    )
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id));
  const requests = await db
    .select({
      kind: dataRequests.kind,
      receivedOn: dataRequests.receivedOn,
      dueOn: dataRequests.dueOn,
      status: dataRequests.status,
      completedAt: dataRequests.completedAt,
      outcome: dataRequests.outcome,
    })
    .from(dataRequests)
    .where(eq(dataRequests.memberEntityNumber, member));
  const plan = await readPlan(db, member);
  return {
    person,
    plan,
    membership: {
      profile: profile[0] ?? null,
      emails,
      phones,
      addresses,
      emergencyContacts: contacts,
      roles: roles.map((row) => row.role),
      waitingPeriods: waiting,
      doctorAllocations: doctors,
      membershipCardOrders: cardOrders,
      policiesAsPrincipal: policyRows,
      policiesAsDependent: dependentOf,
    },
    queryRows,
    attachments,
    replies,
    replyFiles,
    submissions,
    submissionFiles,
    mails,
    requests,
  };
}

/**
 * The member's plans as My membership shows them: each policy they are the principal of (its plan,
 * scheme, the benefits the plan covers and the dependants on it) and each they are a dependant on
 * (the plan, and their relationship and code, not the other people on it).
 */
async function readPlan(db: Db, member: number) {
  const policyColumns = {
    policyId: policies.policyId,
    policyIdentifier: policies.policyIdentifier,
    startDate: policies.startDate,
    planId: plans.id,
    planName: plans.name,
    schemeName: schemes.name,
  };
  const [asPrincipal, asDependent, dependants] = await Promise.all([
    db
      .select(policyColumns)
      .from(policies)
      .innerJoin(plans, eq(plans.id, policies.planId))
      .innerJoin(schemes, eq(schemes.id, plans.schemeId))
      .where(eq(policies.principalEntityNumber, member))
      .orderBy(desc(policies.startDate), desc(policies.policyId)),
    db
      .select({
        ...policyColumns,
        relationship: policyDependents.relationship,
        dependentCode: policyDependents.dependentCode,
        joinedOn: policyDependents.startDate,
      })
      .from(policyDependents)
      .innerJoin(policies, eq(policies.policyId, policyDependents.policyId))
      .innerJoin(plans, eq(plans.id, policies.planId))
      .innerJoin(schemes, eq(schemes.id, plans.schemeId))
      .where(eq(policyDependents.dependentEntityNumber, member))
      .orderBy(desc(policies.startDate), desc(policies.policyId)),
    listDependentsOfPrincipal(db, member),
  ]);
  const planIds = [...new Set([...asPrincipal, ...asDependent].map((row) => row.planId))];
  const benefits = planIds.length
    ? await db
        .select({ planId: planBenefits.planId, benefit: planBenefits.benefit })
        .from(planBenefits)
        .where(inArray(planBenefits.planId, planIds))
        .orderBy(asc(planBenefits.benefit))
    : [];
  const coverOf = (planId: number) =>
    benefits.filter((row) => row.planId === planId).map((row) => row.benefit as PolicyBenefit);
  return {
    policiesAsPrincipal: asPrincipal.map(({ planId, ...policy }) => ({
      ...policy,
      cover: coverOf(planId),
      dependants: dependants
        .filter((person) => person.policyId === policy.policyId)
        .map(({ policyId: _policyId, ...person }) => person),
    })),
    policiesAsDependant: asDependent.map(({ planId, ...policy }) => ({
      ...policy,
      relationship: policy.relationship as DependentRelationship,
      cover: coverOf(planId),
    })),
  };
}

/** Every row of the member's access history, newest first, a thousand at a time. */
async function wholeAccessHistory(db: Db, member: number) {
  const events = [];
  let after: string | undefined;
  for (;;) {
    const page = await accessHistoryPage(db, member, after, 1000);
    events.push(...page.events);
    if (!page.nextCursor) return events;
    after = page.nextCursor;
  }
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

type FileOut = { fileName: string; contentType: string; sizeBytes: number; path: string };

/**
 * Starts writing the member's archive and returns the zip as a stream; `progress` is told of each
 * record file and each attachment as it is written. The caller pipes the stream to the blob store.
 */
export async function memberArchive(
  db: Db,
  blobStore: BlobStore,
  member: number,
  options: { timeZone: string; schemeName: string; now: Date },
  progress: ArchiveProgress,
): Promise<Readable> {
  const records = await readRecords(db, member);
  const history = await wholeAccessHistory(db, member);
  const name = uniqueNames();
  const files: ArchiveFile[] = [];
  const fileOut = (
    folder: string,
    file: { fileName: string; contentType: string; sizeBytes: number; blobKey: string },
  ): FileOut => {
    const path = name(folder, file.fileName);
    files.push({ path, blobKey: file.blobKey });
    return { fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes, path };
  };
  const queriesOut = records.queryRows.map((row) => ({
    referenceNumber: row.referenceNumber,
    updateOf: row.parentReferenceNumber,
    origin: row.origin,
    category: row.category,
    subCategory: row.subCategory,
    product: row.product,
    text: row.queryText,
    email: row.email,
    ccEmail: row.ccEmail,
    status: row.status,
    loggedAt: iso(row.loggedAt),
    replyDueOn: row.replyDueOn,
    closedAt: iso(row.closedAt),
    removed: row.purgedAt ? { at: iso(row.purgedAt), reason: row.purgeReason } : null,
    attachments: records.attachments
      .filter((file) => file.referenceNumber === row.referenceNumber)
      .map((file) => fileOut(`queries/${row.referenceNumber}/attachments`, file)),
    replies: records.replies
      .filter((reply) => reply.referenceNumber === row.referenceNumber)
      .map((reply, index) => ({
        sentAt: iso(reply.sentAt),
        path: `queries/${row.referenceNumber}/replies/${index + 1}.html`,
        // The files sent with it, in a folder named as its page is.
        files: records.replyFiles
          .filter((file) => file.replyId === reply.id)
          .map((file) => fileOut(`queries/${row.referenceNumber}/replies/${index + 1}`, file)),
        id: reply.id,
      })),
  }));
  const documentsOut = records.submissions.map((row) => ({
    referenceNumber: row.referenceNumber,
    category: row.category,
    loggedAt: iso(row.loggedAt),
    removed: row.purgedAt ? { at: iso(row.purgedAt), reason: row.purgeReason } : null,
    files: records.submissionFiles
      .filter((file) => file.referenceNumber === row.referenceNumber)
      .map((file) => fileOut(`documents/${row.referenceNumber}`, file)),
  }));
  const replyHtml = new Map(records.replies.map((reply) => [reply.id, reply.html]));
  const replyPages = queriesOut.flatMap((query) => query.replies);
  const jsonFiles: [string, unknown][] = [
    [
      "member.json",
      {
        ...records.person,
        createdAt: iso(records.person?.createdAt ?? null),
        lastSignInAt: iso(records.person?.lastSignInAt ?? null),
        ...records.membership,
        plan: records.plan,
      },
    ],
    [
      "queries.json",
      queriesOut.map(({ replies, ...query }) => ({
        ...query,
        replies: replies.map(({ id: _id, ...reply }) => reply),
      })),
    ],
    ["documents.json", documentsOut],
    [
      "mails.json",
      records.mails.map((mail) => ({ ...mail, createdAt: iso(mail.createdAt), sentAt: iso(mail.sentAt) })),
    ],
    [
      "data-requests.json",
      records.requests.map((request) => ({ ...request, completedAt: iso(request.completedAt) })),
    ],
    ["access-history.json", history],
  ];
  const total = jsonFiles.length + 1 + replyPages.length + files.length;
  let done = 0;
  const step = () => {
    done += 1;
    progress(done, total);
  };

  const zip = new yazl.ZipFile();
  const mtime = options.now;
  zip.addBuffer(
    Buffer.from(archiveIndexPage(records, queriesOut, documentsOut, history, options)),
    "index.html",
    {
      mtime,
    },
  );
  step();
  for (const [path, value] of jsonFiles) {
    zip.addBuffer(json(value), path, { mtime });
    step();
  }
  for (const reply of replyPages) {
    zip.addBuffer(Buffer.from(await replyDocument(replyHtml.get(reply.id) ?? "")), reply.path, { mtime });
    step();
  }
  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot open on the ZipFile, and pipes a file's stream without listening
  // for its errors: both end the zip's own stream with the error, which its reader then sees (an
  // 'error' no one listens for would end the process).
  zip.on("error", (error: Error) => output.destroy(error));
  // A file may fail before the reader has attached (the writer awaits a directory first): an
  // 'error' with no listener then would end the process. The reader still sees the error, from
  // the stream's state: pipeline() rejects with it on a stream destroyed before it was piped.
  output.on("error", () => undefined);
  for (const file of files) {
    // Opened only when the zip reaches it: one file handle at a time, whatever the number of files.
    zip.addReadStreamLazy(file.path, { mtime, compress: false }, (callback) => {
      blobStore.read(file.blobKey).then(
        (stream) => {
          stream.once("end", step);
          stream.once("error", (error) => output.destroy(error));
          callback(null, stream);
        },
        (error: unknown) => callback(error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return output;
}

/** A reply as its own page: cleaned again, and a policy under which nothing in it loads or runs. */
async function replyDocument(html: string): Promise<string> {
  const page = await agentReplyDocument(html);
  return page.replace(
    "<head>",
    `<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
  );
}

export type ArchiveRecords = Awaited<ReturnType<typeof readRecords>>;
