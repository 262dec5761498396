import type { ChildProcess } from "node:child_process";
import { startNode, stop, waitForHttp } from "./child-process.js";
import type { Store } from "./throwaway-store.js";

export const PING_PATH = "/portal/wlxapp/Ping.srv";

/** The built server on the store, in a process of its own, answering; `seed` seeds the demo members. */
export async function startPortal(
  store: Store,
  serverScript: string,
  port: number,
  seed: boolean,
  nodeOptions: string[] = [],
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const portal = startNode([...nodeOptions, serverScript], {
    ...store.env,
    // An embedded store must not pick up the caller's server database.
    DATABASE_URL: store.env.DATABASE_URL ?? "",
    // Its own files only, whatever the caller's environment says (an S3 bucket in use, say).
    BLOB_STORE: "local",
    PORT: String(port),
    LOG_LEVEL: "warn",
    SEED_DEMO_DATA: String(seed),
    // One demo member stands in for 20 members sending at once: the per-member limits are lifted.
    MAX_UPLOADS_IN_FLIGHT_PER_MEMBER: "20",
    MEMBER_QUERIES_PER_HOUR: "10000",
    MEMBER_UPLOAD_MB_PER_DAY: "100000",
    // Every load comes from loopback, standing in for many clients: no cap per address.
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    ...env,
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}${PING_PATH}`, portal, 120_000);
  } catch (error) {
    await stop(portal);
    throw error;
  }
  return portal;
}

/** A portal process of its own, and how to reach and stop it. */
export interface PortalFork {
  base: string;
  stop(): Promise<void>;
}

/**
 * Another portal process on a store a running portal already migrated and seeded, at `port`: a
 * fresh process to measure. It shares that portal's DATA_DIR (so its blob directory, as it says),
 * and its metrics listener takes the port 1000 above its own.
 */
export async function startPortalFork(store: Store, serverScript: string, port: number): Promise<PortalFork> {
  const child = await startPortal(store, serverScript, port, false, [], {
    BLOB_DIR_SHARED: "true",
    METRICS_PORT: String(port + 1000),
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}
