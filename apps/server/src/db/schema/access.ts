import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/access owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * Append-only record of every read of another person's data and every change: who did it, whose
 * data, which resource, when, under which request. Never the data itself. No foreign keys: the
 * trail outlives the people it names. Updates and deletes are refused by a trigger (see migration).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorEntityNumber: integer("actor_entity_number").notNull(),
    subjectEntityNumber: integer("subject_entity_number").notNull(),
    resource: text("resource").notNull(),
    action: text("action").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    requestId: text("request_id").notNull(),
    /** The query or document submission the path named, where it named one ("query 300001"). */
    referenceNumber: integer("reference_number"),
    /** Figures only, never personal data: a retention purge's counts by kind. */
    detail: jsonb("detail"),
  },
  (table) => [
    // Newest first, by key (at, id): a member's access history, and the audit trail by member,
    // by staff account, by kind, or by date alone; the purge finds rows past retention by `at`.
    index("audit_events_subject").on(table.subjectEntityNumber, table.at, table.id),
    index("audit_events_actor").on(table.actorEntityNumber, table.at, table.id),
    index("audit_events_resource").on(table.resource, table.at, table.id),
    index("audit_events_at").on(table.at, table.id),
  ],
);

/** The roles a person holds (MEMBER_ROLES of the domain): members, and the scheme's staff. */
export const memberRoles = pgTable(
  "member_roles",
  {
    entityNumber: integer("entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    role: text("role").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.entityNumber, table.role] }),
    // Who holds a role, in entity order: the supervisors' Staff page pages through staff by it.
    index("member_roles_role").on(table.role, table.entityNumber),
    check(
      "member_roles_role_known",
      sql`${table.role} in ('MEMBER', 'STAFF_AGENT', 'STAFF_SUPERVISOR', 'STAFF_INFORMATION_OFFICER')`,
    ),
  ],
);
