import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { MEMBER_LANGUAGES } from "../../packages/domain/src/member-languages";
import { sourceMessagesExtractor } from "./src/i18n/build/source-messages-extractor";

// The member screens' catalogues (docs/translating.md): one PO file per language in
// src/locales, English the source. `npm run i18n:extract` writes every message of the
// `*.messages.ts` files into each; the build compiles a catalogue when a language is chosen.
const config: LinguiConfig = {
  sourceLocale: "en",
  locales: MEMBER_LANGUAGES.map(({ code }) => code),
  catalogs: [{ path: "<rootDir>/src/locales/{locale}", include: ["<rootDir>/src"] }],
  format: formatter({ origins: true, lineNumbers: false, explicitIdAsDefault: true }),
  extractors: [sourceMessagesExtractor],
  orderBy: "messageId",
};

export default config;
