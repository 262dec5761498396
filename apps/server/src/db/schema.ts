// One schema for both the embedded database (PGlite) and a PostgreSQL server.
// Changes go through `npm run db:generate -w apps/server`, which writes a new migration.
//
// Each module's tables are declared in db/schema/<module>.ts; that module alone writes them and
// its files import only that file (modules/table-ownership.test.ts). This file gathers them for
// drizzle-kit, the database's type, the migrations' checks and tests.

export * from "./schema/access.js";
export * from "./schema/accounts.js";
export * from "./schema/conversations.js";
export * from "./schema/data-rights.js";
export * from "./schema/gateway.js";
export * from "./schema/inbound-mail.js";
export * from "./schema/mail.js";
export * from "./schema/member-details.js";
export * from "./schema/members.js";
export * from "./schema/register.js";
export * from "./schema/reports.js";
export * from "./schema/session.js";
export * from "./schema/smart-inquiry.js";
export * from "./schema/staff-sign-in.js";
export * from "./schema/storage.js";
