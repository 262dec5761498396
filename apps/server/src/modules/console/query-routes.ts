import {
  assigneeBodySchema,
  calendarDateIn,
  consoleAttachmentParamsSchema,
  consoleQueryResponseSchema,
  consoleReferenceParamsSchema,
  errorBodySchema,
  isOverdue,
  isRegisteredEmail,
  noteBodySchema,
  queueQuerySchema,
  queueResponseSchema,
  replyBodySchema,
  replySentResponseSchema,
  type ServerOrigin,
  STAFF_ROLES,
} from "@portal/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { agentResponses, queries, queryAttachments, queryNotes } from "../../db/schema.js";
import { errors } from "../../lib/errors.js";
import { AUDIT_RESOURCES } from "../access/audit-trail.js";
import { listRoles } from "../access/roles.js";
import {
  AUDIENCES,
  type Audience,
  auditChange,
  auditRead,
  type RouteAccess,
} from "../access/route-access.js";
import { queryParam } from "../access/targets.js";
import { replySentMail } from "../mail/mail-content.js";
import { enqueueMail } from "../mail/outbox.js";
import { cleanReplyHtml, replyHasText } from "../mail/reply-html.js";
import { listMemberEmails } from "../members/members-repository.js";
import { sendAttachment } from "../smart-inquiry/attachment-download.js";
import type { SmartInquiryContext } from "../smart-inquiry/smart-inquiry-context.js";
import { threadReferences, threadRootOf } from "../smart-inquiry/thread-walk.js";
import { countQueue, listQueue } from "./queue-repository.js";
import {
  findThreadHead,
  listNotes,
  listReplies,
  listThreadMessages,
  readMemberSummary,
} from "./thread-repository.js";

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Staff acting on one query: the plugin resolves its member, every read and change is audited. */
const onQuery = (
  audit: RouteAccess["audit"],
  audience: Audience = AUDIENCES.staff,
): { access: RouteAccess } => ({
  access: { audience, target: queryParam("referenceNumber"), audit },
});

/**
 * The staff console's queue and query page (mounted at CONSOLE_BASE): every member's queries, the
 * whole thread, internal notes, assignment, replies (stored, e-mailed, optionally closing the
 * query) and reopening. Only the scheme's staff reach these routes (403 for anyone else, before
 * anything is read); every member's data they read is audited as a staff read.
 */
export const consoleQueryRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db, config } = context;
  const today = () => calendarDateIn(config.TIME_ZONE, context.now());

  app.get(
    "/queries",
    {
      schema: { querystring: queueQuerySchema, response: { 200: queueResponseSchema, ...errorResponses } },
      config: {
        access: {
          audience: AUDIENCES.staff,
          audit: auditRead(
            AUDIT_RESOURCES.consoleQueue,
            (body: { queries: { member: { entityNumber: number } }[] }) =>
              body.queries.map((row) => row.member.entityNumber),
          ),
        },
      },
    },
    async (request) => {
      const staff = request.access.actor.entityNumber;
      const filter = { ...request.query, overdue: request.query.overdue };
      const [page, counts] = await Promise.all([
        listQueue(db, filter, staff, today()),
        countQueue(db, filter, staff, today()),
      ]);
      return { queries: page.rows, counts, nextCursor: page.nextCursor };
    },
  );

  app.get(
    "/queries/:referenceNumber",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        response: { 200: consoleQueryResponseSchema, ...errorResponses },
      },
      config: onQuery(auditRead(AUDIT_RESOURCES.consoleQuery)),
    },
    async (request) => {
      const root = await threadRootOf(db, request.params.referenceNumber);
      const head = await findThreadHead(db, root);
      if (!head) throw errors.notFound();
      const references = await threadReferences(db, root);
      const [thread, replies, notes, member, registeredEmails] = await Promise.all([
        listThreadMessages(db, references),
        listReplies(db, references),
        listNotes(db, root),
        readMemberSummary(db, head.memberEntityNumber, references),
        // The register as it is now, not as it was when the query was logged: an address added
        // since clears the warning, one removed since raises it.
        listMemberEmails(db, head.memberEntityNumber),
      ]);
      if (!member) throw errors.notFound();
      const replyDueOn = head.replyDueOn;
      return {
        query: {
          referenceNumber: root,
          origin: head.origin as ServerOrigin,
          category: head.category,
          subCategory: head.subCategory,
          status: head.status as "OPEN" | "CLOSED",
          replyDueOn,
          overdue: head.status === "OPEN" && replyDueOn !== null && isOverdue(replyDueOn, today()),
          assignedTo:
            head.assigneeEntityNumber === null
              ? null
              : {
                  entityNumber: head.assigneeEntityNumber,
                  firstName: head.assigneeFirstName ?? "",
                  lastName: head.assigneeLastName ?? "",
                },
          email: head.email,
          emailInRegister: isRegisteredEmail(head.email, registeredEmails),
          ccEmail: head.ccEmail,
          legacy: head.legacy,
          thread,
          replies,
          notes,
        },
        member,
      };
    },
  );

  app.get(
    "/queries/:referenceNumber/attachments/:attachmentId",
    {
      schema: {
        params: consoleAttachmentParamsSchema,
        response: { 200: z.string().describe("the attachment's bytes"), ...errorResponses },
      },
      config: onQuery(auditRead(AUDIT_RESOURCES.consoleAttachment)),
    },
    async (request, reply) => {
      const root = await threadRootOf(db, request.params.referenceNumber);
      const references = await threadReferences(db, root);
      const [attachment] = await db
        .select({
          attachmentId: queryAttachments.attachmentId,
          fileName: queryAttachments.fileName,
          contentType: queryAttachments.contentType,
          sizeBytes: queryAttachments.sizeBytes,
          blobKey: queryAttachments.blobKey,
        })
        .from(queryAttachments)
        .where(
          and(
            eq(queryAttachments.attachmentId, request.params.attachmentId),
            inArray(queryAttachments.referenceNumber, references),
          ),
        )
        .limit(1);
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, context.blobStore, attachment);
    },
  );

  app.post(
    "/queries/:referenceNumber/notes",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        body: noteBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryNote)),
    },
    async (request, reply) => {
      const root = await threadRootOf(db, request.params.referenceNumber);
      const author = request.access.actor.entityNumber;
      await request.access.change((tx) =>
        tx.insert(queryNotes).values({
          referenceNumber: root,
          authorEntityNumber: author,
          text: request.body.text,
          createdAt: context.now(),
        }),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/queries/:referenceNumber/assign-to-me",
    {
      schema: { params: consoleReferenceParamsSchema, response: { 204: z.null(), ...errorResponses } },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryAssignment)),
    },
    async (request, reply) => {
      const root = await threadRootOf(db, request.params.referenceNumber);
      const staff = request.access.actor.entityNumber;
      await request.access.change((tx) =>
        tx.update(queries).set({ assignedToEntityNumber: staff }).where(eq(queries.referenceNumber, root)),
      );
      return reply.code(204).send(null);
    },
  );

  // Assigning to someone else (or to nobody) is a supervisor's: agents get 403.
  app.put(
    "/queries/:referenceNumber/assignee",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        body: assigneeBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryAssignment), AUDIENCES.supervisor),
    },
    async (request, reply) => {
      const assignee = request.body.assigneeEntityNumber;
      if (assignee !== null) {
        const roles = await listRoles(db, assignee);
        if (!STAFF_ROLES.some((role) => roles.has(role)))
          throw errors.validation("Queries can only be assigned to the scheme's staff.");
      }
      const root = await threadRootOf(db, request.params.referenceNumber);
      await request.access.change((tx) =>
        tx.update(queries).set({ assignedToEntityNumber: assignee }).where(eq(queries.referenceNumber, root)),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/queries/:referenceNumber/replies",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        body: replyBodySchema,
        response: { 200: replySentResponseSchema, ...errorResponses },
      },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryReply)),
    },
    async (request) => {
      const html = await cleanReplyHtml(request.body.html);
      if (!(await replyHasText(html))) throw errors.validation("Please write the reply.");
      const root = await threadRootOf(db, request.params.referenceNumber);
      const head = await findThreadHead(db, root);
      if (!head) throw errors.notFound();
      // Made before the transaction: its cleaning waits for a worker, not for the database.
      const mail = await replySentMail(config.brand, {
        to: [head.email],
        cc: head.ccEmail ? [head.ccEmail] : [],
        referenceNumber: root,
        memberEntityNumber: head.memberEntityNumber,
        replyHtml: html,
      });
      const now = context.now();
      const staff = request.access.actor.entityNumber;
      const replyId = await request.access.change(async (tx) => {
        const [stored] = await tx
          .insert(agentResponses)
          .values({ referenceNumber: root, html, sentAt: now, sentByEntityNumber: staff })
          .returning({ id: agentResponses.id });
        if (!stored) throw new Error("insert into agent_responses returned no row");
        await enqueueMail(tx, mail, now);
        if (request.body.close) {
          const thread = await threadReferences(tx, root);
          await tx
            .update(queries)
            .set({ status: "CLOSED", closedAt: now })
            .where(and(inArray(queries.referenceNumber, thread), eq(queries.status, "OPEN")));
        }
        return stored.id;
      });
      request.log.info({ replyId, closed: request.body.close }, "reply sent");
      return { replyId };
    },
  );

  app.post(
    "/queries/:referenceNumber/reopen",
    {
      schema: { params: consoleReferenceParamsSchema, response: { 204: z.null(), ...errorResponses } },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryStatus)),
    },
    async (request, reply) => {
      const root = await threadRootOf(db, request.params.referenceNumber);
      const reopened = await request.access.change(
        async (tx) => {
          const rows = await tx
            .update(queries)
            .set({ status: "OPEN", closedAt: null })
            .where(and(eq(queries.referenceNumber, root), eq(queries.status, "CLOSED")))
            .returning({ referenceNumber: queries.referenceNumber });
          return rows.length > 0;
        },
        (changed) => changed,
      );
      if (!reopened) throw errors.conflict("This query is already open.");
      return reply.code(204).send(null);
    },
  );
};
