import {
  accessHistoryQuerySchema,
  accessHistoryResponseSchema,
  calendarDateIn,
  currentExportResponseSchema,
  DATA_EXPORT_MESSAGES,
  DATA_RIGHTS_LIMITS,
  dataExportSchema,
  errorBodySchema,
  exportParamsSchema,
  MY_DATA_PATHS,
  requestExportBodySchema,
} from "@portal/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import type { Db } from "../../db/database.js";
import { errors } from "../../lib/errors.js";
import { AUDIENCES, AUDIT_RESOURCES, auditChange, recordOwnRead, recordReads } from "../access/index.js";
import { confirmPassword } from "../member-details/index.js";
import type { BlobStore } from "../storage/index.js";
import { accessHistoryDaysPage } from "./access-history.js";
import { currentExport, exportView, readyExport, requestExport } from "./data-exports.js";

// "My data", the member's own (POPIA section 23): who has seen their information, and a download of
// all of it. Mounted at MY_DATA_BASE; every call is the logged-in member's, for themselves only.

export interface DataRightsContext extends AppContext {
  blobStore: BlobStore;
}

const errorResponses = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const ownAccess = { access: { audience: AUDIENCES.member } };

/** The archive as a download: never cached, never sniffed, named for the day it was made. */
export async function sendArchive(
  reply: FastifyReply,
  blobStore: BlobStore,
  row: { blobKey: string; sizeBytes: number | null; readyAt: Date | null },
  timeZone: string,
) {
  const day = row.readyAt ? calendarDateIn(timeZone, row.readyAt) : "archive";
  const stream = await blobStore.read(row.blobKey);
  if (row.sizeBytes !== null) reply.header("content-length", String(row.sizeBytes));
  return reply
    .type("application/zip")
    .header("content-disposition", `attachment; filename="my-data-${day}.zip"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(stream);
}

/** Audits an archive's download before its first byte: the member's own, or staff's read of it. */
export async function auditArchiveDownload(
  db: Db,
  download: { actor: number; member: number; requestId: string; at: Date },
) {
  const row = {
    actorEntityNumber: download.actor,
    resource: AUDIT_RESOURCES.dataExportDownload,
    requestId: download.requestId,
    at: download.at,
  };
  if (download.actor === download.member) {
    await recordOwnRead(db, { ...row, subjectEntityNumber: download.member });
  } else {
    await recordReads(db, { ...row, subjectEntityNumbers: [download.member] });
  }
}

export const myDataRoutes: FastifyPluginAsyncZod<DataRightsContext> = async (app, context) => {
  const { db, blobStore } = context;

  app.get(
    MY_DATA_PATHS.accessHistory,
    {
      schema: {
        querystring: accessHistoryQuerySchema,
        response: { 200: accessHistoryResponseSchema, 400: errorBodySchema, ...errorResponses },
      },
      config: ownAccess,
    },
    async (request) =>
      accessHistoryDaysPage(
        db,
        request.access.target,
        request.query.after,
        DATA_RIGHTS_LIMITS.accessHistoryPageSize,
        context.config.TIME_ZONE,
      ),
  );

  app.get(
    MY_DATA_PATHS.currentExport,
    { schema: { response: { 200: currentExportResponseSchema, ...errorResponses } }, config: ownAccess },
    async (request) => currentExport(db, request.access.target, context.now()),
  );

  app.post(
    MY_DATA_PATHS.exports,
    {
      schema: {
        body: requestExportBodySchema,
        // 403: the anti-forgery token, or the password missing or wrong; 429: the day's archive
        // asked for already, or too many wrong passwords.
        response: { 202: dataExportSchema, 409: errorBodySchema, 429: errorBodySchema, ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.member, audit: auditChange(AUDIT_RESOURCES.dataExport) } },
    },
    async (request, reply) => {
      const member = request.access.target;
      // Everything about the member in one file: not for a session alone (decision 0017).
      await confirmPassword(
        context,
        member,
        request.body?.currentPassword,
        DATA_EXPORT_MESSAGES.passwordNeeded,
      );
      const row = await request.access.change((tx) =>
        requestExport(tx, { member, requestedBy: member, now: context.now() }),
      );
      return reply.code(202).send(exportView(row));
    },
  );

  app.get(
    MY_DATA_PATHS.exportDownload,
    {
      schema: {
        params: exportParamsSchema,
        response: { 200: z.string().describe("the zip"), ...errorResponses },
      },
      config: ownAccess,
    },
    async (request, reply) => {
      const member = request.access.target;
      const row = await readyExport(db, request.params.exportId, context.now());
      // Another member's archive is answered as one that does not exist.
      if (!row || row.memberEntityNumber !== member) throw errors.notFound();
      await auditArchiveDownload(db, { actor: member, member, requestId: request.id, at: context.now() });
      return sendArchive(reply, blobStore, row, context.config.TIME_ZONE);
    },
  );
};
