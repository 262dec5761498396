// What a brand's fields may hold (contracts/brand.ts puts them into its schemas). No zod: the SPA
// checks /app-config.json's brand by hand with the same rules before its first screen
// (apps/web/src/config/app-config.ts).

/** A footer link written `{{SCHEME_SITE_URL}}/path` goes to that page of the scheme's website. */
export const SCHEME_SITE_URL_PLACEHOLDER = "{{SCHEME_SITE_URL}}";

/** An address the footer may link to: http or https, no white space. */
export const BRAND_LINK_PATTERN = /^https?:\/\/\S+$/;

/** A footer link as the brand file writes it: an http(s) address, or `{{SCHEME_SITE_URL}}/path`. */
export const BRAND_FILE_LINK_PATTERN = /^(?:https?:\/\/|\{\{SCHEME_SITE_URL\}\}\/)\S*$/;

/** A logo: a PNG, SVG, WebP or JPEG image as a base64 data: URI. */
export const BRAND_LOGO_PATTERN = /^data:image\/(?:png|svg\+xml|webp|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** A number in international form for a tel: link: +, then 7 to 15 digits. */
export const DIAL_PATTERN = /^\+[1-9]\d{6,14}$/;

/** Text that is not only white space. */
export const FILLED_PATTERN = /\S/;

/** The longest each field may be (characters), and how many lines and links there may be. */
export const BRAND_LIMITS = {
  name: 100,
  shortName: 40,
  /** 48 KB of data URI: the logo travels in /app-config.json, which every page load asks for. */
  logo: 49_152,
  lineLabel: 60,
  lineNumber: 30,
  lineHours: 120,
  contactLines: 8,
  closedDays: 200,
  linkLabel: 60,
  footerLinks: 6,
  footerNote: 300,
} as const;
