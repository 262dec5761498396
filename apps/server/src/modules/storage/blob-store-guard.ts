import { serviceUnavailable } from "../../lib/unavailable.js";
import type { BlobStore } from "./blob-store.js";

/**
 * A blob store usable only while `available()` says so: writing, committing or reading a blob
 * otherwise answers 503 with Retry-After. server.ts ties it to the single-process lock, so that a
 * process that lost its lock (a database restart) neither stores an attachment another process
 * could not find nor serves one while the lock is not its own. Discarding and deleting its own
 * files, and the sweep of abandoned uploads, go on: they only clean up.
 */
export function blobStoreWhile(store: BlobStore, available: () => boolean): BlobStore {
  const check = () => {
    if (!available()) throw serviceUnavailable();
  };
  return {
    async writePending(key, source) {
      check();
      return store.writePending(key, source);
    },
    async commit(pending) {
      check();
      return store.commit(pending);
    },
    discard: (pending) => store.discard(pending),
    async read(key) {
      check();
      return store.read(key);
    },
    delete: (key) => store.delete(key),
    sweepPending: (olderThanMs) => store.sweepPending(olderThanMs),
  };
}
