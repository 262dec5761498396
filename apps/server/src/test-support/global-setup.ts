// CI must run the server suite on PostgreSQL too: a missing DATABASE_URL fails the run loudly
// instead of quietly testing PGlite alone.
export default function setup(): void {
  if (process.env.CI === "true" && !process.env.DATABASE_URL) {
    throw new Error(
      "CI=true but DATABASE_URL is not set: the PostgreSQL-server suite cannot run. Start a server (scripts/test.sh does).",
    );
  }
}
