import { isHttpError } from "../http";

/** A sentence for a failed console call: what went wrong in words, never the server's text. */
export function consoleErrorMessage(error: Error, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  if (error.status === 403) return "You do not have permission to do this.";
  if (error.status === 404) return "It was not found. It may have been removed, or the link is wrong.";
  if (error.status === 0)
    return "The server could not be reached. Please check your connection and try again.";
  return fallback;
}

export function isForbidden(error: Error | null): boolean {
  return isHttpError(error) && error.status === 403;
}

/**
 * The information officer's calls say in words why they refused (an unknown member, a request
 * already completed, a field the server would not take): those answers' message is shown as it is.
 * Anything else is worded as the console's other failures are.
 */
export function refusalMessage(error: Error, fallback: string): string {
  if (isHttpError(error) && [400, 404, 409].includes(error.status) && error.body?.message) {
    return error.body.message;
  }
  return consoleErrorMessage(error, fallback);
}
