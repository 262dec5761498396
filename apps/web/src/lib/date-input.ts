// A day is typed as every screen writes one, yyyy-mm-dd (DATE_FORMAT), into a text field. Not
// <input type="date">: the browser draws that in the order of its own interface language, not the
// page's, so an en-US Chromium showed 12/01/2026 beside the screens' 2026-12-01 (checked in
// Debian's Chromium with lang="en-ZA" on the page: still 12/01/2026). The value is the same
// yyyy-MM-dd string the shared schemas parse and the server checks, so nothing else changes.
// No inputMode="numeric": iOS's digit pad has no hyphen.

/** The date-field attributes, spread on an <input> in place of type="date". */
export const DATE_INPUT_PROPS = {
  type: "text",
  placeholder: "yyyy-mm-dd",
  maxLength: 10,
  spellCheck: false,
} as const;
