/** One message: its id in the catalogues, its English, and a note for translators. */
export interface MessageDescriptor {
  id: string;
  message: string;
  comment?: string;
}

/**
 * A set of messages, in a `*.messages.ts` file, every field a string literal: `npm run
 * i18n:extract` reads them as written (the web app's extractor, which the server's catalogues
 * share) and copies them into the catalogues.
 */
export function defineMessages<const Messages extends Record<string, MessageDescriptor>>(
  messages: Messages,
): Messages {
  return messages;
}
