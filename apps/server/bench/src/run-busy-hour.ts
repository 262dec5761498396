import { benchBusyHour } from "./busy-hour.js";

// The busy hour alone (npm run bench runs it with the others). It starts a PostgreSQL 15 cluster
// of its own (it restarts it), so it needs no DATABASE_URL:
//   npx tsc -b packages/domain apps/server apps/server/bench && \
//     BENCH_BUSY_HOUR_SECONDS=30 BENCH_BUSY_HOUR_FILL=100000 node_modules/.bin/node apps/server/bench/dist/run-busy-hour.js
// The portal needs Node 24 (npm run bench checks it); the node on PATH may be older.
if (Number(process.versions.node.split(".")[0]) < 24) {
  console.error(`Node ${process.version}: the portal needs Node 24 (node_modules/.bin/node after npm ci)`);
  process.exit(1);
}
benchBusyHour((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
