import {
  allocationParamsSchema,
  currentDoctorAllocationResponseSchema,
  doctorAllocationDetailsResponseSchema,
  memberDetailsErrorResponses as errorResponses,
  patientParamsSchema,
} from "@portal/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context.js";
import { schemeToday } from "../../lib/scheme-today.js";
import { AUDIENCES, AUDIT_RESOURCES, auditRead, entityParam, type RouteAccess } from "../access/index.js";
import { findDoctorAllocationInForce, listDoctorAllocations } from "./cover-repository.js";

/**
 * GET /patient/{patientEntityNumber}/doctor-allocation-details (every allocation, newest first)
 * and /patient/{patientEntityNumber}/doctor-allocation/{allocationType} (the one in force today,
 * or null). The patient is oneself or a dependent; anyone else answers 404.
 */
export const doctorAllocationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db } = context;

  const access: RouteAccess = {
    audience: AUDIENCES.member,
    target: entityParam("patientEntityNumber"),
    audit: auditRead(AUDIT_RESOURCES.doctorAllocations),
  };

  app.get(
    "/patient/:patientEntityNumber/doctor-allocation-details",
    {
      schema: {
        params: patientParamsSchema,
        response: { 200: doctorAllocationDetailsResponseSchema, ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const patient = request.access.target;
      return { patientEntityNumber: patient, allocations: await listDoctorAllocations(db, patient) };
    },
  );

  app.get(
    "/patient/:patientEntityNumber/doctor-allocation/:allocationType",
    {
      schema: {
        params: allocationParamsSchema,
        response: { 200: currentDoctorAllocationResponseSchema, ...errorResponses },
      },
      config: { access },
    },
    async (request) => {
      const patient = request.access.target;
      const { allocationType } = request.params;
      const today = schemeToday(context);
      const allocation = await findDoctorAllocationInForce(db, patient, allocationType, today);
      return { patientEntityNumber: patient, allocationType, allocation: allocation ?? null };
    },
  );
};
