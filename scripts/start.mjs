import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIsFresh, inputFiles, inputSignature } from "./build-freshness.mjs";
import { SERVER_ARGS } from "./server-command.mjs";

// `npm start`: builds only when a source changed since the last build (scripts/build-freshness.mjs),
// then runs the server in this process's place, so Ctrl-C and SIGTERM reach it.

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const STAMP = "node_modules/.cache/member-portal/build-stamp";
const OUTPUTS = [
  "apps/server/dist/server.js",
  "apps/server/dist/tracing.js",
  "apps/web/dist/index.html",
  "packages/domain/dist",
];

if (!buildIsFresh(root, { outputs: OUTPUTS, stamp: STAMP })) {
  // Taken before the build: a file saved while it runs makes the next start build again.
  const startedAt = new Date();
  const signature = inputSignature(inputFiles(root));
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
  writeFileSync(path.join(root, STAMP), `${signature}\n`);
  utimesSync(path.join(root, STAMP), startedAt, startedAt);
}

const server = spawn(process.execPath, SERVER_ARGS, { cwd: root, stdio: "inherit" });
// A signal to this process alone (kill <pid>) reaches the server too, which drains and exits.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
