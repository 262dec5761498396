import { refuseOlderNode } from "../startup/node-version.js";

// Imported first by cli.ts: an older Node is refused before any command loads, in the plain
// sentence the command line uses for every operator's error.
refuseOlderNode((problem) => problem);
