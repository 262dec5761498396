import { type SQL, sql } from "drizzle-orm";

// The words the desk's search finds a conversation by: English stemming ("physiotherapist" finds
// "physiotherapy"), kept on the conversation by the commands as messages and replies are added.

/** A member's message's words. */
export const messageWords = (text: string): SQL => sql`to_tsvector('english', ${text})`;

/** A reply's words: its text without the markup (the server cleaned it, so tags are well formed). */
export const replyWords = (html: string): SQL =>
  sql`to_tsvector('english', regexp_replace(${html}, '<[^>]*>', ' ', 'g'))`;
