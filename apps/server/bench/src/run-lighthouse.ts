import { LIGHTHOUSE_BUDGET, lighthouseScores } from "./lighthouse.js";
import { demoMemberSession } from "./portal-session.js";

// Lighthouse alone, against a portal already running with the demo data (npm run bench runs it
// with the others):
//   npx tsc -b apps/server/bench && node apps/server/bench/dist/run-lighthouse.js http://127.0.0.1:8080 [runs]
// Simulated throttling makes the performance score depend a little on the machine's other load,
// so a second argument repeats the runs.

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const baseUrl = (process.argv[2] ?? "http://127.0.0.1:8080").replace(/\/+$/, "");
  const runs = Number(process.argv[3] ?? 1);
  say(`Lighthouse (mobile, simulated throttling) against ${baseUrl}:`);
  for (let run = 1; run <= runs; run += 1) {
    // A fresh log-in per run: the session would otherwise run out between runs (idle timeout).
    const session = await demoMemberSession(baseUrl);
    const scores = await lighthouseScores(baseUrl, session.cookieHeader());
    for (const { page, performance, accessibility } of scores) {
      const figures = `performance ${performance.toFixed(2)}  accessibility ${accessibility.toFixed(2)}`;
      say(`  run ${run}  ${page.padEnd(22)} ${figures}`);
    }
  }
  say(
    `Budgets: performance >= ${LIGHTHOUSE_BUDGET.performance}, accessibility >= ${LIGHTHOUSE_BUDGET.accessibility}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
