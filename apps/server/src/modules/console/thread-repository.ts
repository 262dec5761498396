import type { ConsoleMemberSummary, ConsoleReply, InternalNote, ThreadMessage } from "@portal/domain";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Queryable } from "../../db/database.js";
import {
  agentResponses,
  memberProfiles,
  members,
  queries,
  queryAttachments,
  queryNotes,
} from "../../db/schema.js";
import { findPolicyMembership, listDependentsOfPrincipal } from "../member-details/policies-repository.js";

// A query's thread as staff see it: the original query, every update added to it (an update is a
// query row linked to the one it adds to), the replies sent and the internal notes. Staff reach
// every member, so these functions take a reference the access plugin has resolved.

/** Threads are short (a few updates); the bound only stops a cycle no code can make. */
const MAX_THREAD_DEPTH = 50;

/** The original query of the thread a query belongs to (itself for an original). */
export async function threadRootOf(db: Queryable, referenceNumber: number): Promise<number> {
  let current = referenceNumber;
  for (let depth = 0; depth < MAX_THREAD_DEPTH; depth += 1) {
    const [row] = await db
      .select({ parent: queries.parentReferenceNumber })
      .from(queries)
      .where(eq(queries.referenceNumber, current))
      .limit(1);
    if (!row || row.parent === null) return current;
    current = row.parent;
  }
  return current;
}

/** Every reference number in the thread that starts at the root, the root first. */
export async function threadReferences(db: Queryable, root: number): Promise<number[]> {
  const thread = [root];
  let generation = [root];
  for (let depth = 0; depth < MAX_THREAD_DEPTH && generation.length > 0; depth += 1) {
    const children = await db
      .select({ referenceNumber: queries.referenceNumber })
      .from(queries)
      .where(inArray(queries.parentReferenceNumber, generation))
      .orderBy(asc(queries.referenceNumber));
    generation = children.map((child) => child.referenceNumber).filter((child) => !thread.includes(child));
    thread.push(...generation);
  }
  return thread;
}

const assignees = alias(members, "assignees");

export async function findThreadHead(db: Db, root: number) {
  const [row] = await db
    .select({
      referenceNumber: queries.referenceNumber,
      memberEntityNumber: queries.memberEntityNumber,
      origin: queries.origin,
      category: queries.category,
      subCategory: queries.subCategory,
      status: queries.status,
      email: queries.email,
      ccEmail: queries.ccEmail,
      legacy: queries.legacy,
      loggedAt: queries.loggedAt,
      replyDueOn: queries.replyDueOn,
      assigneeEntityNumber: assignees.entityNumber,
      assigneeFirstName: assignees.firstName,
      assigneeLastName: assignees.lastName,
    })
    .from(queries)
    .leftJoin(assignees, eq(assignees.entityNumber, queries.assignedToEntityNumber))
    .where(eq(queries.referenceNumber, root))
    .limit(1);
  return row;
}

export async function listThreadMessages(db: Db, references: readonly number[]): Promise<ThreadMessage[]> {
  if (references.length === 0) return [];
  const [rows, attachments] = await Promise.all([
    db
      .select({
        referenceNumber: queries.referenceNumber,
        text: queries.queryText,
        loggedAt: queries.loggedAt,
      })
      .from(queries)
      .where(inArray(queries.referenceNumber, [...references]))
      .orderBy(asc(queries.loggedAt), asc(queries.referenceNumber)),
    db
      .select({
        referenceNumber: queryAttachments.referenceNumber,
        attachmentId: queryAttachments.attachmentId,
        fileName: queryAttachments.fileName,
      })
      .from(queryAttachments)
      .where(inArray(queryAttachments.referenceNumber, [...references]))
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

export async function listReplies(db: Db, references: readonly number[]): Promise<ConsoleReply[]> {
  if (references.length === 0) return [];
  const rows = await db
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
    .where(inArray(agentResponses.referenceNumber, [...references]))
    .orderBy(asc(agentResponses.sentAt), asc(agentResponses.id));
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
  }));
}

export async function listNotes(db: Db, root: number): Promise<InternalNote[]> {
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
    .where(eq(queryNotes.referenceNumber, root))
    .orderBy(asc(queryNotes.createdAt), asc(queryNotes.id));
  return rows.map(({ id, text, createdAt, entityNumber, firstName, lastName }) => ({
    id,
    text,
    createdAt: createdAt.toISOString(),
    author: { entityNumber, firstName, lastName },
  }));
}

/** Who the member is, for the console: name, numbers, plan, family size, their other open queries. */
export async function readMemberSummary(
  db: Db,
  entityNumber: number,
  exceptReferences: readonly number[] = [],
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
  const [membership, dependents, openQueries] = await Promise.all([
    findPolicyMembership(db, entityNumber),
    listDependentsOfPrincipal(db, entityNumber),
    db
      .select({ referenceNumber: queries.referenceNumber, category: queries.category })
      .from(queries)
      .where(
        and(
          eq(queries.memberEntityNumber, entityNumber),
          eq(queries.status, "OPEN"),
          exceptReferences.length > 0
            ? notInArray(queries.referenceNumber, [...exceptReferences])
            : undefined,
        ),
      )
      .orderBy(asc(queries.loggedAt))
      .limit(50),
  ]);
  return {
    ...person,
    planName: membership?.planName ?? null,
    dependentCount: new Set(dependents.map((dependent) => dependent.entityNumber)).size,
    otherOpenQueries: openQueries,
  };
}
