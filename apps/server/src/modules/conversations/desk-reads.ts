import {
  type ConsoleMemberSummary,
  type ConsoleReply,
  DESK_ROLES,
  type InternalNote,
  MEMBER_MESSAGE_KINDS,
  type ReplyMail,
  type StaffMember,
  type ThreadEntryKind,
  type ThreadEvent,
  type ThreadMessage,
} from "@portal/domain";
import { and, asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import { attachments, conversations, queries, threadEntries } from "../../db/schema/conversations.js";
import { outboxMails } from "../../db/schema/mail.js";
import { memberProfiles } from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";
import { findPolicyMembership, listDependentsOfPrincipal } from "../member-details/index.js";
import { keptLanguage } from "../members/index.js";

// A conversation as staff see it: its state, and its thread (the member's messages, the first
// query and every update, the replies sent, the internal notes and the events), read by the
// conversation's key. Staff reach every member, so these take a conversation the access plugin has resolved.

const assignees = alias(members, "assignees");

/** The conversation's state, with its first query's addresses. */
export async function findConversation(db: Db, conversation: number) {
  const [row] = await db
    .select({
      referenceNumber: conversations.referenceNumber,
      memberEntityNumber: conversations.memberEntityNumber,
      origin: conversations.origin,
      category: conversations.category,
      subCategory: conversations.subCategory,
      status: conversations.status,
      waitingOn: conversations.waitingOn,
      email: queries.email,
      ccEmail: queries.ccEmail,
      legacy: conversations.legacy,
      loggedAt: conversations.loggedAt,
      replyDueOn: conversations.replyDueOn,
      assigneeEntityNumber: assignees.entityNumber,
      assigneeFirstName: assignees.firstName,
      assigneeLastName: assignees.lastName,
    })
    .from(conversations)
    .innerJoin(queries, eq(queries.referenceNumber, conversations.referenceNumber))
    .leftJoin(assignees, eq(assignees.entityNumber, conversations.assignedToEntityNumber))
    .where(eq(conversations.referenceNumber, conversation))
    .limit(1);
  return row;
}

/** A conversation's thread as staff read it: one statement for the entries, one for their files. */
export interface DeskThread {
  messages: ThreadMessage[];
  replies: ConsoleReply[];
  notes: InternalNote[];
  events: ThreadEvent[];
}

const authors = alias(members, "authors");
const eventAssignees = alias(members, "event_assignees");

function personOf(entityNumber: number | null, firstName: string | null, lastName: string | null) {
  return entityNumber === null
    ? null
    : { entityNumber, firstName: firstName ?? "", lastName: lastName ?? "" };
}

export async function readDeskThread(db: Db, conversation: number): Promise<DeskThread> {
  const entriesQuery = db
    .select({
      id: threadEntries.id,
      kind: threadEntries.kind,
      at: threadEntries.at,
      queryReferenceNumber: threadEntries.queryReferenceNumber,
      body: threadEntries.body,
      queryText: queries.queryText,
      loggedAt: queries.loggedAt,
      documentSubmissionReferenceNumber: threadEntries.documentSubmissionReferenceNumber,
      authorEntityNumber: authors.entityNumber,
      authorFirstName: authors.firstName,
      authorLastName: authors.lastName,
      assigneeEntityNumber: eventAssignees.entityNumber,
      assigneeFirstName: eventAssignees.firstName,
      assigneeLastName: eventAssignees.lastName,
    })
    .from(threadEntries)
    .leftJoin(
      queries,
      and(
        eq(queries.referenceNumber, threadEntries.queryReferenceNumber),
        inArray(threadEntries.kind, [...MEMBER_MESSAGE_KINDS]),
      ),
    )
    .leftJoin(authors, eq(authors.entityNumber, threadEntries.authorEntityNumber))
    .leftJoin(eventAssignees, eq(eventAssignees.entityNumber, threadEntries.assigneeEntityNumber))
    .where(eq(threadEntries.conversationReferenceNumber, conversation))
    .orderBy(asc(threadEntries.at), asc(threadEntries.id));
  const filesQuery = db
    .select({
      threadEntryId: attachments.threadEntryId,
      attachmentId: attachments.attachmentId,
      fileName: attachments.fileName,
    })
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .where(eq(threadEntries.conversationReferenceNumber, conversation))
    .orderBy(asc(attachments.threadEntryId), asc(attachments.position));
  // A reply's mail is queued in the reply's transaction, stamped with the reply's moment
  // (sendReply): the conversation's reply mails, by the outbox's conversation index, matched by it.
  const mailsQuery = db
    .select({
      createdAt: outboxMails.createdAt,
      status: outboxMails.status,
      lastErrorCode: outboxMails.lastErrorCode,
    })
    .from(outboxMails)
    .where(and(eq(outboxMails.conversationReferenceNumber, conversation), eq(outboxMails.kind, "REPLY_SENT")))
    .orderBy(asc(outboxMails.id));
  const [entries, files, mails] = await Promise.all([entriesQuery, filesQuery, mailsQuery]);
  const filesOf = (entry: number) =>
    files
      .filter((file) => file.threadEntryId === entry)
      .map(({ attachmentId, fileName }) => ({ attachmentId, fileName }));
  // Replies of one moment (never two in practice: the conversation is locked for each) take that
  // moment's mails in the order both were written.
  const mailsAt = new Map<number, ReplyMail[]>();
  for (const mail of mails) {
    const at = mail.createdAt.getTime();
    const state = { status: mail.status as ReplyMail["status"], failureCode: mail.lastErrorCode };
    mailsAt.set(at, [...(mailsAt.get(at) ?? []), state]);
  }
  const thread: DeskThread = { messages: [], replies: [], notes: [], events: [] };
  for (const entry of entries) {
    const by = personOf(entry.authorEntityNumber, entry.authorFirstName, entry.authorLastName);
    switch (entry.kind as ThreadEntryKind) {
      case "MEMBER_MESSAGE":
      case "EMAIL_RECEIVED":
        thread.messages.push({
          referenceNumber: entry.queryReferenceNumber ?? 0,
          kind: entry.kind as ThreadMessage["kind"],
          text: entry.queryText ?? "",
          dateLogged: (entry.loggedAt ?? entry.at).toISOString(),
          attachments: filesOf(entry.id),
        });
        break;
      case "REPLY":
        thread.replies.push({
          id: entry.id,
          html: entry.body ?? "",
          sentAt: entry.at.toISOString(),
          sentBy: by,
          attachments: filesOf(entry.id),
          mail: mailsAt.get(entry.at.getTime())?.shift() ?? null,
        });
        break;
      case "NOTE":
        // A note's author is always known; one whose account was removed keeps its words.
        thread.notes.push({
          id: entry.id,
          text: entry.body ?? "",
          createdAt: entry.at.toISOString(),
          author: by ?? { entityNumber: 0, firstName: "", lastName: "" },
        });
        break;
      default:
        thread.events.push({
          id: entry.id,
          kind: entry.kind as ThreadEvent["kind"],
          at: entry.at.toISOString(),
          by,
          assignee: personOf(entry.assigneeEntityNumber, entry.assigneeFirstName, entry.assigneeLastName),
          documentSubmissionReferenceNumber: entry.documentSubmissionReferenceNumber,
        });
    }
  }
  // The member's messages in the order they were logged, as the thread's first query then its updates.
  thread.messages.sort(
    (a, b) => a.dateLogged.localeCompare(b.dateLogged) || a.referenceNumber - b.referenceNumber,
  );
  return thread;
}

/** How many of the member's other conversations the summary lists. */
const OTHER_CONVERSATIONS_LISTED = 20;

/** Who the member is, for the console: name, numbers, plan, family size, their other conversations. */
export async function readMemberSummary(
  db: Db,
  entityNumber: number,
  exceptConversation?: number,
): Promise<ConsoleMemberSummary | null> {
  const [person] = await db
    .select({
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
      membershipNumber: memberProfiles.membershipNumber,
      language: members.language,
    })
    .from(members)
    .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, members.entityNumber))
    .where(eq(members.entityNumber, entityNumber))
    .limit(1);
  if (!person) return null;
  const [membership, dependents, others] = await Promise.all([
    findPolicyMembership(db, entityNumber),
    listDependentsOfPrincipal(db, entityNumber),
    // The newest of the member's conversations by their index, open ones put first here.
    db
      .select({
        referenceNumber: conversations.referenceNumber,
        category: conversations.category,
        status: conversations.status,
        lastMessageAt: conversations.lastMessageAt,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.memberEntityNumber, entityNumber),
          exceptConversation === undefined
            ? undefined
            : ne(conversations.referenceNumber, exceptConversation),
        ),
      )
      .orderBy(desc(conversations.lastMessageAt))
      .limit(OTHER_CONVERSATIONS_LISTED),
  ]);
  const openFirst = [...others].sort((a, b) => Number(a.status !== "OPEN") - Number(b.status !== "OPEN"));
  const principalNumber =
    membership && membership.principalEntityNumber !== entityNumber ? membership.principalEntityNumber : null;
  const [principal] =
    principalNumber === null
      ? []
      : await db
          .select({
            entityNumber: members.entityNumber,
            firstName: members.firstName,
            lastName: members.lastName,
            membershipNumber: memberProfiles.membershipNumber,
          })
          .from(members)
          .leftJoin(memberProfiles, eq(memberProfiles.entityNumber, members.entityNumber))
          .where(eq(members.entityNumber, principalNumber))
          .limit(1);
  return {
    ...person,
    language: keptLanguage(person.language),
    principal: principal ?? null,
    planName: membership?.planName ?? null,
    dependentCount: new Set(dependents.map((dependent) => dependent.entityNumber)).size,
    otherConversations: openFirst.map((row) => ({
      referenceNumber: row.referenceNumber,
      category: row.category,
      status: row.status as "OPEN" | "CLOSED",
      lastMessageAt: row.lastMessageAt.toISOString(),
    })),
  };
}

/** A file of one of the conversation's entries of `kinds`, for staff to open. */
async function findEntryFile(
  db: Db,
  conversation: number,
  attachmentId: number,
  kinds: readonly ThreadEntryKind[],
) {
  const [row] = await db
    .select({
      attachmentId: attachments.attachmentId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      sizeBytes: attachments.sizeBytes,
      blobKey: attachments.blobKey,
    })
    .from(attachments)
    .innerJoin(threadEntries, eq(threadEntries.id, attachments.threadEntryId))
    .where(
      and(
        eq(attachments.attachmentId, attachmentId),
        eq(threadEntries.conversationReferenceNumber, conversation),
        inArray(threadEntries.kind, [...kinds]),
      ),
    )
    .limit(1);
  return row;
}

/** A file sent with one of the conversation's replies, for staff to open. */
export function findReplyAttachment(db: Db, conversation: number, attachmentId: number) {
  return findEntryFile(db, conversation, attachmentId, ["REPLY"]);
}

/** A file of one of the conversation's messages (a member's query or update), for staff to open. */
export function findMessageAttachment(db: Db, conversation: number, attachmentId: number) {
  return findEntryFile(db, conversation, attachmentId, MEMBER_MESSAGE_KINDS);
}

/**
 * The desk's people a conversation may be assigned to, by name: agents and supervisors whose log-in
 * works (a disabled one keeps its roles but takes no new work; an information officer takes no
 * queries). A supervisor holding both roles is listed once, as a supervisor.
 */
export async function listDeskStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
      role: memberRoles.role,
    })
    .from(memberRoles)
    .innerJoin(members, eq(members.entityNumber, memberRoles.entityNumber))
    .where(and(inArray(memberRoles.role, [...DESK_ROLES]), isNull(members.disabledAt)))
    .orderBy(asc(members.lastName), asc(members.firstName));
  const byPerson = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const known = byPerson.get(row.entityNumber);
    if (!known || row.role === "STAFF_SUPERVISOR") byPerson.set(row.entityNumber, row);
  }
  return [...byPerson.values()].map((row) => ({ ...row, role: row.role as StaffMember["role"] }));
}
