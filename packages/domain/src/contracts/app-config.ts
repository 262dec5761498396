import { z } from "zod";
import { DEFAULT_SCHEME_SITE_URL, SCHEME_NAME } from "../limits.js";

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
    schemeName: z.string().min(1).default(SCHEME_NAME),
    schemeSiteUrl: z
      .string()
      .regex(/^https?:\/\/[^\s?#]+$/)
      .default(DEFAULT_SCHEME_SITE_URL)
      .describe(
        "The scheme's main website (SCHEME_SITE_URL): the footer's privacy notice and PAIA manual links.",
      ),
    sessionIdleMinutes: z
      .number()
      .int()
      .positive()
      .default(15)
      .describe("Minutes without a request after which the server ends a session: the SPA warns before."),
  })
  .meta({ id: "AppConfig" });
export type AppConfig = z.output<typeof appConfigSchema>;
