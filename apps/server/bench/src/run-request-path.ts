import path from "node:path";
import { fileURLToPath } from "node:url";
import { stop } from "./child-process.js";
import { startPortal, startPortalFork } from "./portal-process.js";
import { demoMemberSession } from "./portal-session.js";
import {
  benchPortalOwnCost,
  OPEN_LIST_PATH,
  REQUEST_PATH_PARTS,
  type RequestPathPart,
} from "./request-path.js";
import { newStore } from "./throwaway-store.js";

// The portal's own cost on the request path alone (npm run bench runs it with the others), against
// a PostgreSQL server:
//   npx tsc -b packages/domain apps/server apps/server/bench && \
//     DATABASE_URL=postgres://… node apps/server/bench/dist/run-request-path.js
// BENCH_REQUEST_PATH=steady (or reads, help; comma-separated) runs only those parts.
const here = path.dirname(fileURLToPath(import.meta.url));
const serverScript = process.env.BENCH_SERVER ?? path.join(here, "..", "..", "dist", "server.js");
const port = 18904;
const forkPort = 18905;
const say = (line: string) => process.stdout.write(`${line}\n`);

function partsAsked(): RequestPathPart[] {
  const asked = (process.env.BENCH_REQUEST_PATH ?? REQUEST_PATH_PARTS.join(",")).split(",");
  const unknown = asked.filter((part) => !(REQUEST_PATH_PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_REQUEST_PATH: ${unknown.join(", ")}? (the parts are ${REQUEST_PATH_PARTS.join(", ")})`,
    );
  }
  return asked as RequestPathPart[];
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL must name a PostgreSQL server");
  const parts = partsAsked();
  const store = await newStore("request_path", "server");
  try {
    const portal = await startPortal(store, serverScript, port, true);
    try {
      const base = `http://127.0.0.1:${port}`;
      await benchPortalOwnCost({
        base,
        session: await demoMemberSession(base),
        databaseUrl: store.env.DATABASE_URL ?? "",
        startPortalFork: () => startPortalFork(store, serverScript, forkPort),
        openListPath: OPEN_LIST_PATH,
        seconds: Number(process.env.BENCH_SECONDS ?? 10),
        say,
        parts,
      });
    } finally {
      await stop(portal);
    }
  } finally {
    await store.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
