import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_KINDS } from "../../../test-support/databases.js";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { rowsOf } from "../../db/raw-rows.js";
import { ERASURE_STEPS } from "./erasure-registry.js";

// Every table that holds a member's data, read from the migrated schema itself (a column that
// refers to a member, a query, a conversation or a document submission, or is named as one), has
// its own entry in the erasure registry: a new table with a member's data fails here until its
// erasure step (or the reason it is kept) is written down.

describe.each(TEST_DATABASE_KINDS)("the erasure registry, on %s", (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
  });
  afterAll(async () => testApp.close());

  it("names a step for every table with a member's data, and no table that is not there", async () => {
    const rows = await rowsOf<{ table_name: string }>(
      testApp.database.db,
      sql`
      select distinct c.table_name
      from information_schema.columns c
      where c.table_schema = 'public'
        -- Tables only: the views that keep an earlier release's names hold nothing of their own.
        and exists (select 1 from information_schema.tables t where t.table_schema = c.table_schema
          and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
        and (
          c.column_name in ('member_entity_number', 'reference_number', 'conversation_reference_number',
            'subject_entity_number', 'author_entity_number', 'entity_number')
          or exists (
            select 1
            from information_schema.key_column_usage k
            join information_schema.referential_constraints r
              on r.constraint_name = k.constraint_name and r.constraint_schema = k.constraint_schema
            join information_schema.constraint_column_usage u
              on u.constraint_name = r.unique_constraint_name and u.constraint_schema = r.unique_constraint_schema
            where k.table_schema = c.table_schema and k.table_name = c.table_name
              and k.column_name = c.column_name
              and u.table_name in ('members', 'queries', 'conversations', 'document_submissions')
          )
        )
      order by c.table_name`,
    );
    const tables = rows.map((row) => row.table_name);
    expect(tables.length).toBeGreaterThan(20);
    const missing = tables.filter((table) => !(table in ERASURE_STEPS));
    expect(missing, "tables with a member's data and no erasure step").toEqual([]);
    const stale = Object.keys(ERASURE_STEPS).filter((table) => !tables.includes(table));
    expect(stale, "erasure steps for tables that hold no member's data").toEqual([]);
  });
});
