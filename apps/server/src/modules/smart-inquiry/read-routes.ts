import {
  agentReplyDocumentSchema,
  agentResponseSchema,
  attachmentParamsSchema,
  DAY_MS,
  documentSubmissionResponseSchema,
  smartInquiryErrorResponses as errorResponses,
  fileResponseSchema,
  openQueriesParamsSchema,
  originQuerySchema,
  queryListResponseSchema,
  queryViewResponseSchema,
  referenceParamsSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, documentSubmissionParam, queryParam, type RouteAccess } from "../access/index.js";
import { AGENT_REPLY_DOCUMENT_CSP, agentReplyDocument } from "./agent-reply-document.js";
import { sendAttachment } from "./attachment-download.js";
import {
  findDocumentAttachment,
  findDocumentSubmission,
  listDocumentAttachments,
} from "./documents-repository.js";
import {
  findAgentResponseHtml,
  findQueryAttachment,
  findReplyAttachment,
  openQueriesList,
} from "./queries-repository.js";
import { requireViewableQuery, viewQuery } from "./query-views.js";
import type { SmartInquiryContext } from "./smart-inquiry-context.js";

// A member reaches only their own queries and document submissions, never a dependent's: the
// access plugin resolves the owner of the reference in the path, and every lookup below is scoped
// by that owner too. Reading one's own data writes no audit row.
const ownList: { access: RouteAccess } = { access: { audience: AUDIENCES.member } };
const ownQuery: { access: RouteAccess } = {
  access: { audience: AUDIENCES.member, target: queryParam("referenceNumber") },
};
const ownDocumentSubmission: { access: RouteAccess } = {
  access: { audience: AUDIENCES.member, target: documentSubmissionParam("referenceNumber") },
};

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
      config: ownList,
    },
    async (request) => {
      const { daysAgo, status, origin } = request.query;
      const loggedSince = new Date(context.now().getTime() - daysAgo * DAY_MS);
      // Legacy queries are listed: opening one is how a member meets the 0015 message.
      return { queries: await openQueriesList(db, request.access.target, { origin, status, loggedSince }) };
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
      config: ownQuery,
    },
    async (request) => {
      const query = await viewQuery(
        db,
        request.access.target,
        request.params.referenceNumber,
        request.query.origin,
        context.now(),
        context.config.UPDATE_WINDOW_DAYS,
      );
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
      config: ownQuery,
    },
    async (request) => {
      const { params, query, access } = request;
      const row = await requireViewableQuery(db, access.target, params.referenceNumber, query.origin);
      const html = await findAgentResponseHtml(db, row.referenceNumber);
      return { encodedResponse: html === null ? null : Buffer.from(html, "utf8").toString("base64") };
    },
  );

  app.get(
    "/member-queries/:referenceNumber/agent-response/document",
    {
      schema: {
        params: referenceParamsSchema,
        querystring: originQuerySchema,
        response: { 200: agentReplyDocumentSchema, ...errorResponses },
      },
      config: ownQuery,
    },
    async (request, reply) => {
      const { params, query, access } = request;
      const row = await requireViewableQuery(db, access.target, params.referenceNumber, query.origin);
      const html = await findAgentResponseHtml(db, row.referenceNumber);
      if (html === null) throw errors.notFound();
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("content-security-policy", AGENT_REPLY_DOCUMENT_CSP)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(await agentReplyDocument(html));
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
      config: ownQuery,
    },
    async (request, reply) => {
      const { referenceNumber, attachmentId } = request.params;
      const attachment = await findQueryAttachment(
        db,
        request.access.target,
        referenceNumber,
        request.query.origin,
        attachmentId,
      );
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, blobStore, attachment);
    },
  );

  // A file staff sent with a reply to the member's query, listed in the query's view
  // (replyAttachments). Saved, not opened in the portal's tab: the member asked for none of it.
  app.get(
    "/member-queries/:referenceNumber/reply-attachments/:attachmentId",
    {
      schema: {
        params: attachmentParamsSchema,
        querystring: originQuerySchema,
        response: { 200: fileResponseSchema, ...errorResponses },
      },
      config: ownQuery,
    },
    async (request, reply) => {
      const { referenceNumber, attachmentId } = request.params;
      const attachment = await findReplyAttachment(
        db,
        request.access.target,
        referenceNumber,
        request.query.origin,
        attachmentId,
      );
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, blobStore, attachment, "attachment");
    },
  );

  app.get(
    "/document-submissions/:referenceNumber",
    {
      schema: {
        params: referenceParamsSchema,
        response: { 200: documentSubmissionResponseSchema, ...errorResponses },
      },
      config: ownDocumentSubmission,
    },
    async (request) => {
      const submission = await findDocumentSubmission(
        db,
        request.access.target,
        request.params.referenceNumber,
      );
      if (!submission) throw errors.notFound();
      const attachments = await listDocumentAttachments(db, submission.referenceNumber);
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
    {
      schema: { params: attachmentParamsSchema, response: { 200: fileResponseSchema, ...errorResponses } },
      config: ownDocumentSubmission,
    },
    async (request, reply) => {
      const { referenceNumber, attachmentId } = request.params;
      const attachment = await findDocumentAttachment(
        db,
        request.access.target,
        referenceNumber,
        attachmentId,
      );
      if (!attachment) throw errors.notFound();
      return sendAttachment(reply, blobStore, attachment);
    },
  );
};
