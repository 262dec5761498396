// What runs the built server, after node: the same for npm start (scripts/start.mjs), the image's
// CMD and the systemd units' ExecStart (apps/server/src/packaging.test.ts holds them to it). The
// tracing preload comes first: it must patch pg and fastify before the server loads them.
export const SERVER_ARGS = ["--import", "./apps/server/dist/tracing.js", "apps/server/dist/server.js"];
