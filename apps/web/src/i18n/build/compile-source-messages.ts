import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { readSourceMessages, SOURCE_MESSAGES_FILE } from "./source-messages.ts";

/**
 * Each descriptor of a `*.messages.ts` file as the runtime needs it, at build time: its id, and its
 * English message compiled in place into the form Lingui's runtime interpolates (plain text stays a string; placeholders and plurals become
 * arrays). English then needs no catalogue at run time: a screen's English travels in the screen's
 * own chunk, and Lingui's production runtime, which carries no ICU parser, formats it as it
 * formats a translation. The translators' comment stays out of the build (it is in the catalogues).
 * docs/decisions/0033-member-languages-with-lingui.md.
 */
export function compileSourceMessages(code: string, fileName: string): string {
  let compiled = "";
  let from = 0;
  for (const { id, message, span } of readSourceMessages(code, fileName)) {
    const runtime = `{ id: ${JSON.stringify(id)}, message: ${JSON.stringify(compileMessageOrThrow(message))} }`;
    compiled += code.slice(from, span[0]) + runtime;
    from = span[1];
  }
  return compiled + code.slice(from);
}

export function compileSourceMessagesPlugin(): Plugin {
  return {
    name: "portal:compile-source-messages",
    enforce: "pre",
    transform(code, id) {
      const file = id.split("?")[0] ?? id;
      if (!SOURCE_MESSAGES_FILE.test(file)) return undefined;
      return { code: compileSourceMessages(code, file), map: null };
    },
  };
}
