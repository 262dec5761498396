import { pino } from "pino";
import { loggerOptions } from "./logger.js";

// The lines a server process writes outside a request and before (or without) the app's logger:
// a refused start, a lost database connection, the data directory tightened, the admin socket.
// JSON like every other line, so a log shipper reads them all the same way; on standard error,
// written at once, so a process that exits right after still says why.

export const processLog = pino(loggerOptions("info"), pino.destination({ fd: 2, sync: true }));
