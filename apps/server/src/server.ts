// First: an older Node than 24 is refused before anything loads (startup/node-version.ts).
import "./startup/require-node-24.js";
// Then V8's flags, before anything allocates (startup/v8-flags.ts).
import "./startup/v8-flags.js";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { buildApp } from "./app.js";
import { configSummary } from "./config/config-summary.js";
import { loadConfig } from "./config/env.js";
import { secureDataDir } from "./config/owner-only-files.js";
import { resolveSessionSecret } from "./config/session-secret.js";
import type { Db } from "./db/database.js";
import { holdSingleProcessLock, type SingleProcessLockEvents } from "./db/single-process-lock.js";
import { unreachableDatabase } from "./db/unreachable-database.js";
import { seedDemoData } from "./demo/seed-demo-data.js";
import { installGracefulDrain } from "./lib/graceful-drain.js";
import { loggerOptions, logOutputFor, readableLines } from "./lib/logger.js";
import { processLog } from "./lib/process-log.js";
import { repeatingRound } from "./lib/repeating-round.js";
import { StartupError } from "./lib/startup-error.js";
import { createExportWorker, startDailyRetentionPurge } from "./modules/data-rights/index.js";
import { inboundPollerFor } from "./modules/inbound-mail/index.js";
import { createMailTransport, createMailWorker } from "./modules/mail/index.js";
import { removeExpiredContactChanges } from "./modules/member-details/index.js";
import { workingDemoLogins } from "./modules/members/index.js";
import { startMetricsListener } from "./modules/monitoring/index.js";
import { createSummaryJob } from "./modules/reports/index.js";
import type { BlobStore } from "./modules/storage/index.js";
import {
  blobStoreFor,
  blobStoreWhile,
  localBlobDirOf,
  markBlobDirectory,
  removeUnreferencedAttachments,
  trackPendingWrites,
} from "./modules/storage/index.js";
import { createCounterFolds } from "./startup/counter-folds.js";
import { openConfiguredDatabase } from "./startup/open-configured-database.js";
import { checkOutsideSystems } from "./startup/outside-systems.js";
import { stopTracing, tracingStarted } from "./tracing.js";

// Starts the portal: configuration, database, app, listen. On SIGTERM/SIGINT it drains
// (lib/graceful-drain.ts): stops accepting, lets in-flight requests finish within
// SHUTDOWN_GRACE_SECONDS, then closes the database (and its data-dir lock).

// A spool file is written and committed (or discarded) within one request, so one older than
// twice the request timeout, and at least 15 minutes, was left by a crash or a failed commit:
// never visible, so it can go. Spool files are swept at start and every 5 minutes (it was every
// hour, for files an hour old: a failed upload's file outlived six minutes and three restarts);
// the rest of the sweep (a listing of the bucket) every hour.
const SPOOL_SWEEP_INTERVAL_MS = 5 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** How long a shutdown waits for a sweep in hand: it is tried again at the next start. */
const SWEEP_STOP_WAIT_MS = 5_000;
function pendingUploadMaxAgeMs(requestTimeoutSeconds: number): number {
  return Math.max(15 * 60 * 1000, 2 * requestTimeoutSeconds * 1000);
}

/**
 * Committed attachment blobs whose rows a crash never wrote, then the day-old records of
 * contact-detail changes (the pending uploads a crash left are the spool round's, below). One
 * round at a time (repeatingRound): a slow one (a big bucket) is not overtaken by the next hour's.
 */
async function sweepUploads(app: FastifyInstance, db: Db, blobStore: BlobStore): Promise<void> {
  const blobs = await removeUnreferencedAttachments(db, blobStore, new Date());
  if (blobs > 0) app.log.info({ removed: blobs }, "removed attachment files a crash left without a query");
  // The addresses a member had before a change are kept a day (decision 0017), no longer.
  const changes = await removeExpiredContactChanges(db, new Date());
  if (changes > 0) app.log.info({ removed: changes }, "removed day-old records of contact-detail changes");
}

/**
 * A refused start: one plain sentence on standard error, whatever the mode (docs/operations.md),
 * and the JSON line too when standard error is not a terminal, for a log shipper.
 */
function fail(message: string): never {
  if (!process.stderr.isTTY) processLog.fatal(message);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * What the single-process lock's news does: said in the log (the process log before the app
 * exists), and when another process took the lock, this one stops, exit code 1.
 */
function singleProcessLockEvents(running: { app?: FastifyInstance }): SingleProcessLockEvents {
  const say = (level: "info" | "warn" | "error", fields: object, message: string) =>
    (running.app?.log ?? processLog)[level](fields, message);
  return {
    onLost: (error) =>
      say(
        "warn",
        { code: (error as { code?: string }).code },
        "single-process lock lost with its database connection: attachments answer 503 until it is taken again",
      ),
    onRegained: () => say("info", {}, "single-process lock taken again: attachments served again"),
    onTakenByAnother: () => {
      say(
        "error",
        {},
        "another portal process took the single-process lock while this one's database connection was down: this process stops",
      );
      process.exitCode = 1;
      const { app } = running;
      // Lets in-flight requests finish, as a SIGTERM would, but never waits for ever.
      setTimeout(() => process.exit(1), 10_000).unref();
      void (app ? app.close() : Promise.resolve()).finally(() => process.exit(1));
    },
  };
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  // Before anything is created: DATA_DIR and all in it owner-only, whatever the umask.
  await secureDataDir(config.DATA_DIR, (line) => processLog.warn(line));
  // The blob directory says it is the portal's: retention:purge refuses one that does not.
  if (config.BLOB_STORE === "local") {
    await markBlobDirectory(localBlobDirOf(config)).catch((error: unknown) => {
      // Said as the data directory's own check says it: one line, not a stack trace.
      const code = (error as NodeJS.ErrnoException).code ?? "error";
      throw new StartupError(
        `The data directory ${config.DATA_DIR} cannot be written (${code}). Give the portal's user write access, or set DATA_DIR to a writable directory.`,
      );
    });
  }
  const singleProcess = config.DATABASE_URL && config.BLOB_STORE === "local" && !config.BLOB_DIR_SHARED;
  const running: { app?: FastifyInstance } = {};
  const singleProcessLock = singleProcess
    ? await holdSingleProcessLock(config.DATABASE_URL ?? "", singleProcessLockEvents(running)).catch(
        (error: unknown) => {
          throw unreachableDatabase(config.DATABASE_URL ?? "", error) ?? error;
        },
      )
    : undefined;
  // One logger from the start: start-up (migrations, warnings) and the app write the same lines.
  // At a terminal in development, readable lines and only warnings unless LOG_LEVEL asks for more
  // (the address and the demo log-ins are printed apart); JSON everywhere else.
  const output = logOutputFor(process.stdout, config.NODE_ENV);
  const log =
    output === "lines"
      ? pino(loggerOptions(process.env.LOG_LEVEL ? config.LOG_LEVEL : "warn"), readableLines(process.stdout))
      : pino(loggerOptions(config.LOG_LEVEL));
  // What this process runs with, secrets withheld and passwords in URLs masked: for operators.
  if (output === "json") log.info({ config: configSummary(config) }, "configuration");
  for (const warning of config.warnings) log.warn({ setting: warning.split(" ")[0] }, warning);
  const database = await openConfiguredDatabase(config, (migrations) => {
    for (const migration of migrations) log.info({ migration }, "migration applied");
  }).catch(async (error: unknown) => {
    await singleProcessLock?.release();
    throw error;
  });
  // While the single-process lock is not held (lost with a database restart), attachments wait.
  // Writes are tracked so that a drain can wait for cut uploads to remove their partial files.
  const configuredStore = blobStoreFor(config);
  const blobStore = trackPendingWrites(
    singleProcessLock ? blobStoreWhile(configuredStore, () => singleProcessLock.held) : configuredStore,
  );
  const secret = resolveSessionSecret(config);
  const app = await buildApp({
    config,
    db: database.db,
    blobStore,
    secret,
    now: () => new Date(),
    serveWebApp: true,
    loggerInstance: log,
    tracing: tracingStarted(),
  }).catch(async (error: unknown) => {
    await database.close(); // releases the data-dir lock too
    await singleProcessLock?.release();
    throw error;
  });
  running.app = app;
  // Last of all (onClose hooks run last-added first): the database and the single-process lock
  // go only once every upload has finished or, cut by the drain, removed its partial file; while
  // the lock is not held, attachments answer 503.
  app.addHook("onClose", async () => {
    await blobStore.writesSettled();
    await database.close();
    await singleProcessLock?.release();
  });

  const pendingMaxAgeMs = pendingUploadMaxAgeMs(config.REQUEST_TIMEOUT_SECONDS);
  const logSweepFailure = (err: unknown) => app.log.error({ err }, "could not sweep abandoned upload files");
  const uploadSweeps = repeatingRound({
    firstAfterMs: 0,
    intervalMs: SWEEP_INTERVAL_MS,
    stopWaitMs: SWEEP_STOP_WAIT_MS,
    run: () => sweepUploads(app, database.db, blobStore),
    onFailure: logSweepFailure,
  });
  const spoolSweeps = repeatingRound({
    firstAfterMs: 0,
    intervalMs: SPOOL_SWEEP_INTERVAL_MS,
    stopWaitMs: SWEEP_STOP_WAIT_MS,
    run: async () => {
      const removed = await blobStore.sweepPending(pendingMaxAgeMs);
      if (removed > 0) app.log.info({ removed }, "removed abandoned upload files");
    },
    onFailure: logSweepFailure,
  });
  uploadSweeps.start();
  spoolSweeps.start();
  app.addHook("onClose", async () => {
    await Promise.all([uploadSweeps.stop(), spoolSweeps.stop()]);
  });

  // Mails queued by committed events, sent once listening; stopped before the database closes
  // (onClose hooks run last-added first).
  const mailTransport = createMailTransport(config);
  // The store and the relay are tried before the portal listens: what fails is named in one line.
  await checkOutsideSystems(config, blobStore, mailTransport).catch(async (error: unknown) => {
    mailTransport.close();
    await app.close();
    throw error;
  });
  // Members' data archives, prepared in the background; the daily retention purge.
  const exportWorker = createExportWorker({
    db: database.db,
    blobStore,
    brand: config.brand,
    timeZone: config.TIME_ZONE,
    log: app.log,
  });
  const purge = startDailyRetentionPurge({ db: database.db, blobStore, config, log: app.log });
  app.addHook("onClose", async () => {
    await Promise.all([purge.stop(), exportWorker.stop()]);
  });
  // The reports' summaries still to be worked out (after an upgrade, every conversation found).
  const reportSummaries = createSummaryJob({ db: database.db, timeZone: config.TIME_ZONE, log: app.log });
  app.addHook("onClose", () => reportSummaries.stop());
  // The queue's counts and the reports' volumes: their changes folded in the background.
  const counterFolds = createCounterFolds({ db: database.db, log: app.log });
  app.addHook("onClose", () => counterFolds.stop());
  const mailWorker = createMailWorker({
    db: database.db,
    transport: mailTransport,
    secret,
    log: app.log,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    blobStore,
    supportMailbox: config.SUPPORT_MAILBOX,
  });
  app.addHook("onClose", async () => {
    await mailWorker.stop();
    mailTransport.close();
  });

  // Members' replies read from the support mailbox (INBOUND_IMAP_URL; unset: none), checked before listening.
  const inboundPoller = inboundPollerFor(config, {
    db: database.db,
    blobStore,
    secret,
    log: app.log,
    onPoll: (outcome) => app.metrics.inboundMailPolled(outcome),
  });
  if (inboundPoller) {
    await inboundPoller.verify().catch(async (error: Error) => {
      await app.close();
      throw new StartupError(`INBOUND_IMAP_URL: ${error.message}`);
    });
    app.addHook("onClose", () => inboundPoller.stop());
  }

  const seeded = config.seedDemoData
    ? await seedDemoData(database.db, blobStore, new Date(), config.TIME_ZONE, config.PASSWORD_HASH_COST)
    : false;

  installGracefulDrain(app, {
    graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
    uploadsSettled: () => blobStore.writesSettled(),
  });

  // Prometheus' /metrics on a listener of its own (METRICS_PORT; 0: off), closed with the app.
  await startMetricsListener(app, config);
  // The spans not yet sent leave before the process ends (OTEL_EXPORTER_OTLP_ENDPOINT).
  app.addHook("onClose", stopTracing);

  // Asked before listening, so the log-ins are printed the moment the portal answers.
  const demoLogins = await workingDemoLogins(database.db);
  await app.listen({ port: config.PORT, host: config.HOST }).catch(async (error: NodeJS.ErrnoException) => {
    await app.close(); // closes the database and frees the data directory
    if (error.code === "EADDRINUSE" || error.code === "EACCES" || error.code === "EADDRNOTAVAIL") {
      throw new StartupError(
        `Cannot listen on ${config.HOST}:${config.PORT} (${error.code}): another process may be using the port. Stop it, or set PORT (and HOST) to another.`,
      );
    }
    throw error;
  });
  mailWorker.start();
  exportWorker.start();
  reportSummaries.start();
  counterFolds.start();
  inboundPoller?.start();
  app.log.info({ transport: mailTransport.description }, "mail worker started");
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const where = config.DATABASE_URL ? "PostgreSQL server" : `embedded database in ${config.DATA_DIR}`;
  const lines = [`Member portal: http://localhost:${port}/ (${where})`];
  if (seeded) lines.push("Demo data seeded.");
  for (const login of demoLogins) {
    lines.push(`${login.label} log-in: username ${login.username}, password ${login.password}`);
  }
  // At a terminal, plain lines whatever the level (what a newcomer's npm start is for); else one
  // JSON line each, like every other line.
  if (output === "lines") process.stdout.write(`${lines.join("\n")}\n`);
  else for (const line of lines) app.log.info(line);
  if (singleProcess) {
    // A limit the operator must know of, whatever LOG_LEVEL hides.
    app.log.warn(
      "One process only: attachments are kept in this process's DATA_DIR (BLOB_STORE=local); a second process on this database will refuse to start.",
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) fail(error.message);
  // Not an operator's mistake: a bug or an outside failure with no words of ours. Its code and
  // frames are logged, never its message (it may quote data).
  processLog.fatal({ err: error }, "the portal could not start");
  process.exit(1);
});
