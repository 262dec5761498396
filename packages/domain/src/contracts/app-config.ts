import { z } from "zod";
import { isKnownTimeZone, SCHEME_TIME_ZONE } from "../dates.js";
import { MEMBER_LANGUAGE_CODES } from "../member-languages.js";
import { webBrandSchema } from "./brand.js";

/**
 * GET /app-config.json: what the SPA needs before it renders; the service base paths are set when
 * the server starts. The web app checks it at start-up, so a wrong deployment fails with a clear
 * message instead of odd requests later.
 */
export const appConfigSchema = z
  .object({
    smartInquiryBase: z
      .string()
      .min(1)
      .describe("Relative or protocol-relative base path of the smart-inquiry service."),
    memberDetailsBase: z
      .string()
      .min(1)
      .describe("Relative or protocol-relative base path of the member-details service."),
    contentPreviewMarker: z
      .string()
      .default("")
      .describe("Host names containing this use the preview content tree."),
    authDomain: z.string().min(1),
    authClientId: z.string().min(1),
    brand: webBrandSchema.describe(
      "The scheme's brand (BRAND_FILE): name, logo, colours, the footer's numbers and links.",
    ),
    sessionIdleMinutes: z
      .number()
      .int()
      .positive()
      .default(15)
      .describe("Minutes without a request after which the server ends a session: the SPA warns before."),
    staffSignIn: z
      .boolean()
      .default(false)
      .describe("Staff sign in through the scheme's OpenID provider: the login screen links to it."),
    timeZone: z
      .string()
      .refine(isKnownTimeZone, "must be an IANA time zone")
      .default(SCHEME_TIME_ZONE)
      .describe("The scheme's time zone (TIME_ZONE): every date and time the SPA shows is in it."),
    memberLanguages: z
      .array(z.enum(MEMBER_LANGUAGE_CODES))
      .min(1)
      .default(["en"])
      .describe("The languages members may choose (MEMBER_LANGUAGES), English first."),
  })
  .meta({ id: "AppConfig" });
export type AppConfig = z.output<typeof appConfigSchema>;
