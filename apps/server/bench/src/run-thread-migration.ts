import { benchThreadMigration } from "./thread-migration.js";

// The thread migration's bench alone (not part of npm run bench: it fills ten million queries):
//   npx tsc -b packages/domain apps/server apps/server/bench && \
//     DATABASE_URL=postgres://… node apps/server/bench/dist/run-thread-migration.js
benchThreadMigration((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
