import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/database.js";
import { arrayOf } from "./sql-arrays.js";

// Multi-row statements: each batch of rows goes to the database as one array per column, spread
// into rows by unnest(). One statement per batch whatever its width, never near PostgreSQL's
// 65 535 bind parameters, and PGlite runs the same SQL.

/** Rows per statement: large enough that round trips do not count, small enough to stay light. */
export const BATCH_ROWS = 5_000;

type Values = readonly unknown[];

function* batches<T>(rows: readonly T[]): Generator<readonly T[]> {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) yield rows.slice(start, start + BATCH_ROWS);
}

const names = (columns: readonly PgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/** unnest($1::integer[], $2::text[], …) of the batch's values, one array per column. */
function unnestOf<T>(columns: readonly PgColumn[], batch: readonly T[], values: (row: T) => Values): SQL {
  const arrays = columns.map(() => [] as unknown[]);
  for (const row of batch) {
    const rowValues = values(row);
    arrays.forEach((array, index) => {
      array.push(rowValues[index]);
    });
  }
  const columnArrays = columns.map((column, index) => arrayOf(column, arrays[index] ?? []));
  return sql`unnest(${sql.join(columnArrays, sql`, `)}) as v(${names(columns)})`;
}

const matches = (keys: readonly PgColumn[]) =>
  sql.join(
    keys.map((key) => sql`${key} = v.${sql.identifier(key.name)}`),
    sql` and `,
  );

export class BatchWriter {
  constructor(
    private readonly db: Queryable,
    /** Told after each statement how many rows it wrote: the progress bar. */
    private readonly onRows: (rows: number) => void = () => undefined,
  ) {}

  /** insert into table (columns…) the rows; `values` gives each row's values in column order. */
  async insert<T>(
    table: PgTable,
    columns: readonly PgColumn[],
    rows: readonly T[],
    values: (row: T) => Values,
  ) {
    for (const batch of batches(rows)) {
      await this.db.execute(
        sql`insert into ${table} (${names(columns)}) select * from ${unnestOf(columns, batch, values)}`,
      );
      this.onRows(batch.length);
    }
  }

  /** update table set columns… where keys…; `values` gives the keys' values, then the columns'. */
  async update<T>(
    table: PgTable,
    keys: readonly PgColumn[],
    columns: readonly PgColumn[],
    rows: readonly T[],
    values: (row: T) => Values,
  ) {
    const assignments = sql.join(
      columns.map((column) => sql`${sql.identifier(column.name)} = v.${sql.identifier(column.name)}`),
      sql`, `,
    );
    for (const batch of batches(rows)) {
      await this.db.execute(
        sql`update ${table} set ${assignments} from ${unnestOf([...keys, ...columns], batch, values)} where ${matches(keys)}`,
      );
      this.onRows(batch.length);
    }
  }

  /** delete from table the rows whose keys match; `values` gives each row's key values. */
  async delete<T>(table: PgTable, keys: readonly PgColumn[], rows: readonly T[], values: (row: T) => Values) {
    for (const batch of batches(rows)) {
      await this.db.execute(
        sql`delete from ${table} using ${unnestOf(keys, batch, values)} where ${matches(keys)}`,
      );
      this.onRows(batch.length);
    }
  }
}
