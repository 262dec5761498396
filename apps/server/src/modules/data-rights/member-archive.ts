import type { Readable } from "node:stream";
import { calendarDateIn, escapeHtml } from "@portal/domain";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import yazl from "yazl";
import type { Db } from "../../db/database.js";
import {
  agentResponses,
  dataRequests,
  doctorAllocations,
  documentSubmissionAttachments,
  documentSubmissions,
  emergencyContacts,
  memberAddresses,
  memberEmails,
  memberPhones,
  memberProfiles,
  memberRoles,
  members,
  membershipCardOrders,
  outboxMails,
  policies,
  policyDependents,
  queries,
  queryAttachments,
  waitingPeriods,
} from "../../db/schema.js";
import { agentReplyDocument } from "../smart-inquiry/index.js";
import type { BlobStore } from "../storage/index.js";
import { accessHistoryPage } from "./access-history.js";

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
  const [attachments, replies] = refs.length
    ? await Promise.all([
        db
          .select()
          .from(queryAttachments)
          .where(inArray(queryAttachments.referenceNumber, refs))
          .orderBy(asc(queryAttachments.referenceNumber), asc(queryAttachments.position)),
        db
          .select({
            id: agentResponses.id,
            referenceNumber: agentResponses.referenceNumber,
            html: agentResponses.html,
            sentAt: agentResponses.sentAt,
          })
          .from(agentResponses)
          .where(inArray(agentResponses.referenceNumber, refs))
          .orderBy(asc(agentResponses.referenceNumber), asc(agentResponses.sentAt)),
      ])
    : [[], []];
  const submissions = await db
    .select()
    .from(documentSubmissions)
    .where(eq(documentSubmissions.memberEntityNumber, member))
    .orderBy(asc(documentSubmissions.loggedAt));
  const submissionRefs = submissions.map((row) => row.referenceNumber);
  const submissionFiles = submissionRefs.length
    ? await db
        .select()
        .from(documentSubmissionAttachments)
        .where(inArray(documentSubmissionAttachments.referenceNumber, submissionRefs))
        .orderBy(
          asc(documentSubmissionAttachments.referenceNumber),
          asc(documentSubmissionAttachments.position),
        )
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
    );
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
  return {
    person,
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
    submissions,
    submissionFiles,
    mails,
    requests,
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
      .map((file) => {
        const path = name(`queries/${row.referenceNumber}/attachments`, file.fileName);
        files.push({ path, blobKey: file.blobKey });
        return { fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes, path };
      }),
    replies: records.replies
      .filter((reply) => reply.referenceNumber === row.referenceNumber)
      .map((reply, index) => ({
        sentAt: iso(reply.sentAt),
        path: `queries/${row.referenceNumber}/replies/${index + 1}.html`,
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
      .map((file) => {
        const path = name(`documents/${row.referenceNumber}`, file.fileName);
        files.push({ path, blobKey: file.blobKey });
        return { fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes, path };
      }),
  }));
  const replyHtml = new Map(records.replies.map((reply) => [reply.id, reply.html]));
  const replyFiles = queriesOut.flatMap((query) => query.replies);
  const jsonFiles: [string, unknown][] = [
    [
      "member.json",
      {
        ...records.person,
        createdAt: iso(records.person?.createdAt ?? null),
        lastSignInAt: iso(records.person?.lastSignInAt ?? null),
        ...records.membership,
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
  const total = jsonFiles.length + 1 + replyFiles.length + files.length;
  let done = 0;
  const step = () => {
    done += 1;
    progress(done, total);
  };

  const zip = new yazl.ZipFile();
  const mtime = options.now;
  zip.addBuffer(Buffer.from(indexHtml(records, queriesOut, documentsOut, history, options)), "index.html", {
    mtime,
  });
  step();
  for (const [path, value] of jsonFiles) {
    zip.addBuffer(json(value), path, { mtime });
    step();
  }
  for (const reply of replyFiles) {
    zip.addBuffer(Buffer.from(await replyDocument(replyHtml.get(reply.id) ?? "")), reply.path, { mtime });
    step();
  }
  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot open on the ZipFile, and pipes a file's stream without listening
  // for its errors: both end the zip's own stream with the error, which its reader then sees (an
  // 'error' no one listens for would end the process).
  zip.on("error", (error: Error) => output.destroy(error));
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

type Records = Awaited<ReturnType<typeof readRecords>>;

function indexHtml(
  records: Records,
  queriesOut: {
    referenceNumber: number;
    updateOf: number | null;
    category: string;
    text: string;
    status: string;
    loggedAt: string | null;
    removed: unknown;
    attachments: { fileName: string; path: string }[];
    replies: { sentAt: string | null; path: string }[];
  }[],
  documentsOut: {
    referenceNumber: number;
    category: string;
    loggedAt: string | null;
    files: { fileName: string; path: string }[];
  }[],
  history: { at: string; who: string; action: string; what: string; referenceNumber: number | null }[],
  options: { timeZone: string; schemeName: string; now: Date },
): string {
  const e = escapeHtml;
  const day = (value: string | null) => (value ? calendarDateIn(options.timeZone, new Date(value)) : "");
  const link = (path: string, text: string) =>
    `<a href="${e(path.split("/").map(encodeURIComponent).join("/"))}">${e(text)}</a>`;
  const person = records.person;
  const fullName = person ? `${person.firstName} ${person.lastName}` : "";
  const queryRows = queriesOut
    .map(
      (query) =>
        `<tr><td>${query.referenceNumber}${query.updateOf ? ` (update of ${query.updateOf})` : ""}</td><td>${e(query.category)}</td><td>${day(query.loggedAt)}</td><td>${e(query.status)}</td><td>${
          query.removed ? "Removed" : e(query.text)
        }</td><td>${query.attachments.map((file) => link(file.path, file.fileName)).join("<br>")}</td><td>${query.replies
          .map((reply) => link(reply.path, `Reply of ${day(reply.sentAt)}`))
          .join("<br>")}</td></tr>`,
    )
    .join("");
  const documentRows = documentsOut
    .map(
      (submission) =>
        `<tr><td>${submission.referenceNumber}</td><td>${e(submission.category)}</td><td>${day(submission.loggedAt)}</td><td>${submission.files.map((file) => link(file.path, file.fileName)).join("<br>")}</td></tr>`,
    )
    .join("");
  const shownHistory = history.slice(0, 1000);
  const historyRows = shownHistory
    .map(
      (event) =>
        `<tr><td>${e(event.at)}</td><td>${e(event.who)}</td><td>${e(event.action)}</td><td>${e(event.what)}${event.referenceNumber ? ` ${event.referenceNumber}` : ""}</td></tr>`,
    )
    .join("");
  const table = (caption: string, head: string[], rows: string) =>
    `<table><caption>${e(caption)}</caption><thead><tr>${head.map((cell) => `<th scope="col">${e(cell)}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Your data held by ${e(options.schemeName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;line-height:1.5}table{border-collapse:collapse;width:100%;margin-bottom:2rem}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}caption{text-align:left;font-weight:bold;padding:.5rem 0}</style>
</head><body>
<h1>Your data held by ${e(options.schemeName)}</h1>
<p>Prepared on ${day(options.now.toISOString())} for ${e(fullName)} (entity number ${person?.entityNumber ?? ""}).</p>
<p>This archive holds everything the member portal keeps about you. Each kind of record is also in a JSON file beside this page:
member.json (your membership details), queries.json, documents.json, mails.json, data-requests.json and access-history.json
(who has seen or changed your information). Your attachments and the replies you received are in the folders queries/ and documents/.</p>
<h2>Membership</h2>
<p>Name: ${e(fullName)}. E-mail addresses: ${records.membership.emails.map((row) => e(row.address)).join(", ") || "none recorded"}.
Membership number: ${e(records.membership.profile?.membershipNumber ?? "not recorded")}. The full details are in member.json.</p>
<h2>Queries</h2>
${table("Your queries and updates", ["Reference", "Category", "Logged", "Status", "Text", "Attachments", "Replies"], queryRows)}
<h2>Documents</h2>
${table("Your document submissions", ["Reference", "Category", "Received", "Files"], documentRows)}
<h2>Who has seen your information</h2>
${history.length > shownHistory.length ? `<p>The newest ${shownHistory.length} of ${history.length} are shown; all are in access-history.json.</p>` : ""}
${table("Reads and changes of your information", ["When", "Who", "Action", "What"], historyRows)}
</body></html>
`;
}
