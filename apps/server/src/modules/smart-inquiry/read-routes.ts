import { openQueriesParamsSchema } from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errors } from "../../lib/errors.js";
import { requireMember } from "../gateway/session-plugin.js";
import { sendAttachment } from "./attachment-download.js";
import {
  findDocumentAttachment,
  findDocumentSubmission,
  listDocumentAttachments,
} from "./documents-repository.js";
import { findAgentResponseHtml, findQueryAttachment, listQueries } from "./queries-repository.js";
import { requireViewableQuery, toListItem, viewQuery } from "./query-views.js";
import {
  agentResponseSchema,
  attachmentParamsSchema,
  documentSubmissionResponseSchema,
  errorResponses,
  fileResponseSchema,
  originQuerySchema,
  queryListResponseSchema,
  queryViewResponseSchema,
  referenceParamsSchema,
} from "./route-schemas.js";
import type { SmartInquiryContext } from "./smart-inquiry-context.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** GETs of the smart-inquiry service; each one scoped to the session's member. */
export const smartInquiryReadRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db, blobStore } = context;

  app.get(
    "/member-queries",
    {
      schema: {
        querystring: openQueriesParamsSchema,
        response: { 200: queryListResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const { daysAgo, status, origin } = request.query;
      const loggedSince = new Date(context.now().getTime() - daysAgo * DAY_MS);
      const rows = await listQueries(db, member.entityNumber, { origin, status, loggedSince });
      reply.header("cache-control", "private, no-store");
      // Legacy queries are listed: opening one is how a member meets the 0015 message.
      return { queries: rows.map(toListItem) };
    },
  );

  app.get(
    "/member-queries/:referenceNumber",
    {
      schema: {
        params: referenceParamsSchema,
        querystring: originQuerySchema,
        response: { 200: queryViewResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const query = await viewQuery(
        db,
        member.entityNumber,
        request.params.referenceNumber,
        request.query.origin,
        context.now(),
        context.config.UPDATE_WINDOW_DAYS,
      );
      reply.header("cache-control", "private, no-store");
      return { query };
    },
  );

  app.get(
    "/member-queries/:referenceNumber/agent-response",
    {
      schema: {
        params: referenceParamsSchema,
        querystring: originQuerySchema,
        response: { 200: agentResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const row = await requireViewableQuery(
        db,
        member.entityNumber,
        request.params.referenceNumber,
        request.query.origin,
      );
      const html = await findAgentResponseHtml(db, row.referenceNumber);
      reply.header("cache-control", "private, no-store");
      return { encodedResponse: html === null ? null : Buffer.from(html, "utf8").toString("base64") };
    },
  );

  app.get(
    "/member-queries/:referenceNumber/attachments/:attachmentId",
    {
      schema: {
        params: attachmentParamsSchema,
        querystring: originQuerySchema,
        response: { 200: fileResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const { referenceNumber, attachmentId } = request.params;
      const attachment = await findQueryAttachment(
        db,
        member.entityNumber,
        referenceNumber,
        request.query.origin,
        attachmentId,
      );
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, blobStore, attachment);
    },
  );

  app.get(
    "/document-submissions/:referenceNumber",
    {
      schema: {
        params: referenceParamsSchema,
        response: { 200: documentSubmissionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = requireMember(request);
      const submission = await findDocumentSubmission(
        db,
        member.entityNumber,
        request.params.referenceNumber,
      );
      if (!submission) throw errors.notFound();
      const attachments = await listDocumentAttachments(db, submission.referenceNumber);
      reply.header("cache-control", "private, no-store");
      return {
        documentSubmission: {
          referenceNumber: submission.referenceNumber,
          category: submission.category,
          dateLogged: submission.loggedAt.toISOString(),
          attachments: attachments.map(({ attachmentId, fileName }) => ({ attachmentId, fileName })),
        },
      };
    },
  );

  app.get(
    "/document-submissions/:referenceNumber/attachments/:attachmentId",
    { schema: { params: attachmentParamsSchema, response: { 200: fileResponseSchema, ...errorResponses } } },
    async (request, reply) => {
      const member = requireMember(request);
      const { referenceNumber, attachmentId } = request.params;
      const attachment = await findDocumentAttachment(db, member.entityNumber, referenceNumber, attachmentId);
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, blobStore, attachment);
    },
  );
};
