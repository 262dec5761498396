import type { Db } from "../../db/database.js";
import { errorCodeOf, repeatingRound } from "../../lib/repeating-round.js";
import type { MailBrand } from "../mail/index.js";
import type { BlobStore } from "../storage/index.js";
import { claimExport, failExport, finishExport, reportProgress } from "./data-exports.js";
import { memberArchive } from "./member-archive.js";

// Prepares the archives members ask for, one at a time per process, in the background: claims the
// oldest waiting one (SKIP LOCKED: several processes share the queue), writes the zip straight into
// the blob store, and says how far it is (at most once a second) so the page can show progress.

export interface ExportWorkerOptions {
  db: Db;
  blobStore: BlobStore;
  brand: MailBrand;
  timeZone: string;
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void };
  now?: () => Date;
  intervalMs?: number;
}

export interface ExportWorker {
  start(): void;
  /** Prepares every waiting archive now (tests, and the loop's own round); returns how many. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

const PROGRESS_EVERY_MS = 1_000;

export function createExportWorker(options: ExportWorkerOptions): ExportWorker {
  const { db, blobStore, log } = options;
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 2_000;

  async function prepareOne(): Promise<boolean> {
    const row = await claimExport(db, now());
    if (!row) return false;
    const about = { exportId: row.exportId };
    let lastReport = 0;
    let total = 0;
    try {
      const zip = await memberArchive(
        db,
        blobStore,
        row.memberEntityNumber,
        { timeZone: options.timeZone, schemeName: options.brand.name, now: now() },
        (done, all) => {
          total = all;
          const at = now();
          if (at.getTime() - lastReport < PROGRESS_EVERY_MS && done < all) return;
          lastReport = at.getTime();
          void reportProgress(db, row.exportId, done, all, at).catch(() => undefined);
        },
      );
      // A file the zip cannot read ends its stream with the error, and so this write.
      const pending = await blobStore.writePending(row.blobKey, zip);
      await blobStore.commit(pending);
      if (await finishExport(db, row, { sizeBytes: pending.size, total }, options.brand, now())) {
        log.info({ ...about, sizeBytes: pending.size }, "data archive ready");
      } else {
        // Cancelled while it was written (the member's data erased): its file never stays.
        await blobStore.delete(row.blobKey);
        log.info(about, "data archive cancelled");
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      log.error(
        { ...about, errorCode: typeof code === "string" ? code : "EXPORT_FAILED" },
        "data archive failed",
      );
      await blobStore.delete(row.blobKey).catch(() => undefined);
      await failExport(db, row.exportId);
    }
    return true;
  }

  async function runOnce(): Promise<number> {
    let prepared = 0;
    while (!rounds.stopping && (await prepareOne())) prepared += 1;
    return prepared;
  }

  const rounds = repeatingRound({
    intervalMs,
    run: runOnce,
    onFailure: (error) =>
      log.error({ errorCode: errorCodeOf(error, "EXPORT_ROUND_FAILED") }, "data archive round failed"),
    // An archive being written is left to finish or to be taken again by another process (its
    // heartbeat stops): a shutdown never waits for a gigabyte.
    stopWaitMs: 2_000,
  });

  return { start: rounds.start, runOnce, stop: rounds.stop };
}
