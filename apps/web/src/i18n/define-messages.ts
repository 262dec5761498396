import type { MessageDescriptor } from "@lingui/core";

/**
 * A screen's messages: each with its id in the catalogues and its English text, which the build
 * compiles in place (build/compile-source-messages.ts) and `npm run i18n:extract` copies into the
 * catalogues. Only in `*.messages.ts` files, every field a string literal.
 */
export function defineMessages<const Messages extends Record<string, MessageDescriptor & { id: string }>>(
  messages: Messages,
): Messages {
  return messages;
}
