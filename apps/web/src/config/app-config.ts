import { type AppConfig, DEFAULT_SCHEME_SITE_URL, SCHEME_NAME } from "@portal/domain";
import { createContext, useContext } from "react";
import { getJson } from "../lib/http";

export const APP_CONFIG_URL = "/app-config.json";

/** GET /app-config.json: the base paths and login constants, loaded before anything renders. */
export async function loadAppConfig(): Promise<AppConfig> {
  // No cache override: the request must match the <link rel="preload"> in index.html to reuse it.
  const raw = await getJson<unknown>(APP_CONFIG_URL, { redirectOnUnauthorized: false });
  return checkAppConfig(raw);
}

/** The same pattern as appConfigSchema's schemeSiteUrl. */
const SCHEME_SITE_URL_PATTERN = /^https?:\/\/[^\s?#]+$/;

/**
 * The config as appConfigSchema (@portal/domain) reads it: the same checks, defaults and result,
 * or an error naming each field that is wrong. Written out rather than parsed with the schema: this
 * runs before the first screen, whose download would otherwise carry zod; app-config.test.ts holds
 * the two to the same answers for any input.
 */
export function checkAppConfig(raw: unknown): AppConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new Error("/app-config.json is not a JSON object");
  }
  const given = raw as Record<string, unknown>;
  const wrong: string[] = [];
  // An absent field with a default takes the default, as zod's default() does, unchecked.
  const text = (field: string, ok: (value: string) => boolean, fallback?: string): string => {
    const value = given[field];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value === "string" && ok(value)) return value;
    wrong.push(field);
    return "";
  };
  const filled = (value: string) => value.length >= 1;
  const config: AppConfig = {
    smartInquiryBase: text("smartInquiryBase", filled),
    memberDetailsBase: text("memberDetailsBase", filled),
    contentPreviewMarker: text("contentPreviewMarker", () => true, ""),
    authDomain: text("authDomain", filled),
    authClientId: text("authClientId", filled),
    schemeName: text("schemeName", filled, SCHEME_NAME),
    schemeSiteUrl: text(
      "schemeSiteUrl",
      (value) => SCHEME_SITE_URL_PATTERN.test(value),
      DEFAULT_SCHEME_SITE_URL,
    ),
    sessionIdleMinutes: 15,
  };
  const minutes = given.sessionIdleMinutes === undefined ? 15 : given.sessionIdleMinutes;
  if (typeof minutes === "number" && Number.isSafeInteger(minutes) && minutes > 0) {
    config.sessionIdleMinutes = minutes;
  } else {
    wrong.push("sessionIdleMinutes");
  }
  if (wrong.length > 0) throw new Error(`/app-config.json: wrong or missing ${wrong.join(", ")}`);
  return config;
}

export const AppConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(AppConfigContext);
  if (!config) throw new Error("useAppConfig must be used below AppConfigContext (see app/provider.tsx)");
  return config;
}
