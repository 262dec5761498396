import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

// Many values in one bind parameter: a PostgreSQL array, so a statement about 100 000 keys still
// has one parameter (the protocol allows 65 535) and one plan.

/** The values as one array parameter of the column's type. */
export function arrayOf(column: PgColumn, values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
}

/** `column = any(array)`: the column is one of the values. */
export function isAnyOf(column: PgColumn, values: readonly unknown[]): SQL {
  return sql`${column} = any(${arrayOf(column, values)})`;
}
