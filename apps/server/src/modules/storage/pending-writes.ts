import type { BlobStore } from "./blob-store.js";

// Uploads still being written when the process stops: a write whose connection is cut deletes its
// partial file (blob-store.ts), but only if the process lives until it has. The drain at shutdown
// waits for these to settle before it exits, so no .part file is left for the hourly sweep.

export interface TrackedBlobStore extends BlobStore {
  /** Resolves once every write under way now has finished or cleaned up after itself. */
  writesSettled(): Promise<void>;
  /** How many writes are under way (for metrics and the drain's log line). */
  writesInFlight(): number;
}

export function trackPendingWrites(store: BlobStore): TrackedBlobStore {
  const underWay = new Set<Promise<unknown>>();
  return {
    ...store,
    writePending(key, source) {
      const writing = store.writePending(key, source);
      underWay.add(writing);
      const settle = () => underWay.delete(writing);
      writing.then(settle, settle);
      return writing;
    },
    async writesSettled() {
      await Promise.allSettled([...underWay]);
    },
    writesInFlight: () => underWay.size,
  };
}
