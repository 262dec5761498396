import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./members.js";

// The tables modules/gateway owns: it alone writes them (modules/table-ownership.test.ts). The log-in
// step keeps the staff's second factors, their recovery codes and the sign-ins waiting for a code.

/**
 * A local staff log-in's second factor: a TOTP secret (RFC 6238), sealed with a key derived from
 * the session secret, so the database alone does not hold a usable one. Unconfirmed until the
 * first code is given; the last time step used is kept, so a code works once.
 */
export const staffSecondFactors = pgTable("staff_second_factors", {
  memberEntityNumber: integer("member_entity_number")
    .primaryKey()
    .references(() => members.entityNumber, { onDelete: "cascade" }),
  sealedSecret: text("sealed_secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  /** Which sign-in (session or pending sign-in) started an unconfirmed enrolment: a hash of its token's hash. */
  startedBy: text("started_by"),
});

/** Single-use recovery codes of a second factor: only their hashes, each spent once. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("staff_recovery_codes_member").on(table.memberEntityNumber)],
);

/**
 * A password accepted for a local staff log-in that still owes its second factor: no session yet,
 * only this short-lived token (its hash here) for the code step or the enrolment.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberEntityNumber: integer("member_entity_number")
      .notNull()
      .references(() => members.entityNumber, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("pending_sign_ins_member").on(table.memberEntityNumber)],
);
