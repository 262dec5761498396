// The scheme's contact lines are shared with the server's mails: they live in the domain package.
export { SCHEME_CLOSED_DAYS, SCHEME_CONTACT_LINES, type SchemeContactLine } from "@portal/domain";

/** Pages of the scheme's main website the footer links to (appended to app-config's schemeSiteUrl). */
export const SCHEME_SITE_PAGES = {
  privacyNotice: "/privacy-notice",
  paiaManual: "/paia-manual",
} as const;
