import type { TestProject } from "vitest/node";
import { createDatabaseTemplates } from "./database-templates.js";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // CI must run the server suite on PostgreSQL too: a missing DATABASE_URL fails the run loudly
  // instead of quietly testing PGlite alone.
  if (process.env.CI === "true" && !process.env.DATABASE_URL) {
    throw new Error(
      "CI=true but DATABASE_URL is not set: the PostgreSQL-server suite cannot run. Start a server (scripts/test.sh does).",
    );
  }
  const templates = await createDatabaseTemplates(process.env.DATABASE_URL);
  project.provide("pgliteTemplateFile", templates.pgliteTemplateFile);
  project.provide("postgresTemplateDatabase", templates.postgresTemplateDatabase);
  return () => templates.dispose();
}
