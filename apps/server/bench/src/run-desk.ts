import { benchDeskPlans } from "./desk-plans.js";

// The desk's bench alone (npm run bench runs it with the others), against a PostgreSQL server:
//   npx tsc -b packages/domain apps/server apps/server/bench && \
//     DATABASE_URL=postgres://… node apps/server/bench/dist/run-desk.js
benchDeskPlans((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
