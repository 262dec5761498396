import { pipeline, Readable } from "node:stream";
import {
  auditTrailQuerySchema,
  auditTrailResponseSchema,
  CONSOLE_ME_PATH,
  completeDataRequestSchema,
  consoleMeResponseSchema,
  DATA_RIGHTS_LIMITS,
  dataExportSchema,
  dataRequestParamsSchema,
  dataRequestSchema,
  dataRequestsQuerySchema,
  dataRequestsResponseSchema,
  EXPORT_GROUNDS_MESSAGES,
  errorBodySchema,
  exportParamsSchema,
  exportReasonWords,
  legalHoldsQuerySchema,
  legalHoldsResponseSchema,
  memberExportsResponseSchema,
  memberLegalHoldResponseSchema,
  memberLookupResponseSchema,
  memberLookupSchema,
  memberParamsSchema,
  INFORMATION_OFFICER_PATHS as P,
  prepareMemberExportSchema,
  recordDataRequestSchema,
  STAFF_ROLES,
  setLegalHoldSchema,
} from "@portal/domain";
import { stringify } from "csv-stringify";
import { desc, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataExports } from "../../db/schema/data-rights.js";
import { errors } from "../../lib/errors.js";
import { schemeToday } from "../../lib/scheme-today.js";
import {
  AUDIENCES,
  AUDIT_RESOURCES,
  auditChange,
  auditRead,
  entityParam,
  OPERATOR_ENTITY_NUMBER,
  recordReads,
} from "../access/index.js";
import { AUDIT_CSV_HEADER, allAuditTrailRows, auditCsvRecord, auditTrailPage } from "./audit-trail-query.js";
import { exportView, readyExport, requestExport } from "./data-exports.js";
import {
  checkReceivedOn,
  completeDataRequest,
  findDataRequest,
  listDataRequests,
  recordDataRequest,
  saveErasureReport,
} from "./data-requests.js";
import { eraseMemberDataIn } from "./erasure.js";
import { findLegalHold, listLegalHolds, releaseLegalHold, setLegalHold } from "./legal-holds.js";
import { lookUpMembers } from "./member-lookup.js";
import { listMemberDataRequests } from "./member-requests.js";
import { auditArchiveDownload, type DataRightsContext, sendArchive } from "./my-data-routes.js";
import { deleteRemovedFiles } from "./remove-content.js";

// The information officer's desk (console, CONSOLE_BASE): the audit trail, members' requests under
// POPIA with their statutory clock, erasure, archives on a member's behalf, and legal holds. Only
// the STAFF_INFORMATION_OFFICER role is admitted; every read of a member's data and every change is
// audited as the desk's other calls are. docs/data-protection.md.

/** The CSV as a download (the route's schema types answers, not streams: as sendArchive). */
function sendCsv(reply: FastifyReply, csv: Readable) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", 'attachment; filename="audit-trail.csv"')
    .header("x-content-type-options", "nosniff")
    .send(csv);
}

const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const officer = AUDIENCES.informationOfficer;

export const informationOfficerRoutes: FastifyPluginAsyncZod<DataRightsContext> = async (app, context) => {
  const { db, blobStore, config } = context;

  // Who the console's user is: which pages it shows them.
  app.get(
    CONSOLE_ME_PATH,
    {
      schema: { response: { 200: consoleMeResponseSchema, ...errorResponses } },
      config: { access: { audience: AUDIENCES.anyStaff } },
    },
    async (request) => {
      const roles = await request.access.actor.roles();
      return {
        entityNumber: request.access.actor.entityNumber,
        roles: STAFF_ROLES.filter((role) => roles.has(role)) as z.infer<
          typeof consoleMeResponseSchema
        >["roles"],
      };
    },
  );

  app.get(
    P.auditTrail,
    {
      schema: {
        querystring: auditTrailQuerySchema,
        response: { 200: auditTrailResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: officer,
          // Reading the trail of a member is reading about them: one row per member on the page.
          audit: auditRead<z.infer<typeof auditTrailResponseSchema>>(AUDIT_RESOURCES.auditTrail, (body) =>
            body.rows
              .map((row) => row.subject.entityNumber)
              .filter((entity) => entity !== OPERATOR_ENTITY_NUMBER),
          ),
        },
      },
    },
    async (request) => {
      const { after, ...filter } = request.query;
      return auditTrailPage(db, filter, after, {
        timeZone: config.TIME_ZONE,
        pageSize: DATA_RIGHTS_LIMITS.auditTrailPageSize,
      });
    },
  );

  app.get(
    P.auditTrailCsv,
    {
      schema: {
        querystring: auditTrailQuerySchema,
        response: { 200: z.string().describe("CSV"), ...errorResponses },
      },
      config: { access: { audience: officer } },
    },
    async (request, reply) => {
      const { after: _after, ...filter } = request.query;
      // One row before the first byte: the member exported, or the operator's 0 for the whole trail.
      await recordReads(db, {
        actorEntityNumber: request.access.actor.entityNumber,
        subjectEntityNumbers: [filter.member ?? OPERATOR_ENTITY_NUMBER],
        resource: AUDIT_RESOURCES.auditTrail,
        requestId: request.id,
        at: context.now(),
      });
      async function* records() {
        for await (const rows of allAuditTrailRows(db, filter, config.TIME_ZONE))
          yield* rows.map(auditCsvRecord);
      }
      // Backpressure and a client that goes away both reach the reads: the trail is read as it is sent.
      const csv = pipeline(
        Readable.from(records()),
        // A UTF-8 byte-order mark first, so that Excel reads the names as UTF-8 (not the code page).
        stringify({ bom: true, header: true, columns: AUDIT_CSV_HEADER }),
        (error) => {
          // The download cut short by the client is no fault; a failed read is (its code only).
          if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") {
            request.log.error({ errorCode: error.code ?? "CSV_FAILED" }, "audit trail export failed");
          }
        },
      );
      return sendCsv(reply, csv);
    },
  );

  app.get(
    P.dataRequests,
    {
      schema: {
        querystring: dataRequestsQuerySchema,
        response: { 200: dataRequestsResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: officer,
          audit: auditRead<z.infer<typeof dataRequestsResponseSchema>>(AUDIT_RESOURCES.dataRequest, (body) =>
            body.requests.map((entry) => entry.member.entityNumber),
          ),
        },
      },
    },
    async (request) =>
      request.query.member === undefined
        ? listDataRequests(db, request.query.status, request.query.after)
        : {
            requests: await listMemberDataRequests(db, request.query.member, request.query.status),
            nextCursor: null,
          },
  );

  app.post(
    P.dataRequests,
    {
      schema: { body: recordDataRequestSchema, response: { 201: dataRequestSchema, ...errorResponses } },
      config: { access: { audience: officer, audit: auditChange(AUDIT_RESOURCES.dataRequest) } },
    },
    async (request, reply) => {
      checkReceivedOn(request.body.receivedOn, schemeToday(context));
      const recorded = await request.access.change(
        (tx) =>
          recordDataRequest(tx, {
            ...request.body,
            recordedBy: request.access.actor.entityNumber,
            now: context.now(),
            daysToAnswer: config.DATA_REQUEST_DAYS,
          }),
        (result) => result !== null,
        () => request.body.entityNumber,
      );
      if (!recorded) throw errors.notFound();
      return reply.code(201).send(recorded);
    },
  );

  const requestChange = (resource: (typeof AUDIT_RESOURCES)["dataRequest" | "dataErasure"]) => ({
    access: { audience: officer, audit: auditChange(resource) },
  });

  app.post(
    P.completeDataRequest,
    {
      schema: {
        params: dataRequestParamsSchema,
        body: completeDataRequestSchema,
        response: { 200: dataRequestSchema, 409: errorBodySchema, ...errorResponses },
      },
      config: requestChange(AUDIT_RESOURCES.dataRequest),
    },
    async (request) => {
      const found = await findDataRequest(db, request.params.requestId);
      if (!found) throw errors.notFound();
      if (found.status === "COMPLETED") throw errors.conflict("This request was answered already.");
      const completed = await request.access.change(
        (tx) => completeDataRequest(tx, request.params.requestId, request.body.outcome, context.now()),
        () => true,
        () => found.member.entityNumber,
      );
      if (!completed) throw errors.conflict("This request was answered already.");
      return completed;
    },
  );

  app.post(
    P.erasure,
    {
      schema: {
        params: dataRequestParamsSchema,
        response: { 200: dataRequestSchema, 409: errorBodySchema, ...errorResponses },
      },
      config: requestChange(AUDIT_RESOURCES.dataErasure),
    },
    async (request) => {
      const found = await findDataRequest(db, request.params.requestId);
      if (!found) throw errors.notFound();
      if (found.kind !== "DELETION") throw errors.conflict("Only a deletion request erases a member's data.");
      if (found.status === "COMPLETED") throw errors.conflict("This request was answered already.");
      const member = found.member.entityNumber;
      const { saved, files } = await request.access.change(
        async (tx) => {
          const erasure = await eraseMemberDataIn(tx, member, {
            now: context.now(),
            timeZone: config.TIME_ZONE,
            auditDays: config.RETENTION_AUDIT_DAYS,
          });
          const saved = await saveErasureReport(tx, request.params.requestId, erasure.report, !erasure.held);
          return { saved, files: erasure.files };
        },
        () => true,
        () => member,
      );
      await deleteRemovedFiles(db, blobStore, files);
      if (!saved) throw errors.notFound();
      return saved;
    },
  );

  app.get(
    P.legalHolds,
    {
      schema: {
        querystring: legalHoldsQuerySchema,
        response: { 200: legalHoldsResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: officer,
          audit: auditRead<z.infer<typeof legalHoldsResponseSchema>>(AUDIT_RESOURCES.legalHolds, (body) =>
            body.holds.map((hold) => hold.member.entityNumber),
          ),
        },
      },
    },
    async (request) => listLegalHolds(db, request.query.after),
  );

  // Finding the member a request is about, by the number they quote or their name. A POST: the
  // term is personal data and stays out of URLs and request logs (as the desk's member search).
  app.post(
    P.memberLookup,
    {
      schema: {
        body: memberLookupSchema,
        response: { 200: memberLookupResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: officer,
          // Everyone in the answer was shown to the officer: one read row each.
          audit: auditRead<z.infer<typeof memberLookupResponseSchema>>(AUDIT_RESOURCES.memberSearch, (body) =>
            body.members.map((member) => member.entityNumber),
          ),
        },
      },
    },
    async (request) => ({ members: await lookUpMembers(db, request.body.query) }),
  );

  const memberTarget = entityParam("entityNumber");

  /**
   * Everything about a member is pulled only for a recorded access request of theirs or a reason
   * given in words: the archive's row and its audit row keep which (decision 0022).
   */
  async function exportGrounds(
    member: number,
    body: z.infer<typeof prepareMemberExportSchema>,
  ): Promise<{ dataRequestId: number } | { reason: string }> {
    const dataRequestId = body?.dataRequestId;
    const reason = body?.reason ? body.reason : undefined;
    if (dataRequestId !== undefined && reason !== undefined) {
      throw errors.exportGroundsRequired(EXPORT_GROUNDS_MESSAGES.both);
    }
    if (dataRequestId !== undefined) {
      const found = await findDataRequest(db, dataRequestId);
      const answers =
        found?.member.entityNumber === member && found.kind === "ACCESS" && found.status === "OPEN";
      if (!answers) throw errors.exportGroundsRequired(EXPORT_GROUNDS_MESSAGES.notAnOpenAccessRequest);
      return { dataRequestId };
    }
    if (reason === undefined) throw errors.exportGroundsRequired(EXPORT_GROUNDS_MESSAGES.missing);
    if (exportReasonWords(reason) < DATA_RIGHTS_LIMITS.exportReasonMinWords) {
      throw errors.exportGroundsRequired(EXPORT_GROUNDS_MESSAGES.reasonTooShort);
    }
    return { reason };
  }

  app.get(
    P.legalHold,
    {
      schema: {
        params: memberParamsSchema,
        response: { 200: memberLegalHoldResponseSchema, ...errorResponses },
      },
      config: {
        access: { audience: officer, target: memberTarget, audit: auditRead(AUDIT_RESOURCES.legalHolds) },
      },
    },
    async (request) => ({ hold: await findLegalHold(db, request.access.target) }),
  );

  app.put(
    P.legalHold,
    {
      schema: {
        params: memberParamsSchema,
        body: setLegalHoldSchema,
        response: { 200: memberLegalHoldResponseSchema, ...errorResponses },
      },
      config: {
        access: { audience: officer, target: memberTarget, audit: auditChange(AUDIT_RESOURCES.legalHold) },
      },
    },
    async (request) => {
      await request.access.change((tx) =>
        setLegalHold(tx, {
          member: request.access.target,
          reason: request.body.reason,
          setBy: request.access.actor.entityNumber,
          now: context.now(),
        }),
      );
      return { hold: await findLegalHold(db, request.access.target) };
    },
  );

  app.delete(
    P.legalHold,
    {
      schema: { params: memberParamsSchema, response: { 204: z.null(), ...errorResponses } },
      config: {
        access: { audience: officer, target: memberTarget, audit: auditChange(AUDIT_RESOURCES.legalHold) },
      },
    },
    async (request, reply) => {
      const released = await request.access.change(
        (tx) => releaseLegalHold(tx, request.access.target),
        (count) => count > 0,
      );
      if (released === 0) throw errors.notFound();
      return reply.code(204).send(null);
    },
  );

  app.get(
    P.memberExports,
    {
      schema: {
        params: memberParamsSchema,
        response: { 200: memberExportsResponseSchema, ...errorResponses },
      },
      config: {
        access: { audience: officer, target: memberTarget, audit: auditRead(AUDIT_RESOURCES.dataExport) },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(dataExports)
        .where(eq(dataExports.memberEntityNumber, request.access.target))
        .orderBy(desc(dataExports.requestedAt))
        .limit(20);
      return { exports: rows.map(exportView) };
    },
  );

  app.post(
    P.memberExports,
    {
      schema: {
        params: memberParamsSchema,
        body: prepareMemberExportSchema,
        response: { 202: dataExportSchema, 409: errorBodySchema, ...errorResponses },
      },
      config: {
        access: { audience: officer, target: memberTarget, audit: auditChange(AUDIT_RESOURCES.dataExport) },
      },
    },
    async (request, reply) => {
      const grounds = await exportGrounds(request.access.target, request.body);
      const row = await request.access.change(
        (tx) =>
          requestExport(tx, {
            member: request.access.target,
            requestedBy: request.access.actor.entityNumber,
            now: context.now(),
            ...grounds,
          }),
        () => true,
        undefined,
        () => grounds,
      );
      return reply.code(202).send(exportView(row));
    },
  );

  app.get(
    P.memberExportDownload,
    {
      schema: {
        params: exportParamsSchema,
        response: { 200: z.string().describe("the zip"), ...errorResponses },
      },
      config: { access: { audience: officer } },
    },
    async (request, reply) => {
      const row = await readyExport(db, request.params.exportId, context.now());
      if (!row) throw errors.notFound();
      await auditArchiveDownload(db, {
        actor: request.access.actor.entityNumber,
        member: row.memberEntityNumber,
        requestId: request.id,
        at: context.now(),
      });
      return sendArchive(reply, blobStore, row, config.TIME_ZONE);
    },
  );
};
