// A hot read built once per database handle and sent as a named prepared statement: each request
// then only binds its values, instead of Drizzle building the SQL again (a sixth of the server's
// time on a query's view) and PostgreSQL parsing it again. The handle is the pool (or the embedded
// database); a transaction is a handle of its own and gets its own statement (docs/decisions/0014).

export function preparedPerDatabase<Handle extends object, Statement>(
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
