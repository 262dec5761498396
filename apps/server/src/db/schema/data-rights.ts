import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/data-rights owns: it alone writes them (modules/table-ownership.test.ts).

/**
 * A member whose data the retention purge and an erasure must leave alone (a dispute, a complaint
 * to the regulator, litigation), set by the information officer with a reason. Releasing deletes
 * the row; the audit trail keeps that it was set and released.
 */
export const legalHolds = pgTable("legal_holds", {
  memberEntityNumber: integer("member_entity_number")
    .primaryKey()
    .references(() => members.entityNumber, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  setByEntityNumber: integer("set_by_entity_number").notNull(),
});

/**
 * A member's request under POPIA (access, correction, deletion) as the information officer
 * recorded it, with the day it is due and, once answered, how; a deletion keeps its erasure report.
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    requestId: integer("request_id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status").notNull().default("OPEN"),
    notes: text("notes").notNull().default(""),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    recordedByEntityNumber: integer("recorded_by_entity_number").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    outcome: text("outcome"),
    erasureReport: jsonb("erasure_report"),
  },
  (table) => [
    check("data_requests_kind_known", sql`${table.kind} in ('ACCESS', 'CORRECTION', 'DELETION')`),
    check("data_requests_status_known", sql`${table.status} in ('OPEN', 'COMPLETED')`),
    // The desk's list: one status, newest first, by key.
    index("data_requests_status").on(table.status, table.requestId),
    // One member's requests: the open access requests an archive on their behalf may answer.
    index("data_requests_member").on(table.memberEntityNumber, table.requestId),
  ],
);

/**
 * An archive of everything the portal holds about a member, made in the background
 * (modules/data-rights/export-worker.ts): asked for by the member (one a day) or by the
 * information officer on their behalf; offered for seven days, then removed with its file.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    exportId: integer("export_id").primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    /** The member themselves, or the information officer who asked on their behalf. */
    requestedByEntityNumber: integer("requested_by_entity_number").notNull(),
    status: text("status").notNull().default("QUEUED"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** Fixed when asked for, so a crash between writing the file and this row leaves no orphan. */
    blobKey: text("blob_key").notNull().unique(),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** When a worker took it; a RUNNING export not touched for long is taken again (a crash). */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * Why the information officer pulled it: the member's access request it answers, or a written
     * reason (one of the two for an archive made on a member's behalf; neither for the member's own).
     */
    dataRequestId: integer("data_request_id").references(() => dataRequests.requestId, {
      onDelete: "set null",
    }),
    reason: text("reason"),
  },
  (table) => [
    check(
      "data_exports_status_known",
      sql`${table.status} in ('QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED')`,
    ),
    index("data_exports_member").on(table.memberEntityNumber, table.requestedAt),
    // The worker's queue: the oldest waiting first.
    index("data_exports_waiting").on(table.requestedAt).where(sql`${table.status} in ('QUEUED', 'RUNNING')`),
    // The purge: archives past their seven days.
    index("data_exports_expiry").on(table.expiresAt).where(sql`${table.status} = 'READY'`),
  ],
);
