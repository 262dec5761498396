import {
  errorBodySchema,
  linkUnmatchedMailResponseSchema,
  linkUnmatchedMailSchema,
  unmatchedMailParamsSchema,
  unmatchedMailResponseSchema,
  unmatchedMailsQuerySchema,
  unmatchedMailsResponseSchema,
} from "@portal/domain";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { conversations } from "../../db/schema/conversations.js";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange, auditRead } from "../access/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";
import { AlreadyProcessed, ConversationGone, type InboundContext } from "./processing.js";
import {
  discardUnmatchedMail,
  findUnmatchedMail,
  type LinkTarget,
  linkUnmatchedMail,
  listUnmatchedMails,
  readUnmatchedMail,
  type UnmatchedMailRow,
} from "./unmatched-mails.js";

// The console's "Unmatched mail" (agents and supervisors, as the desk): the list, one mail opened
// as plain text, linking it to a conversation or a member, discarding it. Each read and change is
// audited against the member it names (the actor's own row when it names none).

const errorResponses = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const resolvedMeanwhile = () => errors.conflict("This mail was linked or discarded meanwhile.");

function summaryOf(row: UnmatchedMailRow) {
  return {
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    from: row.from,
    subject: row.subject,
    reason: row.reason,
    conversationReferenceNumber: row.conversationReferenceNumber,
    member: row.member,
    sizeBytes: row.sizeBytes,
  };
}

export const unmatchedMailRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db, config } = context;
  const inbound: InboundContext = {
    db,
    blobStore: context.blobStore,
    brand: config.brand,
    keys: { secret: context.secret, supportMailbox: config.SUPPORT_MAILBOX ?? "" },
    updateWindowDays: config.UPDATE_WINDOW_DAYS,
    timeZone: config.TIME_ZONE,
    config,
    now: context.now,
  };
  const namedMembers = (body: { mails: { member: { entityNumber: number } | null }[] }) =>
    body.mails.flatMap((mail) => (mail.member ? [mail.member.entityNumber] : []));

  app.get(
    "/unmatched-mails",
    {
      schema: {
        querystring: unmatchedMailsQuerySchema,
        response: { 200: unmatchedMailsResponseSchema, ...errorResponses },
      },
      config: {
        access: { audience: AUDIENCES.staff, audit: auditRead(AUDIT_RESOURCES.unmatchedMails, namedMembers) },
      },
    },
    async (request) => {
      const page = await listUnmatchedMails(db, request.query.before);
      return { mails: page.mails.map(summaryOf), nextCursor: page.nextCursor };
    },
  );

  app.get(
    "/unmatched-mails/:mailId",
    {
      schema: {
        params: unmatchedMailParamsSchema,
        response: { 200: unmatchedMailResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: AUDIENCES.staff,
          audit: auditRead(
            AUDIT_RESOURCES.unmatchedMail,
            (body: { member: { entityNumber: number } | null }) =>
              body.member ? [body.member.entityNumber] : [],
          ),
        },
      },
    },
    async (request) => {
      const row = await findUnmatchedMail(db, request.params.mailId);
      if (!row) throw errors.notFound();
      return { ...summaryOf(row), ...(await readUnmatchedMail(inbound, row)) };
    },
  );

  app.post(
    "/unmatched-mails/:mailId/link",
    {
      schema: {
        params: unmatchedMailParamsSchema,
        body: linkUnmatchedMailSchema,
        response: { 200: linkUnmatchedMailResponseSchema, 409: errorBodySchema, ...errorResponses },
      },
      config: {
        access: { audience: AUDIENCES.staff, audit: auditChange(AUDIT_RESOURCES.unmatchedMailLink) },
      },
    },
    async (request) => {
      const row = await findUnmatchedMail(db, request.params.mailId);
      if (!row) throw errors.notFound();
      // A mail refused as too large was never read: there is nothing to add to a query.
      if (!row.rawBlobKey)
        throw errors.conflict(
          "This mail was not kept, only its sender, subject and size: it can only be discarded.",
        );
      const target = request.body as LinkTarget;
      const subject = await memberOfTarget(target);
      if (subject === undefined) throw errors.notFound();
      try {
        const outcome = await linkUnmatchedMail(
          inbound,
          row,
          target,
          request.access.actor.entityNumber,
          (work) =>
            request.access.change(
              work,
              () => true,
              () => subject,
            ),
        );
        if (!outcome || outcome.outcome === "DUPLICATE" || outcome.outcome === "UNMATCHED")
          throw errors.notFound();
        request.log.info({ mailId: row.id, outcome: outcome.outcome }, "unmatched mail linked");
        return { outcome: outcome.outcome, referenceNumber: outcome.referenceNumber };
      } catch (error) {
        if (error instanceof AlreadyProcessed) throw resolvedMeanwhile();
        if (error instanceof ConversationGone) throw errors.notFound();
        throw error;
      }
    },
  );

  app.post(
    "/unmatched-mails/:mailId/discard",
    {
      schema: {
        params: unmatchedMailParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      config: {
        access: { audience: AUDIENCES.staff, audit: auditChange(AUDIT_RESOURCES.unmatchedMailDiscard) },
      },
    },
    async (request, reply) => {
      const { actor } = request.access;
      const discarded = await request.access.change(
        (tx) => discardUnmatchedMail(tx, request.params.mailId, actor.entityNumber, context.now()),
        (result) => result !== undefined,
        (result) => result?.memberEntityNumber ?? actor.entityNumber,
      );
      if (!discarded) throw errors.notFound();
      if (discarded.rawBlobKey) await context.blobStore.delete(discarded.rawBlobKey).catch(() => undefined);
      request.log.info({ mailId: request.params.mailId }, "unmatched mail discarded");
      return reply.code(204).send(null);
    },
  );

  /** The member a link concerns: the conversation's, or the member named; undefined when there is none. */
  async function memberOfTarget(target: LinkTarget): Promise<number | undefined> {
    if ("memberEntityNumber" in target) return target.memberEntityNumber;
    const [found] = await db
      .select({ member: conversations.memberEntityNumber })
      .from(conversations)
      .where(eq(conversations.referenceNumber, target.conversationReferenceNumber))
      .limit(1);
    return found?.member;
  }
};
