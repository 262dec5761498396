import { type AppConfig, SCHEME_NAME } from "@portal/domain";
import { createContext, useContext } from "react";
import { z } from "zod";
import { getJson } from "../lib/http";

export const APP_CONFIG_URL = "/app-config.json";

// Checked at start-up, so a wrong deployment fails with a clear message instead of odd requests later.
const appConfigSchema = z.object({
  smartInquiryBase: z.string().min(1),
  memberDetailsBase: z.string().min(1),
  contentPreviewMarker: z.string().default(""),
  authDomain: z.string().min(1),
  authClientId: z.string().min(1),
  schemeName: z.string().min(1).default(SCHEME_NAME),
}) satisfies z.ZodType<AppConfig, unknown>;

/** GET /app-config.json: the base paths and login constants, loaded before anything renders. */
export async function loadAppConfig(): Promise<AppConfig> {
  // No cache override: the request must match the <link rel="preload"> in index.html to reuse it.
  const raw = await getJson<unknown>(APP_CONFIG_URL, { redirectOnUnauthorized: false });
  return appConfigSchema.parse(raw);
}

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error("useAppConfig must be used below AppConfigContext (see app/provider.tsx)");
  return config;
}
