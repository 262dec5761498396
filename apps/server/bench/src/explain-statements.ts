import type pg from "pg";

// Each statement a portal function sent, shown with its plan and time (EXPLAIN ANALYZE), so an
// index that stops serving a list shows as a sequential scan in npm run bench's output.

export interface LoggedStatement {
  query: string;
  params: unknown[];
}

export async function explainAll(
  client: pg.Pool,
  what: string,
  statements: LoggedStatement[],
  say: (line: string) => void,
): Promise<void> {
  say("");
  say(`  ${what}:`);
  for (const { query, params } of statements) {
    if (!/^\s*(select|with)/i.test(query)) continue;
    const plan = await client.query(`explain (analyze, buffers, costs off) ${query}`, params);
    const lines = plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"] ?? "");
    say(`    ${query.replace(/\s+/g, " ").slice(0, 160)}${query.length > 160 ? " …" : ""}`);
    for (const line of lines) say(`      ${line}`);
  }
}
