import path from "node:path";
import { fileURLToPath } from "node:url";
import { FIRST_LOAD_BUDGET, firstLoadSizes } from "./first-load.js";

// The first-load sizes alone, from the web build (npm run bench prints them with the others):
//   npm run build -w apps/web && npx tsc -b apps/server/bench && node apps/server/bench/dist/run-first-load.js

const webDist = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "web", "dist");
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

firstLoadSizes(webDist).then(
  ({ jsGzipBytes, cssGzipBytes, files }) => {
    process.stdout.write(
      [
        `Member first load (gzip -9): JS ${kilobytes(jsGzipBytes)} (budget <= ${kilobytes(FIRST_LOAD_BUDGET.jsGzipBytes)}), CSS ${kilobytes(cssGzipBytes)} (budget <= ${kilobytes(FIRST_LOAD_BUDGET.cssGzipBytes)})`,
        ...files.map((file) => `  ${file}`),
        "",
      ].join("\n"),
    );
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
