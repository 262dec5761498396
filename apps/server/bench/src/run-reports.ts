import { benchReportsPlans } from "./reports-plans.js";

// The reports' bench alone (npm run bench runs it with the others), against a PostgreSQL server:
//   npx tsc -b packages/domain apps/server apps/server/bench && \
//     DATABASE_URL=postgres://… node apps/server/bench/dist/run-reports.js
benchReportsPlans((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
