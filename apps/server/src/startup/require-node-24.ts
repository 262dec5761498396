import { refuseOlderNode } from "./node-version.js";

// Imported first by server.ts and tracing.ts: an older Node is refused before anything else
// loads. The logger does not exist yet: a line of pino's shape (fatal), like every other line.
refuseOlderNode((problem) => JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: problem }));
