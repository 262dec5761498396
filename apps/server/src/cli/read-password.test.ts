import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  PasswordInputError,
  PasswordPromptCancelled,
  type PasswordSource,
  readPassword,
} from "./read-password.js";

/** A terminal as the prompt sees it: raw mode recorded, keys typed later. */
function fakeTerminal() {
  const input = new PassThrough() as PassThrough & PasswordSource;
  const rawModes: boolean[] = [];
  input.isTTY = true;
  input.setRawMode = (raw: boolean) => rawModes.push(raw);
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk) => (shown += String(chunk)));
  return { input, output, rawModes, shown: () => shown };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("readPassword at a terminal", () => {
  it("prompts, never echoes, honours backspace and skips arrow keys, then restores the terminal", async () => {
    const terminal = fakeTerminal();
    const read = readPassword({ input: terminal.input, output: terminal.output, prompt: "Password: " });
    await tick();
    terminal.input.write("Sec");
    terminal.input.write("ret\u007fT\u001b[D");
    terminal.input.write("é\r");
    expect(await read).toBe("SecreTé");
    expect(terminal.shown()).toBe("Password: \n");
    expect(terminal.rawModes).toEqual([true, false]);
  });

  it("asks twice when confirming, and refuses two different passwords", async () => {
    const same = fakeTerminal();
    const confirmed = readPassword({ ...same, prompt: "New password: ", confirmPrompt: "Again: " });
    await tick();
    same.input.write("Blue-Mountain-River-7\r");
    await tick();
    same.input.write("Blue-Mountain-River-7\n");
    expect(await confirmed).toBe("Blue-Mountain-River-7");
    expect(same.shown()).toBe("New password: \nAgain: \n");

    const differ = fakeTerminal();
    const refused = readPassword({ ...differ, prompt: "New password: ", confirmPrompt: "Again: " });
    await tick();
    differ.input.write("Blue-Mountain-River-7\r");
    await tick();
    differ.input.write("Blue-Mountain-River-8\r");
    await expect(refused).rejects.toThrow("The two passwords typed differ");
  });

  it("cancels on Ctrl-C, and on Ctrl-D before anything was typed", async () => {
    for (const key of ["abc\u0003", "\u0004"]) {
      const terminal = fakeTerminal();
      const read = readPassword({ ...terminal, prompt: "Password: " });
      await tick();
      terminal.input.write(key);
      await expect(read).rejects.toThrow(PasswordPromptCancelled);
      expect(terminal.rawModes).toEqual([true, false]);
    }
  });
});

describe("readPassword from a pipe", () => {
  it("takes the first line of standard input, without its line ending, and asks nothing", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk) => (shown += String(chunk)));
    const read = readPassword({ input, output, prompt: "Password: ", confirmPrompt: "Again: " });
    input.write("Blue-Mountain-");
    input.write("River-7\r\nsecond line\n");
    expect(await read).toBe("Blue-Mountain-River-7");
    expect(shown).toBe("");
  });

  it("takes a last line without a line ending, and refuses empty input in words", async () => {
    const unterminated = new PassThrough();
    const read = readPassword({ input: unterminated, output: new PassThrough(), prompt: "" });
    unterminated.end("Blue-Mountain-River-7");
    expect(await read).toBe("Blue-Mountain-River-7");

    const empty = new PassThrough();
    const refused = readPassword({ input: empty, output: new PassThrough(), prompt: "" });
    empty.end("\n");
    await expect(refused).rejects.toThrow(PasswordInputError);
    await expect(refused).rejects.toThrow(/No password on standard input/);
  });
});
