import type { ConsoleMemberSummary, ConsoleReply, InternalNote, ThreadMessage } from "@portal/domain";
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/database.js";
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
