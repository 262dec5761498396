// The portal runs on Node 24 (package.json's engines). An older Node gets some way and then fails
// in ways that say nothing of the cause: Node 20 printed V8's "unrecognized flag" (not JSON) for a
// flag of v8-flags.ts and went on starting. This module imports nothing, so that the entry points
// that import it first refuse before anything else is loaded.

export const REQUIRED_NODE_MAJOR = 24;

/** The one sentence an older Node is refused with; undefined when `version` is new enough. */
export function olderNodeProblem(version: string): string | undefined {
  const major = Number.parseInt(version.replace(/^v/, ""), 10);
  if (major >= REQUIRED_NODE_MAJOR) return undefined;
  return `The portal needs Node ${REQUIRED_NODE_MAJOR} LTS, and this is Node ${version.replace(/^v/, "")}: start it with npm start (it runs node_modules/.bin/node, installed by npm ci) or install Node ${REQUIRED_NODE_MAJOR}.`;
}

/** Ends the process at once with the sentence, written by `write`, when Node is older than 24. */
export function refuseOlderNode(write: (problem: string) => string): void {
  const problem = olderNodeProblem(process.versions.node);
  if (problem === undefined) return;
  process.stderr.write(`${write(problem)}\n`);
  process.exit(1);
}
