// How the member screens' English messages are read from their source, the same way by the build
// (which compiles each in place, compile-source-messages.ts) and by `npm run i18n:extract` (which
// writes them into the catalogues). A screen's messages live in a `*.messages.ts` file as
// `defineMessages({ key: { id: "…", message: "…", comment: "…" } })`, each field a double-quoted
// string literal (Biome's style): nothing computed, so both read exactly what a translator sees.

/** A `*.messages.ts` file: the only files whose messages are read. */
export const SOURCE_MESSAGES_FILE = /\.messages\.ts$/;

const STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
/** One descriptor: `{ id: "…", message: "…" }`, optionally `comment: "…"` last, and a trailing comma. */
const DESCRIPTOR = new RegExp(
  String.raw`\{\s*id:\s*(${STRING}),\s*message:\s*(${STRING})(?:,\s*comment:\s*(${STRING}))?,?\s*\}`,
  "g",
);

export interface SourceMessage {
  id: string;
  message: string;
  comment?: string;
  /** 1-based line of the descriptor in its file. */
  line: number;
  /** Offsets of the whole descriptor, braces included, in the file (from, to). */
  span: [number, number];
}

/**
 * The descriptors of a `*.messages.ts` file, in order. Throws on a descriptor written another way
 * (a message not a literal, a field out of order): every `id:` in the file must be one read here.
 */
export function readSourceMessages(code: string, fileName: string): SourceMessage[] {
  const found: SourceMessage[] = [];
  for (const match of code.matchAll(DESCRIPTOR)) {
    const [whole, id, message, comment] = match;
    if (id === undefined || message === undefined) continue;
    found.push({
      id: JSON.parse(id),
      message: JSON.parse(message),
      ...(comment === undefined ? {} : { comment: JSON.parse(comment) }),
      line: code.slice(0, match.index).split("\n").length,
      span: [match.index, match.index + whole.length],
    });
  }
  const ids = [...code.matchAll(/\bid:\s/g)].length;
  if (ids !== found.length) {
    throw new Error(
      `${fileName}: ${ids - found.length} message descriptor(s) not written as { id: "…", message: "…", comment: "…" } with string literals`,
    );
  }
  return found;
}
