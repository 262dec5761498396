import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context.js";
import { errors } from "../../lib/errors.js";
import type { Reach } from "./access.js";
import { recordReads } from "./audit-trail.js";
import type { EntityRead } from "./entity-reads.js";

/** The resource names the audit trail records; stable, as reports are built on them. */
export const AUDIT_RESOURCES = {
  memberDetails: "member-details",
  dependents: "dependents",
  dependent: "dependent",
  emergencyContacts: "emergency-contacts",
  groupAccess: "group-access",
  plan: "plan",
  scheme: "scheme",
  patientList: "patient-list-details",
  policyDependents: "policy-dependents",
  contactDetails: "contact-details",
  roles: "roles",
  memberSearch: "member-search",
  waitingPeriods: "waiting-periods",
  doctorAllocations: "doctor-allocations",
  membershipCard: "membership-card",
  membershipCertificate: "membership-certificate",
  membershipCardOrder: "membership-card-order",
  profilePicture: "profile-picture",
} as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[keyof typeof AUDIT_RESOURCES];

/**
 * Finishes a read the access service let through: checks once more that everyone in the answer is
 * in the actor's reach (a read that strays fails closed), writes the audit rows for every other
 * person in it (if that fails, nothing is sent), then answers without letting any cache keep it.
 */
export async function auditedAnswer<T>(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  reach: Reach,
  resource: AuditResource,
  read: EntityRead<T>,
): Promise<T> {
  if (read.subjects.some((subject) => !reach.entities.has(subject))) {
    request.log.error({ resource }, "a member-details read held someone outside the actor's reach");
    throw errors.internal();
  }
  await recordReads(context.db, {
    actorEntityNumber: reach.actorEntityNumber,
    subjectEntityNumbers: read.subjects,
    resource,
    requestId: request.id,
    at: context.now(),
  });
  reply.header("cache-control", "private, no-store");
  return read.body;
}
