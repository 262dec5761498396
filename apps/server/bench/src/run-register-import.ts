import { benchRegisterImport } from "./register-import.js";

// The register-import bench alone (npm run bench runs it with the others):
//   npx tsc -b packages/domain apps/server apps/server/bench && node apps/server/bench/dist/run-register-import.js
benchRegisterImport().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
