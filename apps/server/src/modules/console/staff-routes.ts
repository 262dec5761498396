import {
  CONSOLE_LIMITS,
  errorBodySchema,
  passwordStrengthProblem,
  STAFF_ROLES,
  type StaffAccount,
  type StaffAccountsResponse,
  staffAccountParamsSchema,
  staffAccountsQuerySchema,
  staffAccountsResponseSchema,
  staffCreateBodySchema,
  staffCreatedSchema,
  staffRoleBodySchema,
} from "@portal/domain";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Queryable } from "../../db/database.js";
import { memberRoles } from "../../db/schema/access.js";
import { staffSecondFactors } from "../../db/schema/gateway.js";
import { members } from "../../db/schema/members.js";
import { staffIdentities } from "../../db/schema/staff-sign-in.js";
import { randomToken } from "../../lib/crypto.js";
import { errors } from "../../lib/errors.js";
import {
  AUDIENCES,
  AUDIT_RESOURCES,
  auditChange,
  auditRead,
  recordChange,
  staffAccountParam,
} from "../access/index.js";
import { mailFirstPasswordLinkIn } from "../accounts/index.js";
import {
  CreateMemberError,
  createStaff,
  disableLogInIn,
  enableLogInIn,
  roleChanged,
  roleDetail,
  setStaffRoleIn,
} from "../members/index.js";
import type { SmartInquiryContext } from "../smart-inquiry/index.js";

// The console's Staff page (supervisors): every staff log-in, and disabling, enabling and setting
// the role of one. The changes are members/operator-accounts.ts's, made inside the access plugin's
// change, so the audit row names the supervisor. Disabling deletes the log-in's sessions in the same
// transaction: sessions live in PostgreSQL, so its next request on any process finds none. Roles are
// read on every request (access-plugin.ts), so a role change applies from the next one.

const errorResponses = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const changeResponses = { 204: z.null(), 409: errorBodySchema, ...errorResponses };

export const SELF_DISABLE_REFUSAL = "You cannot disable your own log-in. Ask another supervisor to do it.";
export const SELF_DEMOTION_REFUSAL =
  "You cannot take away your own supervisor role. Ask another supervisor to do it.";

/**
 * A page of staff log-ins in entity-number order. The staff are found through member_roles, never
 * by reading members: the index member_roles_role (role, entity_number) reads only the two staff
 * roles' entries from the cursor on (a few hundred at a scheme, against millions of members).
 * Disabled log-ins keep their roles, so they stay listed.
 */
export async function listStaffAccounts(
  db: Queryable,
  after: number | undefined,
  pageSize: number = CONSOLE_LIMITS.staffAccountsPageSize,
): Promise<StaffAccountsResponse> {
  const page = await db
    .select({
      entityNumber: memberRoles.entityNumber,
      supervisor: sql<boolean>`bool_or(${memberRoles.role} = 'STAFF_SUPERVISOR')`,
      agent: sql<boolean>`bool_or(${memberRoles.role} = 'STAFF_AGENT')`,
    })
    .from(memberRoles)
    .where(
      and(
        inArray(memberRoles.role, [...STAFF_ROLES]),
        after === undefined ? undefined : gt(memberRoles.entityNumber, after),
      ),
    )
    .groupBy(memberRoles.entityNumber)
    .orderBy(asc(memberRoles.entityNumber))
    .limit(pageSize + 1);
  const shown = page.slice(0, pageSize);
  if (shown.length === 0) return { accounts: [], nextCursor: null };
  const details = await db
    .select({
      entityNumber: members.entityNumber,
      firstName: members.firstName,
      lastName: members.lastName,
      username: members.username,
      disabledAt: members.disabledAt,
      lastSignInAt: members.lastSignInAt,
      lastSignInMethod: members.lastSignInMethod,
      identity: staffIdentities.memberEntityNumber,
      secondFactorConfirmedAt: staffSecondFactors.confirmedAt,
    })
    .from(members)
    .leftJoin(staffIdentities, eq(staffIdentities.memberEntityNumber, members.entityNumber))
    .leftJoin(staffSecondFactors, eq(staffSecondFactors.memberEntityNumber, members.entityNumber))
    .where(
      inArray(
        members.entityNumber,
        shown.map((row) => row.entityNumber),
      ),
    );
  const byEntity = new Map(details.map((row) => [row.entityNumber, row]));
  const accounts = shown.flatMap((row): StaffAccount[] => {
    const person = byEntity.get(row.entityNumber);
    if (!person) return [];
    const method = person.lastSignInMethod;
    return [
      {
        entityNumber: person.entityNumber,
        firstName: person.firstName,
        lastName: person.lastName,
        username: person.username,
        role: row.supervisor ? "STAFF_SUPERVISOR" : row.agent ? "STAFF_AGENT" : "STAFF_INFORMATION_OFFICER",
        disabledAt: person.disabledAt?.toISOString() ?? null,
        lastSignIn:
          person.lastSignInAt && (method === "password" || method === "oidc")
            ? { at: person.lastSignInAt.toISOString(), method }
            : null,
        signIn: {
          password: person.username !== null,
          authenticatorApp: person.username !== null && person.secondFactorConfirmedAt !== null,
          identityProvider: person.identity !== null,
        },
      },
    ];
  });
  const last = shown.at(-1);
  return { accounts, nextCursor: page.length > pageSize && last ? last.entityNumber : null };
}

/** A password no one knows, until the link mailed with it is used; never one the rules refuse. */
function unknownPassword(username: string): string {
  for (;;) {
    const password = `${randomToken()}!`;
    if (passwordStrengthProblem(password, username) === null) return password;
  }
}

export const consoleStaffRoutes: FastifyPluginAsyncZod<SmartInquiryContext> = async (app, context) => {
  const { db } = context;
  const supervisorChange = (resource: Parameters<typeof auditChange>[0]) => ({
    access: {
      audience: AUDIENCES.supervisor,
      target: staffAccountParam("entityNumber"),
      audit: auditChange(resource),
    },
  });

  app.get(
    "/staff-accounts",
    {
      schema: {
        querystring: staffAccountsQuerySchema,
        response: { 200: staffAccountsResponseSchema, ...errorResponses },
      },
      config: {
        access: {
          audience: AUDIENCES.supervisor,
          // Staff are people too: who was shown their sign-in history is on record.
          audit: auditRead(AUDIT_RESOURCES.staffAccounts, (body: StaffAccountsResponse) =>
            body.accounts.map((account) => account.entityNumber),
          ),
        },
      },
    },
    async (request) => listStaffAccounts(db, request.query.after),
  );

  // Add staff member (not only from the command line): the command `cli staff:create` runs,
  // granted by this supervisor (an information officer's role is mailed to the officers and
  // supervisors, role-grants.ts). No password is chosen here: the log-in gets a random one no one
  // knows, and its address a link to set its own in the same transaction, so no password is ever
  // shown, put in a URL or logged. The audit row names the supervisor and the new log-in.
  app.post(
    "/staff-accounts",
    {
      schema: {
        body: staffCreateBodySchema,
        response: { 201: staffCreatedSchema, 409: errorBodySchema, 422: errorBodySchema, ...errorResponses },
      },
      config: { access: { audience: AUDIENCES.supervisor, audit: auditChange(AUDIT_RESOURCES.staffCreate) } },
    },
    async (request, reply) => {
      const { actor } = request.access;
      const { role, email, ...person } = request.body;
      const at = context.now();
      const grant = {
        by: { supervisor: actor.entityNumber },
        at,
        brand: context.config.brand,
        timeZone: context.config.TIME_ZONE,
      };
      const entityNumber = await createStaff(
        db,
        { ...person, emails: [email], role, grant, password: unknownPassword(person.username) },
        context.config.PASSWORD_HASH_COST,
        async (tx, created) => {
          await mailFirstPasswordLinkIn(tx, context, {
            entityNumber: created,
            email,
            firstName: person.firstName,
          });
          await recordChange(tx, {
            actorEntityNumber: actor.entityNumber,
            subjectEntityNumber: created,
            resource: AUDIT_RESOURCES.staffCreate,
            requestId: request.id,
            at,
            detail: roleDetail(role),
          });
        },
      ).catch((error: unknown) => {
        // The command's refusals (a username taken) are worded for the person who asked.
        if (error instanceof CreateMemberError) throw errors.conflict(error.message);
        throw error;
      });
      request.log.info({ entityNumber }, "staff log-in created by a supervisor");
      return reply.code(201).send({ entityNumber });
    },
  );

  app.post(
    "/staff-accounts/:entityNumber/disable",
    {
      schema: { params: staffAccountParamsSchema, response: changeResponses },
      config: supervisorChange(AUDIT_RESOURCES.staffDisable),
    },
    async (request, reply) => {
      const { actor, target } = request.access;
      if (target === actor.entityNumber) throw errors.conflict(SELF_DISABLE_REFUSAL);
      const result = await request.access.change(
        (tx) => disableLogInIn(tx, { entityNumber: target }, context.now()),
        (disabled) => disabled.alreadyDisabledAt === null,
      );
      request.log.info(
        { entityNumber: target, sessionsEnded: result.sessionsEnded },
        "staff log-in disabled by a supervisor",
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/staff-accounts/:entityNumber/enable",
    {
      schema: { params: staffAccountParamsSchema, response: changeResponses },
      config: supervisorChange(AUDIT_RESOURCES.staffEnable),
    },
    async (request, reply) => {
      const { target } = request.access;
      await request.access.change(
        (tx) => enableLogInIn(tx, { entityNumber: target }),
        (enabled) => enabled.wasDisabled,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/staff-accounts/:entityNumber/role",
    {
      schema: { params: staffAccountParamsSchema, body: staffRoleBodySchema, response: changeResponses },
      config: supervisorChange(AUDIT_RESOURCES.staffRole),
    },
    async (request, reply) => {
      const { actor, target } = request.access;
      const { role } = request.body;
      if (target === actor.entityNumber && role !== "STAFF_SUPERVISOR") {
        throw errors.conflict(SELF_DEMOTION_REFUSAL);
      }
      const grant = {
        by: { supervisor: actor.entityNumber },
        at: context.now(),
        brand: context.config.brand,
        timeZone: context.config.TIME_ZONE,
      };
      await request.access.change(
        (tx) => setStaffRoleIn(tx, { entityNumber: target }, role, grant),
        (result) => roleChanged(result, role),
        undefined,
        () => roleDetail(role),
      );
      return reply.code(204).send(null);
    },
  );
};
