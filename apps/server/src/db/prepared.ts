import { Column, fillPlaceholders, is, SQL } from "drizzle-orm";
import pg from "pg";

// A hot read built once per database handle and sent as a named prepared statement: each request
// then only binds its values, instead of Drizzle building the SQL again (a sixth of the server's
// time on a query's view) and PostgreSQL parsing it again. The handle is the pool (or the embedded
// database); a transaction is a handle of its own and gets its own statement (docs/decisions/0014).

function preparedPerDatabase<Handle extends object, Statement>(
  prepare: (db: Handle) => Statement,
): (db: Handle) => Statement {
  const statements = new WeakMap<Handle, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/** A select Drizzle builds: its fields, its SQL with placeholders, and Drizzle's own prepared statement. */
interface PreparableSelect {
  readonly _: { readonly selectedFields: Record<string, unknown> };
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

type PreparedRead<Select extends PreparableSelect> = Pick<ReturnType<Select["prepare"]>, "execute">;

// What Drizzle's node-postgres driver leaves as text for its columns to decode (their
// mapFromDriverValue): times, dates and intervals, scalar and array.
const TEXT_TYPES = new Set([1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const driverTypes = {
  getTypeParser: (typeId: number, format?: string) =>
    TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format as "text"),
};

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** An expression's decoder (its mapWith): a property Drizzle's row mapping reads, not in its typings. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

function decoderOf(key: string, field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, SQL.Aliased)) return decoderOfSql(field.sql);
  throw new Error(
    `preparedRead: the field ${key} is not a column or an expression (nested selections are not read)`,
  );
}

/**
 * preparedPerDatabase for a select, executed on PostgreSQL by node-postgres directly: the same
 * named statement and the same values as Drizzle's prepared statement, each field decoded as
 * Drizzle decodes it, without Drizzle's per-call layers (its tracing spans, cache and logger
 * wrappers and row mapping: about 9 µs a statement, a twentieth of a member's request;
 * docs/decisions/0014). The embedded database and transactions keep Drizzle's own.
 */
export function preparedRead<Handle extends object, Select extends PreparableSelect>(
  name: string,
  build: (db: Handle) => Select,
): (db: Handle) => PreparedRead<Select> {
  return preparedPerDatabase((db: Handle): PreparedRead<Select> => {
    const select = build(db);
    const pool = (db as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return select.prepare(name) as PreparedRead<Select>;
    const { sql: text, params } = select.toSQL();
    const fields = Object.entries(select._.selectedFields).map(
      ([key, field]) => [key, decoderOf(key, field)] as const,
    );
    const config = { name, text, rowMode: "array" as const, types: driverTypes };
    // Every row starts as a copy of one object with all its fields, so the rows of a statement
    // share one shape instead of each growing field by field (the open list: 3 800 instructions a
    // request fewer).
    const emptyRow: Record<string, unknown> = Object.fromEntries(fields.map(([key]) => [key, null]));
    const execute = async (values: Record<string, unknown> = {}) => {
      const result = await pool.query<unknown[]>(config, fillPlaceholders(params, values));
      return result.rows.map((row) => {
        const decoded = { ...emptyRow };
        for (let index = 0; index < fields.length; index += 1) {
          const [key, decoder] = fields[index] as (typeof fields)[number];
          const value = row[index];
          decoded[key] = value === null || value === undefined ? null : decoder.mapFromDriverValue(value);
        }
        return decoded;
      });
    };
    return { execute } as PreparedRead<Select>;
  });
}
