import {
  errorBodySchema,
  type ReportResponse,
  reportQuerySchema,
  reportResponseSchema,
  reportViewParamsSchema,
} from "@portal/domain";
import { stringify } from "csv-stringify/sync";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.js";
import { schemeToday } from "../../lib/scheme-today.js";
import { AUDIENCES, AUDIT_RESOURCES, auditRead, recordReads } from "../access/index.js";
import { reportCsvRows } from "./report-csv.js";
import { readReport } from "./report-reads.js";

const errorResponses = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The people a report names: the agents of its promise per agent (audited as a read of each). */
const agentsIn = (report: ReportResponse) =>
  report.promiseByAgent.flatMap((row) => (/^\d+$/.test(row.key) ? [Number(row.key)] : []));

/**
 * The supervisors' reports (docs/decisions 0025), registered under CONSOLE_BASE: the report as JSON
 * for the page, and each of its views as CSV. Agents get 403. The summaries still pending are
 * worked out by the background job (summary-job.ts); a report counts them.
 */
export const reportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, config } = context;

  // At once, from what is summarised: the conversations still pending are said, not waited for.
  const report = (query: z.infer<typeof reportQuerySchema>) =>
    readReport(db, { query, timeZone: config.TIME_ZONE, today: schemeToday(context) });

  app.get(
    "/reports",
    {
      schema: { querystring: reportQuerySchema, response: { 200: reportResponseSchema, ...errorResponses } },
      config: {
        access: { audience: AUDIENCES.supervisor, audit: auditRead(AUDIT_RESOURCES.reports, agentsIn) },
      },
    },
    (request) => report(request.query),
  );

  app.get(
    "/reports/csv/:view",
    {
      schema: {
        params: reportViewParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: z.string().describe("CSV"), ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.supervisor } },
    },
    async (request, reply) => {
      const figures = await report(request.query);
      const { view } = request.params;
      // The agents' CSV names them as the page does: audited the same way, before the first byte.
      await recordReads(db, {
        actorEntityNumber: request.access.actor.entityNumber,
        subjectEntityNumbers: view === "promise-by-agent" ? agentsIn(figures) : [],
        resource: AUDIT_RESOURCES.reports,
        requestId: request.id,
        at: context.now(),
      });
      // With a UTF-8 byte-order mark: without it Excel reads the file in the PC's code page and
      // garbles the en dashes and accented names.
      const csv = stringify(reportCsvRows(figures, view), { bom: true });
      const { from, to } = request.query;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="report-${view}-${from}-${to}.csv"`)
        .header("x-content-type-options", "nosniff")
        .send(csv);
    },
  );
};
