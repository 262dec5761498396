import {
  assigneeBodySchema,
  bulkActionBodySchema,
  bulkActionResponseSchema,
  calendarDateIn,
  consoleAttachmentParamsSchema,
  consoleQueryResponseSchema,
  consoleReferenceParamsSchema,
  consoleReplyAttachmentParamsSchema,
  draftBodySchema,
  draftsResponseSchema,
  errorBodySchema,
  isConversationOverdue,
  isRegisteredEmail,
  noteBodySchema,
  queueQuerySchema,
  queueResponseSchema,
  type ReplyBody,
  replyBodySchema,
  replyFieldsSchema,
  replySentResponseSchema,
  type ServerOrigin,
  STAFF_ROLES,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors } from "../../lib/errors.js";
import {
  AUDIENCES,
  AUDIT_RESOURCES,
  type Audience,
  auditChange,
  auditRead,
  listRoles,
  queryParam,
  type RouteAccess,
  recordChange,
} from "../access/index.js";
import {
  addNote,
  assignConversation,
  assignConversations,
  closeConversations,
  conversationOf,
  countQueue,
  findConversation,
  findMessageAttachment,
  findReplyAttachment,
  listQueue,
  membersOfConversations,
  readDeskThread,
  readDrafts,
  readMemberSummary,
  reopenConversation,
  replyToConversation,
  saveDraft,
} from "../conversations/index.js";
import { listMemberEmails } from "../members/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";
import { receiveSubmission, sendAttachment } from "../smart-inquiry/index.js";

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** A reply's fields as multipart sends them; refused with the schema's first message. */
function parseReplyFields(fields: Record<string, string>) {
  const parsed = replyFieldsSchema.safeParse(fields);
  if (!parsed.success) throw errors.validation(parsed.error.issues[0]?.message ?? "Please write the reply.");
  return parsed.data;
}

/** Staff acting on one query: the plugin resolves its member, every read and change is audited. */
const onQuery = (
  audit: RouteAccess["audit"],
  audience: Audience = AUDIENCES.staff,
): { access: RouteAccess } => ({
  access: { audience, target: queryParam("referenceNumber"), ...(audit ? { audit } : {}) },
});

/** A reply's fields, from the JSON body or the multipart form. */
type ReplyFields = Pick<
  ReplyBody,
  "html" | "close" | "idempotencyKey" | "seenReplyId" | "seenMessageReference"
>;

/**
 * The staff console's queue and query page (mounted at CONSOLE_BASE): every member's queries, the
 * whole thread, internal notes, assignment, replies (stored, e-mailed, optionally closing the
 * query) and reopening. Only the scheme's staff reach these routes (403 for anyone else, before
 * anything is read); every member's data they read is audited as a staff read.
 */
export const consoleQueryRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db, config } = context;
  const today = () => calendarDateIn(config.TIME_ZONE, context.now());
  const requireConversation = async (referenceNumber: number) => {
    const conversation = await conversationOf(db, referenceNumber);
    if (conversation === null) throw errors.notFound();
    return conversation;
  };
  const requireStaffAssignee = async (assignee: number | null) => {
    if (assignee === null) return;
    const roles = await listRoles(db, assignee);
    if (!STAFF_ROLES.some((role) => roles.has(role)))
      throw errors.validation("Queries can only be assigned to the scheme's staff.");
  };

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
      const [page, counts] = await Promise.all([
        listQueue(db, request.query, staff, today()),
        countQueue(db, staff, today()),
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
      const conversation = await conversationOf(db, request.params.referenceNumber);
      const head = conversation === null ? undefined : await findConversation(db, conversation);
      if (conversation === null || !head) throw errors.notFound();
      const [{ messages: thread, replies, notes, events }, member, registeredEmails] = await Promise.all([
        readDeskThread(db, conversation),
        readMemberSummary(db, head.memberEntityNumber, conversation),
        // The register as it is now, not as it was when the query was logged: an address added
        // since clears the warning, one removed since raises it.
        listMemberEmails(db, head.memberEntityNumber),
      ]);
      if (!member) throw errors.notFound();
      const state = {
        status: head.status as "OPEN" | "CLOSED",
        waitingOn: head.waitingOn as "AGENT" | "MEMBER",
        replyDueOn: head.replyDueOn,
      };
      return {
        query: {
          referenceNumber: conversation,
          origin: head.origin as ServerOrigin,
          category: head.category,
          subCategory: head.subCategory,
          ...state,
          overdue: isConversationOverdue(state, today()),
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
          events,
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
      const conversation = await requireConversation(request.params.referenceNumber);
      const attachment = await findMessageAttachment(db, conversation, request.params.attachmentId);
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
      const conversation = await requireConversation(request.params.referenceNumber);
      const author = request.access.actor.entityNumber;
      await request.access.change((tx) =>
        addNote(tx, conversation, {
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
      const conversation = await requireConversation(request.params.referenceNumber);
      const staff = request.access.actor.entityNumber;
      await request.access.change((tx) =>
        assignConversation(tx, conversation, staff, { at: context.now(), by: staff }),
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
      await requireStaffAssignee(assignee);
      const conversation = await requireConversation(request.params.referenceNumber);
      const act = { at: context.now(), by: request.access.actor.entityNumber };
      await request.access.change((tx) => assignConversation(tx, conversation, assignee, act));
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/queries/:referenceNumber/replies",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        consumes: ["application/json", "multipart/form-data"],
        // JSON: the reply alone. multipart/form-data: replyFieldsSchema and the files, read below.
        body: replyBodySchema.nullish(),
        response: { 200: replySentResponseSchema, ...errorResponses },
      },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryReply)),
    },
    async (request) => {
      const now = context.now();
      // A JSON body is checked by the route's schema; multipart fields by replyFieldsSchema.
      if (!request.isMultipart() && !request.body) throw errors.validation("Please write the reply.");
      const received = request.isMultipart()
        ? await receiveSubmission(request, context.blobStore, parseReplyFields, now)
        : { fields: request.body as ReplyFields, files: [] };
      const { html, close = false, idempotencyKey, seenReplyId, seenMessageReference } = received.fields;
      const sent = await replyToConversation(
        context,
        request.params.referenceNumber,
        {
          html,
          close,
          files: received.files,
          sentByEntityNumber: request.access.actor.entityNumber,
          at: now,
          idempotencyKey,
          seen:
            seenMessageReference === undefined || seenMessageReference === null
              ? undefined
              : { replyId: seenReplyId ?? null, messageReference: seenMessageReference },
        },
        (work) => request.access.change(work),
      );
      if (sent.repeated) request.log.info({ replyId: sent.replyId }, "reply send repeated");
      else
        request.log.info(
          { replyId: sent.replyId, closed: close, files: received.files.length },
          "reply sent",
        );
      return { replyId: sent.replyId };
    },
  );

  // The member of staff's own drafts on the conversation: their text, not audited (drafts.ts).
  app.get(
    "/queries/:referenceNumber/drafts",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        response: { 200: draftsResponseSchema, ...errorResponses },
      },
      config: onQuery(undefined),
    },
    async (request) => {
      const conversation = await requireConversation(request.params.referenceNumber);
      return readDrafts(db, conversation, request.access.actor.entityNumber);
    },
  );

  app.put(
    "/queries/:referenceNumber/drafts",
    {
      schema: {
        params: consoleReferenceParamsSchema,
        body: draftBodySchema,
        response: { 204: z.null(), ...errorResponses },
      },
      config: onQuery(undefined),
    },
    async (request, reply) => {
      const conversation = await requireConversation(request.params.referenceNumber);
      const owner = {
        conversation,
        authorEntityNumber: request.access.actor.entityNumber,
        kind: request.body.kind,
      };
      await db.transaction((tx) => saveDraft(tx, owner, request.body.text, context.now()));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/queries/:referenceNumber/reply-attachments/:attachmentId",
    {
      schema: {
        params: consoleReplyAttachmentParamsSchema,
        response: { 200: z.string().describe("the file's bytes"), ...errorResponses },
      },
      config: onQuery(auditRead(AUDIT_RESOURCES.consoleAttachment)),
    },
    async (request, reply) => {
      const conversation = await requireConversation(request.params.referenceNumber);
      const attachment = await findReplyAttachment(db, conversation, request.params.attachmentId);
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, context.blobStore, attachment);
    },
  );

  app.post(
    "/queries/:referenceNumber/reopen",
    {
      schema: { params: consoleReferenceParamsSchema, response: { 204: z.null(), ...errorResponses } },
      config: onQuery(auditChange(AUDIT_RESOURCES.queryStatus)),
    },
    async (request, reply) => {
      const conversation = await requireConversation(request.params.referenceNumber);
      const reopened = await request.access.change(
        (tx) =>
          reopenConversation(tx, conversation, { at: context.now(), by: request.access.actor.entityNumber }),
        (changed) => changed,
      );
      if (!reopened) throw errors.conflict("This query is already open.");
      return reply.code(204).send(null);
    },
  );

  // A supervisor's bulk action: one transaction, one audit row per conversation changed.
  app.post(
    "/conversations/bulk",
    {
      schema: { body: bulkActionBodySchema, response: { 200: bulkActionResponseSchema, ...errorResponses } },
      // Declared a change; its rows name each conversation's member, so the work writes them.
      config: { access: { audience: AUDIENCES.supervisor, audit: auditChange(AUDIT_RESOURCES.queryStatus) } },
    },
    async (request) => {
      const body = request.body;
      if (body.action === "ASSIGN") await requireStaffAssignee(body.assigneeEntityNumber);
      const act = { at: context.now(), by: request.access.actor.entityNumber };
      const changed = await request.access.change(
        async (tx) => {
          const done =
            body.action === "ASSIGN"
              ? await assignConversations(tx, body.referenceNumbers, body.assigneeEntityNumber, act)
              : await closeConversations(tx, body.referenceNumbers, act);
          const owners = await membersOfConversations(tx, done);
          for (const { referenceNumber, memberEntityNumber } of owners) {
            await recordChange(tx, {
              actorEntityNumber: request.access.actor.entityNumber,
              subjectEntityNumber: memberEntityNumber,
              resource:
                body.action === "ASSIGN" ? AUDIT_RESOURCES.queryAssignment : AUDIT_RESOURCES.queryStatus,
              requestId: request.id,
              at: act.at,
              referenceNumber,
            });
          }
          return done;
        },
        () => false,
      );
      const unchanged = [...new Set(body.referenceNumbers)].filter(
        (reference) => !changed.includes(reference),
      );
      request.log.info(
        { action: body.action, changed: changed.length, unchanged: unchanged.length },
        "bulk action",
      );
      return { changed, unchanged };
    },
  );
};
