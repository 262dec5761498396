// The member logged in again in the dialog after their session had ended. What failed while it was
// gone (a query sent, a list loaded) failed for that reason alone, so its error is stale: the
// parts of the page that keep one listen here and clear it. A plain set of listeners: nothing is
// shared between tabs, each has its own dialog.

type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` each time the session is taken up again; returns the way to stop. */
export function onSessionResumed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionResumed(): void {
  for (const listener of listeners) listener();
}
