import { isoDateOnly } from "@portal/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { requireMember } from "../gateway/session-plugin.js";
import { reachOf, requireInReach } from "./access.js";
import { AUDIT_RESOURCES, auditedAnswer } from "./audited-answer.js";
import { findDoctorAllocationInForce, listDoctorAllocations } from "./cover-repository.js";
import { errorResponses } from "./route-schemas.js";
import {
  allocationParamsSchema,
  currentDoctorAllocationResponseSchema,
  doctorAllocationDetailsResponseSchema,
  patientParamsSchema,
} from "./self-service-schemas.js";

/**
 * GET /patient/{patientEntityNumber}/doctor-allocation-details (every allocation, newest first)
 * and /patient/{patientEntityNumber}/doctor-allocation/{allocationType} (the one in force today,
 * or null). The patient is oneself or a dependent; anyone else answers 404.
 */
export const doctorAllocationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  async function reachablePatient(request: FastifyRequest<{ Params: { patientEntityNumber: number } }>) {
    const reach = await reachOf(db, requireMember(request).entityNumber);
    const patient = request.params.patientEntityNumber;
    requireInReach(reach, patient);
    return { reach, patient };
  }

  app.get(
    "/patient/:patientEntityNumber/doctor-allocation-details",
    {
      schema: {
        params: patientParamsSchema,
        response: { 200: doctorAllocationDetailsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, patient } = await reachablePatient(request);
      const allocations = await listDoctorAllocations(db, patient);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.doctorAllocations, {
        body: { patientEntityNumber: patient, allocations },
        subjects: [patient],
      });
    },
  );

  app.get(
    "/patient/:patientEntityNumber/doctor-allocation/:allocationType",
    {
      schema: {
        params: allocationParamsSchema,
        response: { 200: currentDoctorAllocationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { reach, patient } = await reachablePatient(request);
      const { allocationType } = request.params;
      const today = isoDateOnly(context.now());
      const allocation = await findDoctorAllocationInForce(db, patient, allocationType, today);
      return auditedAnswer(context, request, reply, reach, AUDIT_RESOURCES.doctorAllocations, {
        body: { patientEntityNumber: patient, allocationType, allocation: allocation ?? null },
        subjects: [patient],
      });
    },
  );
};
