/** A reason the process cannot start that an operator can fix; printed as one message, no stack. */
export class StartupError extends Error {
  override name = "StartupError";
}
