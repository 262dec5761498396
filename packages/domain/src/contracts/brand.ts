import { z } from "zod";
import { contrastRatio, HEX_COLOUR_PATTERN, TEXT_CONTRAST_MINIMUM } from "../brand-colours.js";
import {
  BRAND_FILE_LINK_PATTERN,
  BRAND_LIMITS,
  BRAND_LINK_PATTERN,
  BRAND_LOGO_PATTERN,
  DIAL_PATTERN,
  FILLED_PATTERN,
  SCHEME_SITE_URL_PLACEHOLDER,
} from "../brand-rules.js";

// The scheme's brand: its name, logo, colours, contact numbers, footer links and how its mails are
// signed. The server reads it from BRAND_FILE at start (brandSchema: the file, every field checked,
// no unknown field); the SPA gets the part it shows in /app-config.json (webBrandSchema). The
// example, Meridian, is DEFAULT_BRAND (default-brand.ts) and docs/examples/brand.json.

/** Text with something in it (not only spaces), at most `max` characters. */
const filled = (max: number) => z.string().max(max).regex(FILLED_PATTERN, "must not be empty");

// One definition of each field; the file's objects refuse unknown fields, the SPA's ignore them.
type ObjectMaker = typeof z.object;
const pick = (strict: boolean): ObjectMaker => (strict ? z.strictObject : z.object) as ObjectMaker;

const colourSchema = z
  .string()
  .regex(HEX_COLOUR_PATTERN, "must be a colour written #rrggbb, such as #0e5e6f");

function fields(strict: boolean) {
  const object = pick(strict);
  return {
    name: filled(BRAND_LIMITS.name).describe("The scheme's full name: the header, the footer, mails."),
    shortName: filled(BRAND_LIMITS.shortName).describe("A short form of the name: the browser tab's title."),
    colours: object({
      primary: colourSchema.describe("Links and buttons: at least 4.5:1 on white and on light grey."),
      ink: colourSchema.describe("The header and footer's background: white text reaches 4.5:1 on it."),
      inkText: colourSchema.describe("The footer's text on the ink."),
      accent: colourSchema.describe("The rules under the header and above the footer, footer headings."),
    }),
    contactLines: z
      .array(
        object({
          label: filled(BRAND_LIMITS.lineLabel).describe('What the line is for, e.g. "Member services".'),
          number: filled(BRAND_LIMITS.lineNumber).describe("As members read and dial it."),
          dial: z
            .string()
            .regex(DIAL_PATTERN, "must be the number in international form, such as +27860100247")
            .describe("The same number for a tel: link."),
          hours: filled(BRAND_LIMITS.lineHours).describe("When the line answers."),
        }),
      )
      .min(1)
      .max(BRAND_LIMITS.contactLines)
      .describe("The footer's numbers; the first is the one mails give for questions about an account."),
    closedDays: z
      .string()
      .max(BRAND_LIMITS.closedDays)
      .describe("Said under the numbers: when the lines are closed."),
    footerNote: z.string().max(BRAND_LIMITS.footerNote).describe("A last line of the footer (may be empty)."),
  };
}

const webFields = fields(false);

/** The part of the brand the SPA shows, in /app-config.json (the footer's links already resolved). */
export const webBrandSchema = z
  .object({
    ...webFields,
    logo: z
      .string()
      .max(BRAND_LIMITS.logo)
      .regex(BRAND_LOGO_PATTERN)
      .nullable()
      .describe("The logo's image as a data: URI; null: the portal's own mark in the brand's colours."),
    footerLinks: z
      .array(z.object({ label: filled(BRAND_LIMITS.linkLabel), href: z.string().regex(BRAND_LINK_PATTERN) }))
      .max(BRAND_LIMITS.footerLinks),
  })
  .meta({ id: "WebBrand" });
export type WebBrand = z.output<typeof webBrandSchema>;
export type BrandColours = WebBrand["colours"];
export type BrandContactLine = WebBrand["contactLines"][number];

/** Colour pairs that carry text, each to reach TEXT_CONTRAST_MINIMUM. */
const CONTRASTS: ReadonlyArray<{
  text: keyof BrandColours | "#ffffff";
  on: keyof BrandColours | "#ffffff" | "#e9ecef";
  where: string;
}> = [
  { text: "primary", on: "#ffffff", where: "links and button labels on white" },
  { text: "primary", on: "#e9ecef", where: "links on the light grey #e9ecef" },
  { text: "#ffffff", on: "ink", where: "the scheme's name and the footer's links (white) on the ink" },
  { text: "inkText", on: "ink", where: "the footer's text on the ink" },
  { text: "accent", on: "ink", where: "the footer's headings on the ink" },
];

/** The brand file (BRAND_FILE): every field, unknown ones refused, text colours readable. */
export const brandSchema = z
  .strictObject({
    ...fields(true),
    logo: webBrandSchema.shape.logo.default(null),
    footerLinks: z
      .array(
        z.strictObject({
          label: filled(BRAND_LIMITS.linkLabel),
          href: z
            .string()
            .regex(
              BRAND_FILE_LINK_PATTERN,
              "must be an http(s) address, or {{SCHEME_SITE_URL}}/path for a page of the scheme's website",
            ),
        }),
      )
      .max(BRAND_LIMITS.footerLinks)
      .describe("The footer's links, such as the privacy notice and the PAIA manual, in a new tab."),
    mail: z.strictObject({
      senderName: z
        .string()
        .max(80)
        .regex(/^[^<>"@,;:\\()[\]\p{Cc}]*$/u, 'must be a name without <>"@,;:\\()[] or control characters')
        .regex(/\S/, "must not be empty")
        .describe("The name mails come from when MAIL_FROM is not set."),
      signature: z
        .array(filled(100))
        .min(1)
        .max(4)
        .describe('The lines that end every mail, such as "Kind regards," and the scheme\'s name.'),
    }),
  })
  .superRefine((brand, context) => {
    // Runs after a field's own issue too (zod goes on past a pattern): only colours that are colours.
    const colours = Object.values(brand.colours ?? {});
    if (colours.length !== 4 || !colours.every((value) => HEX_COLOUR_PATTERN.test(value))) return;
    const colour = (name: string) =>
      name.startsWith("#") ? name : brand.colours[name as keyof BrandColours];
    for (const pair of CONTRASTS) {
      const ratio = contrastRatio(colour(pair.text), colour(pair.on));
      if (ratio >= TEXT_CONTRAST_MINIMUM) continue;
      const field = pair.text.startsWith("#") ? pair.on : pair.text;
      context.addIssue({
        code: "custom",
        path: ["colours", field],
        message: `${pair.where} reach ${ratio.toFixed(1)}:1, less than the ${TEXT_CONTRAST_MINIMUM}:1 WCAG AA asks`,
      });
    }
  });
export type Brand = z.output<typeof brandSchema>;
/** The brand file as written: `logo` may be left out. */
export type BrandFile = z.input<typeof brandSchema>;

/** The SPA's part of a brand, with `{{SCHEME_SITE_URL}}` in its footer links replaced by the website. */
export function webBrandOf(brand: Brand, schemeSiteUrl: string): WebBrand {
  const { mail: _mail, ...shown } = brand;
  return {
    ...shown,
    footerLinks: brand.footerLinks.map((link) => ({
      label: link.label,
      href: link.href.startsWith(SCHEME_SITE_URL_PLACEHOLDER)
        ? schemeSiteUrl + link.href.slice(SCHEME_SITE_URL_PLACEHOLDER.length)
        : link.href,
    })),
  };
}

/** The line mails give for questions about an account (a change the member did not make). */
export function memberServicesLine(brand: Pick<Brand, "contactLines">): BrandContactLine {
  return brand.contactLines[0] as BrandContactLine;
}
