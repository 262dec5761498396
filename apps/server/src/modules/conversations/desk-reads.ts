import {
  type ConsoleMemberSummary,
  type ConsoleReply,
  DESK_ROLES,
  type InternalNote,
  type ReplyMail,
  type StaffMember,
  type ThreadMessage,
} from "@portal/domain";
import { and, asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import {
  agentResponses,
  conversations,
  queries,
  queryAttachments,
  queryNotes,
  replyAttachments,
} from "../../db/schema/conversations.js";
import { outboxMails } from "../../db/schema/mail.js";
import { memberProfiles } from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";
import { findPolicyMembership, listDependentsOfPrincipal } from "../member-details/index.js";

// A conversation as staff see it: its state, the member's messages (the first query and every
// update), the replies sent and the internal notes, each list one statement by the conversation's
// key. Staff reach every member, so these take a conversation the access plugin has resolved.

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

export async function listConversationMessages(db: Db, conversation: number): Promise<ThreadMessage[]> {
  const [rows, attachments] = await Promise.all([
    db
      .select({
        referenceNumber: queries.referenceNumber,
        text: queries.queryText,
        loggedAt: queries.loggedAt,
      })
      .from(queries)
      .where(eq(queries.conversationReferenceNumber, conversation))
      .orderBy(asc(queries.loggedAt), asc(queries.referenceNumber)),
    db
      .select({
        referenceNumber: queryAttachments.referenceNumber,
        attachmentId: queryAttachments.attachmentId,
        fileName: queryAttachments.fileName,
      })
      .from(queryAttachments)
      .innerJoin(queries, eq(queries.referenceNumber, queryAttachments.referenceNumber))
      .where(eq(queries.conversationReferenceNumber, conversation))
      .orderBy(asc(queryAttachments.position)),
  ]);
  return rows.map((row) => ({
    referenceNumber: row.referenceNumber,
    text: row.text,
    dateLogged: row.loggedAt.toISOString(),
    attachments: attachments
      .filter((attachment) => attachment.referenceNumber === row.referenceNumber)
      .map(({ attachmentId, fileName }) => ({ attachmentId, fileName })),
  }));
}

const senders = alias(members, "senders");

export async function listReplies(db: Db, conversation: number): Promise<ConsoleReply[]> {
  const files = db
    .select({
      replyId: replyAttachments.replyId,
      attachmentId: replyAttachments.attachmentId,
      fileName: replyAttachments.fileName,
    })
    .from(replyAttachments)
    .innerJoin(agentResponses, eq(agentResponses.id, replyAttachments.replyId))
    .where(eq(agentResponses.referenceNumber, conversation))
    .orderBy(asc(replyAttachments.replyId), asc(replyAttachments.position));
  const rowsQuery = db
    .select({
      id: agentResponses.id,
      html: agentResponses.html,
      sentAt: agentResponses.sentAt,
      senderEntityNumber: senders.entityNumber,
      senderFirstName: senders.firstName,
      senderLastName: senders.lastName,
    })
    .from(agentResponses)
    .leftJoin(senders, eq(senders.entityNumber, agentResponses.sentByEntityNumber))
    .where(eq(agentResponses.referenceNumber, conversation))
    .orderBy(asc(agentResponses.sentAt), asc(agentResponses.id));
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
  const [rows, attachments, mails] = await Promise.all([rowsQuery, files, mailsQuery]);
  // Replies of one moment (never two in practice: the conversation is locked for each) take that
  // moment's mails in the order both were written.
  const mailsAt = new Map<number, ReplyMail[]>();
  for (const mail of mails) {
    const at = mail.createdAt.getTime();
    const state = { status: mail.status as ReplyMail["status"], failureCode: mail.lastErrorCode };
    mailsAt.set(at, [...(mailsAt.get(at) ?? []), state]);
  }
  return rows.map((row) => ({
    id: row.id,
    html: row.html,
    sentAt: row.sentAt.toISOString(),
    sentBy:
      row.senderEntityNumber === null
        ? null
        : {
            entityNumber: row.senderEntityNumber,
            firstName: row.senderFirstName ?? "",
            lastName: row.senderLastName ?? "",
          },
    attachments: attachments
      .filter((file) => file.replyId === row.id)
      .map(({ attachmentId, fileName }) => ({ attachmentId, fileName })),
    mail: mailsAt.get(row.sentAt.getTime())?.shift() ?? null,
  }));
}

export async function listNotes(db: Db, conversation: number): Promise<InternalNote[]> {
  const rows = await db
    .select({
      id: queryNotes.id,
      text: queryNotes.text,
      createdAt: queryNotes.createdAt,
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
    })
    .from(queryNotes)
    .innerJoin(members, eq(members.entityNumber, queryNotes.authorEntityNumber))
    .where(eq(queryNotes.referenceNumber, conversation))
    .orderBy(asc(queryNotes.createdAt), asc(queryNotes.id));
  return rows.map(({ id, text, createdAt, entityNumber, firstName, lastName }) => ({
    id,
    text,
    createdAt: createdAt.toISOString(),
    author: { entityNumber, firstName, lastName },
  }));
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

/** A file sent with one of the conversation's replies, for staff to open. */
export async function findReplyAttachment(db: Db, conversation: number, attachmentId: number) {
  const [row] = await db
    .select({
      attachmentId: replyAttachments.attachmentId,
      fileName: replyAttachments.fileName,
      contentType: replyAttachments.contentType,
      sizeBytes: replyAttachments.sizeBytes,
      blobKey: replyAttachments.blobKey,
    })
    .from(replyAttachments)
    .innerJoin(agentResponses, eq(agentResponses.id, replyAttachments.replyId))
    .where(
      and(eq(replyAttachments.attachmentId, attachmentId), eq(agentResponses.referenceNumber, conversation)),
    )
    .limit(1);
  return row;
}

/** A file of one of the conversation's messages (a member's query or update), for staff to open. */
export async function findMessageAttachment(db: Db, conversation: number, attachmentId: number) {
  const [row] = await db
    .select({
      attachmentId: queryAttachments.attachmentId,
      fileName: queryAttachments.fileName,
      contentType: queryAttachments.contentType,
      sizeBytes: queryAttachments.sizeBytes,
      blobKey: queryAttachments.blobKey,
    })
    .from(queryAttachments)
    .innerJoin(queries, eq(queries.referenceNumber, queryAttachments.referenceNumber))
    .where(
      and(
        eq(queryAttachments.attachmentId, attachmentId),
        eq(queries.conversationReferenceNumber, conversation),
      ),
    )
    .limit(1);
  return row;
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
