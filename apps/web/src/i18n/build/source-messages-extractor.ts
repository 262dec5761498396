import type { ExtractorType } from "@lingui/conf";
import { readSourceMessages, SOURCE_MESSAGES_FILE } from "./source-messages";

/**
 * `npm run i18n:extract`'s reader of the member screens' messages (instead of Lingui's macros,
 * which would need Babel in the build). Each message's English goes into the catalogues as the
 * English catalogue's text and, for every other language, as a comment beside it, so a
 * translator sees what to translate in their own file.
 */
export const sourceMessagesExtractor: ExtractorType = {
  match: (fileName) => SOURCE_MESSAGES_FILE.test(fileName),
  extract(fileName, code, onMessageExtracted) {
    for (const { id, message, comment, line } of readSourceMessages(code, fileName)) {
      const english = `English: ${message}`;
      onMessageExtracted({
        id,
        message,
        comment: comment === undefined ? english : `${english}\n${comment}`,
        origin: [fileName, line],
      });
    }
  },
};
