import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { MEMBER_LANGUAGES } from "../../packages/domain/src/member-languages";
// The same reader of `*.messages.ts` files as the member screens' catalogues: one way of writing
// a message, and of extracting it, in the whole repository.
import { sourceMessagesExtractor } from "../web/src/i18n/build/source-messages-extractor";

// The catalogues of what the server writes to members in their language (the mails): one PO file
// per language in apps/server/locales, English the source. `npm run i18n:extract` (at the
// repository's root) writes them; docs/translating.md says how translators work on them.
const config: LinguiConfig = {
  sourceLocale: "en",
  locales: MEMBER_LANGUAGES.map(({ code }) => code),
  catalogs: [{ path: "<rootDir>/locales/{locale}", include: ["<rootDir>/src/modules/mail/languages"] }],
  format: formatter({ origins: true, lineNumbers: false, explicitIdAsDefault: true }),
  extractors: [sourceMessagesExtractor],
  orderBy: "messageId",
};

export default config;
