/**
 * Whether a failed statement broke a unique constraint (SQLSTATE 23505). Drizzle wraps the
 * driver's error, so the code may sit on the error or on its cause.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === "23505" || isUniqueViolation(cause);
}
