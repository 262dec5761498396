import { Readable } from "node:stream";
import { holdsPermission, type MemberRole } from "@portal/domain";
import type {
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  preValidationHookHandler,
  RouteHandlerMethod,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../../app-context.js";
import type { Tx } from "../../db/database.js";
import { errors } from "../../lib/errors.js";
import { type AuditDetail, recordChange, recordReads } from "./audit-trail.js";
import { reachableEntities } from "./reach.js";
import { listRoles, permissionContextOf } from "./roles.js";
import type { Actor, ReadAudit, ResolvedAccess, RouteAccess } from "./route-access.js";
import { SELF, type TargetRule } from "./targets.js";

// Who a request acts for and what it may reach is decided here, once, from each route's
// `config.access` (route-access.ts): before validation, the session and the audience (401, 403);
// before the handler, the target named by the path (the standard 404 when out of reach, exactly as
// for something that does not exist); after the handler, the audit rows of a read, written before
// the first byte of the answer leaves (downloads included). Handlers only read `request.access`. docs/decisions/0006 explains the design.

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set for every route that declares `config.access`, before its handler runs. */
    access: ResolvedAccess;
  }
  interface FastifyInstance {
    /** Every route registered after this plugin, with its access declaration: the access matrix reads it. */
    accessTable: RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

const RESOLVED = Symbol("resolvedAccess");
const ACTOR = Symbol("actor");
const AUDITED = Symbol("auditedRead");
type WithResolved = FastifyRequest & {
  [RESOLVED]?: ResolvedAccess;
  [ACTOR]?: Actor;
  [AUDITED]?: Promise<void>;
};

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/** The query or document submission the path names, for the audit row ("query 300001"). */
function namedReference(request: FastifyRequest, rule: TargetRule): number | null {
  if ((rule.kind !== "query" && rule.kind !== "document-submission") || !rule.param) return null;
  const value = (request.params as Record<string, unknown>)[rule.param];
  return typeof value === "number" ? value : null;
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : ([] as T[]).concat(hooks);

export const accessPlugin = fp<AppContext>(
  async (app, context) => {
    const { db } = context;
    app.decorate("accessTable", [] as RegisteredRoute[]);
    app.decorateRequest("access", {
      getter(this: WithResolved): ResolvedAccess {
        const resolved = this[RESOLVED];
        // Only a route that declares access has a resolved one: reaching here is a programming error.
        if (!resolved) throw new Error("this route declares no config.access");
        return resolved;
      },
    });

    /** The session's person, admitted by the route's audience; runs before validation. */
    const admitActor =
      (access: RouteAccess): preValidationHookHandler =>
      async (request) => {
        const session = request.memberSession;
        if (!session) throw errors.unauthenticated();
        const entityNumber = session.entityNumber;
        // Read with the session where the audience needs them (onRoute below); else when first asked.
        const member = session.member;
        const roles = memo<ReadonlySet<MemberRole>>(async () => member?.roles ?? listRoles(db, entityNumber));
        const actor: Actor = {
          entityNumber,
          audience: access.audience,
          roles,
          memberReach: memo(async () => new Set(await reachableEntities(db, entityNumber))),
        };
        // Members are admitted without reading their roles: the member audience admits everyone.
        if (access.audience.name !== "member" && !access.audience.admits(await roles())) {
          throw errors.forbidden(access.audience.refusal);
        }
        (request as WithResolved)[ACTOR] = actor;
      };

    /** The target the path names, in the actor's reach; runs once params are validated. */
    const resolveTarget =
      (access: RouteAccess): preHandlerHookHandler =>
      async (request, reply) => {
        const actor = (request as WithResolved)[ACTOR];
        if (!actor) throw errors.unauthenticated();
        const rule = access.target ?? SELF;
        let target: number | null;
        if (actor.audience.reachesEveryone) {
          target = await rule.ownerOf(db, request, actor.entityNumber);
        } else if (rule.memberReach === "own") {
          const owner = await rule.ownerOf(db, request, actor.entityNumber);
          target = owner === actor.entityNumber ? owner : null;
        } else {
          // Oneself or a dependent: the reach says it all, so nothing is asked of a number out of
          // reach, and an existing entity out of reach takes the same path as a missing one.
          const named = (request.params as Record<string, unknown>)[rule.param ?? ""];
          const reach = await actor.memberReach();
          const inReach = typeof named === "number" && reach.has(named);
          const allowed = inReach && (rule.memberReach === "family" || named !== actor.entityNumber);
          target = allowed ? (named as number) : null;
        }
        if (target === null) throw errors.notFound();
        if (access.permission) {
          const relationship = target === actor.entityNumber ? "SELF" : "DEPENDENT";
          const held = holdsPermission(
            access.permission.permission,
            await permissionContextOf(db, actor.entityNumber, relationship),
          );
          if (!held) throw errors.forbidden(access.permission.refusal);
        }
        const referenceNumber = namedReference(request, rule);
        (request as WithResolved)[RESOLVED] = {
          actor,
          target,
          referenceNumber,
          change: (work, changed, subjectOf, detailOf) =>
            runChange(request, access, actor, target, referenceNumber, work, changed, subjectOf, detailOf),
        };
        // Every answer for a logged-in person holds their data or their rights: no cache keeps it.
        reply.header("cache-control", "private, no-store");
      };

    async function runChange<T>(
      request: FastifyRequest,
      access: RouteAccess,
      actor: Actor,
      target: number,
      referenceNumber: number | null,
      work: (tx: Tx) => Promise<T>,
      changed: (result: T) => boolean = () => true,
      subjectOf: (result: T) => number = () => target,
      detailOf: (result: T) => AuditDetail | null = () => null,
    ): Promise<T> {
      const audit = access.audit;
      if (audit?.action !== "change") throw new Error(`${request.url}: a change needs auditChange(…)`);
      return db.transaction(async (tx) => {
        const result = await work(tx);
        if (changed(result)) {
          await recordChange(tx, {
            actorEntityNumber: actor.entityNumber,
            subjectEntityNumber: subjectOf(result),
            resource: audit.resource,
            requestId: request.id,
            at: context.now(),
            referenceNumber,
            detail: detailOf(result),
          });
        }
        return result;
      });
    }

    /**
     * A read's audit rows, written once per request before the first byte of the answer: after the
     * handler for an answer it returns (whose people it names), or, for an answer the handler sends
     * itself (a download's stream), in onSend, before the stream is piped. No row, no data.
     */
    function auditReadOnce(request: FastifyRequest, audit: ReadAudit, body: unknown): Promise<void> {
      const audited = request as WithResolved;
      audited[AUDITED] ??= recordReadAudit(request, audit, body);
      return audited[AUDITED];
    }

    async function recordReadAudit(request: FastifyRequest, audit: ReadAudit, body: unknown): Promise<void> {
      const { actor, target, referenceNumber } = request.access;
      const subjects = [target, ...(await audit.alsoInAnswer(body, request.access))];
      if (!actor.audience.reachesEveryone) {
        const reach = await actor.memberReach();
        if (subjects.some((subject) => !reach.has(subject))) {
          request.log.error({ resource: audit.resource }, "an answer held someone outside the actor's reach");
          throw errors.internal();
        }
      }
      await recordReads(db, {
        actorEntityNumber: actor.entityNumber,
        subjectEntityNumbers: subjects,
        resource: audit.resource,
        requestId: request.id,
        at: context.now(),
        referenceNumber,
      });
    }

    const auditedHandler = (audit: ReadAudit, handler: RouteHandlerMethod): RouteHandlerMethod =>
      async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
        const body = await (handler as (request: FastifyRequest, reply: FastifyReply) => unknown).call(
          this,
          request,
          reply,
        );
        // A reply the handler sent itself was audited in onSend (or failed there).
        if (body === reply || reply.statusCode >= 300) return body;
        await auditReadOnce(request, audit, body);
        return body;
      };

    const auditBeforeSending =
      (audit: ReadAudit): onSendHookHandler =>
      async (request, reply, payload) => {
        if (reply.statusCode >= 300 || !(request as WithResolved)[RESOLVED]) return payload;
        try {
          await auditReadOnce(request, audit, payload);
        } catch (error) {
          // The file handle of a download that will not be sent is let go.
          if (payload instanceof Readable) payload.destroy();
          throw error;
        }
        return payload;
      };

    app.addHook("onRoute", (route: RouteOptions) => {
      const access = route.config?.access;
      for (const method of asArray(route.method)) {
        app.accessTable.push({ method, url: route.url, access });
      }
      if (!access) return;
      // Every audience but the members' is decided by the roles: they come with the session.
      if (access.audience.name !== "member") route.config = { ...route.config, sessionMember: true };
      route.preValidation = [admitActor(access), ...asArray(route.preValidation)];
      route.preHandler = [resolveTarget(access), ...asArray(route.preHandler)];
      if (access.audit?.action === "read") {
        route.handler = auditedHandler(access.audit, route.handler);
        route.onSend = [...asArray(route.onSend), auditBeforeSending(access.audit)];
      }
    });
  },
  { name: "access", dependencies: ["session"] },
);
