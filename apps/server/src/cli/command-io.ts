import type { Writable } from "node:stream";
import type { PasswordSource } from "./read-password.js";

/** What a command reads and writes: the process's own streams and environment, or a test's. */
export interface CommandIo {
  stdin: PasswordSource;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

/** A command refused as asked, worded for the operator; the usage follows when `showUsage`. */
export class CommandError extends Error {
  override name = "CommandError";
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

/** How the operator starts a command, as the usage and the messages write it. */
export const CLI = "node apps/server/dist/cli.js";
