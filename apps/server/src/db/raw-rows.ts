import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "./database.js";

/** Rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<Row>(db: Queryable, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A list of integers for `in (…)`: each a bound parameter. */
export function intList(values: readonly number[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}
