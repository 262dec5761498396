import { STAFF_ROLES } from "@portal/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../../db/database.js";
import { preparedRead } from "../../db/prepared.js";
import { memberRoles } from "../../db/schema/access.js";
import { documentSubmissions, queries } from "../../db/schema/conversations.js";
import { policies } from "../../db/schema/member-details.js";
import { members } from "../../db/schema/members.js";

// What a request acts on, named by its path: whose data it is. The access plugin asks the route's
// target rule for the owner, then the audience's reach decides; the handler only ever sees the
// owner the plugin let through.

/** How far a member's reach goes for this kind of target (staff reach every one that exists). */
export type MemberReach =
  /** Oneself and the dependents on one's policies. */
  | "family"
  /** A dependent on one's policies, never oneself (the dependent/{n} path). */
  | "dependents-only"
  /** Only what is one's own: queries, document submissions and policies are never a dependent's. */
  | "own";

export interface TargetRule {
  /** What the path names: used by the access matrix and by the OpenAPI description. */
  kind: "self" | "entity" | "dependent" | "query" | "document-submission" | "policy" | "staff-account";
  /** The path parameter that names the target; none for "self". */
  param: string | null;
  memberReach: MemberReach;
  /** The entity number of whoever owns the target, or null when nothing by that name exists. */
  ownerOf(db: Queryable, request: FastifyRequest, actorEntityNumber: number): Promise<number | null>;
}

/** The route's params, validated and converted by its schema before the plugin's preHandler runs. */
function numberParam(request: FastifyRequest, param: string): number {
  const value = (request.params as Record<string, unknown>)[param];
  if (typeof value !== "number") throw new Error(`route parameter ${param} is not a validated number`);
  return value;
}

/** The logged-in person themselves: routes that name nobody ("me"). */
export const SELF: TargetRule = {
  kind: "self",
  param: null,
  memberReach: "own",
  ownerOf: async (_db, _request, actorEntityNumber) => actorEntityNumber,
};

async function existingEntity(db: Queryable, entityNumber: number): Promise<number | null> {
  const [row] = await db
    .select({ entityNumber: members.entityNumber })
    .from(members)
    .where(eq(members.entityNumber, entityNumber))
    .limit(1);
  return row?.entityNumber ?? null;
}

/** A person named by entity number: oneself or a dependent in reach. */
export function entityParam(param: string): TargetRule {
  return {
    kind: "entity",
    param,
    memberReach: "family",
    ownerOf: (db, request) => existingEntity(db, numberParam(request, param)),
  };
}

/** A dependent named by entity number: never the actor themselves. */
export function dependentParam(param: string): TargetRule {
  return {
    kind: "dependent",
    param,
    memberReach: "dependents-only",
    ownerOf: (db, request) => existingEntity(db, numberParam(request, param)),
  };
}

// Asked before every read of a query (its view, its reply, its files): prepared once per database.
const queryOwnerStatement = preparedRead("query_owner", (db: Queryable) =>
  db
    .select({ owner: queries.memberEntityNumber })
    .from(queries)
    .where(eq(queries.referenceNumber, sql.placeholder("referenceNumber")))
    .limit(1),
);

/** A query (or an update of one) named by its reference number: its member owns it. */
export function queryParam(param: string): TargetRule {
  return {
    kind: "query",
    param,
    memberReach: "own",
    ownerOf: async (db, request) => {
      const [row] = await queryOwnerStatement(db).execute({ referenceNumber: numberParam(request, param) });
      return row?.owner ?? null;
    },
  };
}

/** A document submission named by its reference number. */
export function documentSubmissionParam(param: string): TargetRule {
  return {
    kind: "document-submission",
    param,
    memberReach: "own",
    ownerOf: async (db, request) => {
      const [row] = await db
        .select({ owner: documentSubmissions.memberEntityNumber })
        .from(documentSubmissions)
        .where(eq(documentSubmissions.referenceNumber, numberParam(request, param)))
        .limit(1);
      return row?.owner ?? null;
    },
  };
}

/**
 * A policy named by its id in the path and its identifier in the query string: both must match,
 * so a guessed id alone names nothing. Its principal member owns it.
 */
export function policyParam(param: string, identifierQueryField: string): TargetRule {
  return {
    kind: "policy",
    param,
    memberReach: "own",
    ownerOf: async (db, request) => {
      const identifier = (request.query as Record<string, unknown>)[identifierQueryField];
      if (typeof identifier !== "string") return null;
      const [row] = await db
        .select({ owner: policies.principalEntityNumber })
        .from(policies)
        .where(
          and(eq(policies.policyId, numberParam(request, param)), eq(policies.policyIdentifier, identifier)),
        )
        .limit(1);
      return row?.owner ?? null;
    },
  };
}

/**
 * A staff log-in named by entity number: someone holding a staff role (a disabled one keeps it).
 * Anyone else is not found, so the console's staff routes never touch a member's log-in.
 */
export function staffAccountParam(param: string): TargetRule {
  return {
    kind: "staff-account",
    param,
    // Members never reach a staff route; "own" is the narrowest.
    memberReach: "own",
    ownerOf: async (db, request) => {
      const [row] = await db
        .select({ entityNumber: memberRoles.entityNumber })
        .from(memberRoles)
        .where(
          and(
            eq(memberRoles.entityNumber, numberParam(request, param)),
            inArray(memberRoles.role, [...STAFF_ROLES]),
          ),
        )
        .limit(1);
      return row?.entityNumber ?? null;
    },
  };
}
