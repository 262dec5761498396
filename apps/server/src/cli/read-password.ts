import type { Readable, Writable } from "node:stream";

// Passwords reach the command line's commands from a prompt or from standard input, never from
// argv: an argument is shown to every local user by `ps` and kept in the shell's history.

/** Standard input as a password is read from it: a terminal (a TTY) or a pipe or file. */
export type PasswordSource = Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/** Why no password was read, worded for the operator. */
export class PasswordInputError extends Error {
  override name = "PasswordInputError";
}

/** Ctrl-C at the prompt: the command stops without a change (exit code 130, as for SIGINT). */
export class PasswordPromptCancelled extends PasswordInputError {
  constructor() {
    super("Cancelled: nothing was changed.");
  }
}

export interface ReadPasswordOptions {
  input: PasswordSource;
  /** Where the prompt goes: standard error, so standard output stays the command's answer. */
  output: Writable;
  prompt: string;
  /** At a terminal, asked a second time; the two must match. Not asked of a pipe. */
  confirmPrompt?: string;
}

/**
 * At a terminal: a prompt, the password typed without echo (backspace works; Ctrl-C cancels),
 * asked twice when `confirmPrompt` is given. Otherwise: the first line of standard input, without
 * its line ending (`printf '%s\n' "$PASSWORD" | … ` or `< password-file`).
 */
export async function readPassword(options: ReadPasswordOptions): Promise<string> {
  const { input, output } = options;
  if (!input.isTTY || !input.setRawMode) return readFirstLine(input);
  const password = await promptWithoutEcho(input, output, options.prompt);
  if (options.confirmPrompt === undefined) return password;
  const again = await promptWithoutEcho(input, output, options.confirmPrompt);
  if (again !== password)
    throw new PasswordInputError("The two passwords typed differ: nothing was changed.");
  return password;
}

// ESC, then a CSI sequence (ESC [ … final byte), an SS3 one (ESC O x) or one character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is matched
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-9;?]*[ -/]*[@-~]|O.|.)?/g;

function promptWithoutEcho(input: PasswordSource, output: Writable, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error: Error | null) => {
      input.removeListener("data", onData);
      input.removeListener("end", onEnd);
      input.setRawMode?.(false);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onEnd = () => finish(new PasswordInputError("Standard input ended before a password was typed."));
    const onData = (chunk: Buffer | string) => {
      // Arrow keys and the like send escape sequences: they are not part of a password.
      const text = String(chunk).replace(ESCAPE_SEQUENCE, "");
      for (const character of text) {
        if (character === "\r" || character === "\n") return finish(null);
        if (character === "\u0003") return finish(new PasswordPromptCancelled());
        if (character === "\u0004") {
          if (typed === "") return finish(new PasswordPromptCancelled());
          continue;
        }
        if (character === "\u007f" || character === "\b") {
          typed = Array.from(typed).slice(0, -1).join("");
          continue;
        }
        // Ctrl-U clears what was typed, as a terminal's line editing does.
        if (character === "\u0015") {
          typed = "";
          continue;
        }
        if (character < " ") continue;
        typed += character;
      }
    };
    output.write(prompt);
    input.setRawMode?.(true);
    input.setEncoding("utf8");
    input.on("data", onData);
    input.once("end", onEnd);
    input.resume();
  });
}

function readFirstLine(input: PasswordSource): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    const finish = () => {
      input.removeListener("data", onData);
      input.removeListener("end", finish);
      input.removeListener("error", onError);
      // Nothing more is read: a pipe left open by the caller does not keep the command waiting.
      input.pause();
      input.destroy();
      const line = buffered.split("\n", 1)[0]?.replace(/\r$/, "") ?? "";
      if (line === "") {
        reject(
          new PasswordInputError(
            "No password on standard input. Run the command at a terminal to be asked for it, or give it as the first line of standard input (printf '%s\\n' \"$PASSWORD\" | node apps/server/dist/cli.js …).",
          ),
        );
      } else {
        resolve(line);
      }
    };
    const onData = (chunk: Buffer | string) => {
      buffered += String(chunk);
      if (buffered.includes("\n")) finish();
    };
    const onError = (error: Error) => reject(error);
    input.setEncoding("utf8");
    input.on("data", onData);
    input.once("end", finish);
    input.once("error", onError);
    input.resume();
  });
}
