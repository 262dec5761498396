import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { Db } from "../../db/database.js";
import { inboundMails } from "../../db/schema/inbound-mail.js";
import { outboxMails } from "../../db/schema/mail.js";
import { countPendingConversations } from "../reports/index.js";
import { within } from "./readiness.js";
import { RequestDurations } from "./request-durations.js";

// What Prometheus reads at /metrics (metrics-listener.ts serves it on a listener of its own). No
// label ever holds personal data: a request is labelled by its route's pattern
// (/member-queries/:referenceNumber), never by its URL; a failed log-in by its reason only.
// Counters and histograms are this process's; the outbox gauges are read from the database at each
// scrape and are the same for every process (take max(), not sum(), across processes).

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics (a registry of its own: tests build many apps in one process). */
    metrics: PortalMetrics;
  }
}

export type LoginFailureReason = "wrong_credentials" | "locked" | "refused";

export interface PortalMetrics {
  readonly registry: Registry;
  /** A log-in that did not succeed: wrong username or password, locked out, or a refused message. */
  loginFailed(reason: LoginFailureReason): void;
  /** How a timed poll of the support mailbox ended (inbound-mail). */
  inboundMailPolled(outcome: "ok" | "failed"): void;
  /** Node's own metrics (event-loop lag, heap, GC, CPU): once per process, by the listener. */
  collectProcessMetrics(): void;
}

export interface MetricsPluginOptions {
  db: Db;
  /**
   * The uploads being received right now (smart-inquiry's per-member counter). Only its total is
   * read, so monitoring names no other module's type: members mails, and mail is traced here.
   */
  uploadsInFlight?: { total(): number };
  /** How long the outbox's statement may take at a scrape. */
  scrapeTimeoutMs?: number;
  /** The support mailbox is read (INBOUND_IMAP_URL is set): the inbound-mail alerts apply. */
  inboundMailConfigured?: boolean;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The route label of a request no route matched (a 404): one series, whatever the URL. */
const UNMATCHED_ROUTE = "unmatched";

/** Outbox states, disjoint: waiting for a first try, waiting to be tried again, parked. */
const OUTBOX_STATES = ["pending", "retrying", "failed"] as const;

/**
 * The outbox by state, and how long its longest-waiting due mail has been due. Served by the index
 * on (status, next_attempt_at): sent mails, which grow for ever, are never counted.
 */
async function readOutbox(db: Db, now: Date) {
  const rows = await db
    .select({
      pending:
        sql<number>`count(*) filter (where ${outboxMails.status} = 'PENDING' and ${outboxMails.attempts} = 0)`.mapWith(
          Number,
        ),
      retrying:
        sql<number>`count(*) filter (where ${outboxMails.status} = 'PENDING' and ${outboxMails.attempts} > 0)`.mapWith(
          Number,
        ),
      failed: sql<number>`count(*) filter (where ${outboxMails.status} = 'FAILED')`.mapWith(Number),
      oldestDue: sql<
        string | null
      >`min(${outboxMails.nextAttemptAt}) filter (where ${outboxMails.status} = 'PENDING')`,
    })
    .from(outboxMails)
    .where(sql`${outboxMails.status} in ('PENDING', 'FAILED')`);
  const row = rows[0] ?? { pending: 0, retrying: 0, failed: 0, oldestDue: null };
  const oldestDue = row.oldestDue === null ? null : new Date(row.oldestDue).getTime();
  const overdueSeconds = oldestDue === null ? 0 : Math.max(0, (now.getTime() - oldestDue) / 1000);
  return { pending: row.pending, retrying: row.retrying, failed: row.failed, overdueSeconds };
}

function createMetrics(app: FastifyInstance, options: MetricsPluginOptions): PortalMetrics {
  const registry = new Registry();
  const scrapeTimeoutMs = options.scrapeTimeoutMs ?? 2_000;

  // Our own histogram, in prom-client's registry (request-durations.ts says why).
  const requestDurations = new RequestDurations({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status code.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  registry.registerMetric(requestDurations.asMetric());
  // A callback hook: it waits for nothing (docs/decisions/0014).
  app.addHook("onResponse", (request, reply, done) => {
    requestDurations.observe(
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      METHODS.has(request.method) ? request.method : "other",
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const loginFailures = new Counter({
    name: "portal_login_failures_total",
    help: "Log-ins that did not succeed, by reason: wrong_credentials, locked (too many failures), refused (a message not for this portal).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });

  // A mailbox that stops answering (an expired client secret, a changed password) shows here, not
  // only in the log: alert on failures rising, or on the last success growing old.
  const inboundPolls = new Counter({
    name: "portal_inbound_mail_polls_total",
    help: "Timed polls of the support mailbox (INBOUND_IMAP_URL), by outcome: ok or failed.",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const inboundLastSuccess = new Gauge({
    name: "portal_inbound_mail_last_success_seconds",
    help: "When this process last polled the support mailbox without failing, in seconds since 1970.",
    registers: [registry],
  });
  // Without a mailbox the last success stays 0 for ever: an alert on its age needs to know whether
  // there is a mailbox to read at all (docs/operations.md, "What to alert on").
  new Gauge({
    name: "portal_inbound_mail_configured",
    help: "1 when this process reads the support mailbox (INBOUND_IMAP_URL is set), 0 when no mail is read.",
    registers: [registry],
  }).set(options.inboundMailConfigured ? 1 : 0);

  let outboxRead: Promise<void> | undefined;
  /** Both outbox gauges are collected from one statement, read once per scrape. */
  const readOutboxOnce = (): Promise<void> => {
    outboxRead ??= within(readOutbox(options.db, new Date()), scrapeTimeoutMs)
      .then((outbox) => {
        for (const state of OUTBOX_STATES) outboxMailsGauge.set({ state }, outbox[state]);
        outboxOverdue.set(outbox.overdueSeconds);
      })
      .catch((error: unknown) => {
        // No value rather than a stale one: an alert on absent() or on readiness tells why.
        outboxMailsGauge.reset();
        outboxOverdue.reset();
        const code = (error as { code?: unknown }).code;
        app.log.warn(
          { code: typeof code === "string" ? code : undefined },
          "could not read the outbox for metrics",
        );
      })
      .finally(() => {
        setImmediate(() => {
          outboxRead = undefined;
        });
      });
    return outboxRead;
  };
  const outboxMailsGauge = new Gauge({
    name: "portal_outbox_mails",
    help: "Mails in the outbox not yet sent, by state: pending (not tried yet), retrying (failed, to be tried again), failed (parked after the last attempt, waiting for a supervisor). Read from the database at each scrape.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect: readOutboxOnce,
  });
  const outboxOverdue = new Gauge({
    name: "portal_outbox_overdue_seconds",
    help: "How long the outbox's longest-waiting mail has been due to be sent (0 when none is). Read from the database at each scrape.",
    registers: [registry],
    collect: readOutboxOnce,
  });

  new Gauge({
    name: "portal_unmatched_mails",
    help: "Mails read from the support mailbox that matched no conversation and wait for staff (the console's Unmatched mail). Read from the database at each scrape.",
    registers: [registry],
    async collect() {
      try {
        const waiting = options.db.$count(inboundMails, eq(inboundMails.outcome, "UNMATCHED"));
        this.set(await within(waiting, scrapeTimeoutMs));
      } catch {
        // No value rather than a stale one, as the outbox's gauges.
        this.reset();
      }
    },
  });

  new Gauge({
    name: "portal_report_summaries_pending",
    help: "Conversations whose report figures the background job has still to work out: after an upgrade every conversation found, falling as it goes; a few at most otherwise. Read from the database at each scrape.",
    registers: [registry],
    async collect() {
      try {
        this.set(await within(countPendingConversations(options.db), scrapeTimeoutMs));
      } catch {
        // No value rather than a stale one, as the outbox's gauges.
        this.reset();
      }
    },
  });

  const uploads = options.uploadsInFlight;
  if (uploads) {
    new Gauge({
      name: "portal_uploads_in_flight",
      help: "Submissions with attachments being received by this process right now (each member may have MAX_UPLOADS_IN_FLIGHT_PER_MEMBER).",
      registers: [registry],
      collect() {
        this.set(uploads.total());
      },
    });
  }

  // node-postgres: the pool's connections. PGlite (the embedded database) has no pool.
  const client = (options.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      "portal_db_pool_connections",
      "Connections the database pool holds (idle and in use).",
      () => pool.totalCount,
    );
    poolGauge(
      "portal_db_pool_idle_connections",
      "Connections in the database pool not in use.",
      () => pool.idleCount,
    );
    poolGauge(
      "portal_db_pool_waiting_requests",
      "Queries waiting for a connection from the database pool (all in use).",
      () => pool.waitingCount,
    );
  }

  let processMetrics = false;
  return {
    registry,
    loginFailed: (reason) => loginFailures.inc({ reason }),
    inboundMailPolled(outcome) {
      inboundPolls.inc({ outcome });
      if (outcome === "ok") inboundLastSuccess.set(Date.now() / 1000);
    },
    collectProcessMetrics() {
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}

/** Decorates the root app with `metrics` and times every request (hooks of the root app). */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    app.decorate("metrics", createMetrics(app, options));
  },
  { name: "metrics" },
);
