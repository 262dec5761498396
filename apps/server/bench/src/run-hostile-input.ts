import { benchHostileInput } from "./hostile-input.js";

// The hostile-input bench alone (npm run bench runs it with the others; no database):
//   npx tsc -b packages/domain apps/server apps/server/bench && node apps/server/bench/dist/run-hostile-input.js
benchHostileInput((line) => process.stdout.write(`${line}\n`)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
