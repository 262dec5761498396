import { type AppConfig, appConfigSchema } from "@portal/domain";
import { createContext, useContext } from "react";
import { getJson } from "../lib/http";

export const APP_CONFIG_URL = "/app-config.json";

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
