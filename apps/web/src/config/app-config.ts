import {
  type AppConfig,
  BRAND_LIMITS,
  BRAND_LINK_PATTERN,
  BRAND_LOGO_PATTERN,
  DIAL_PATTERN,
  FILLED_PATTERN,
  HEX_COLOUR_PATTERN,
  isKnownTimeZone,
  isMemberLanguage,
  type MemberLanguage,
  SCHEME_TIME_ZONE,
  type WebBrand,
} from "@portal/domain";
import { createContext, useContext } from "react";
import { getJson } from "../lib/http";

export const APP_CONFIG_URL = "/app-config.json";

/** GET /app-config.json: the base paths, login constants and brand, loaded before anything renders. */
export async function loadAppConfig(): Promise<AppConfig> {
  // No cache override: the request must match the <link rel="preload"> in index.html to reuse it.
  const raw = await getJson<unknown>(APP_CONFIG_URL, { redirectOnUnauthorized: false });
  return checkAppConfig(raw);
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads fields of one object, noting each wrong one under `prefix`. */
function reader(given: Fields, prefix: string, wrong: string[]) {
  const text = (field: string, ok: (value: string) => boolean, fallback?: string): string => {
    const value = given[field];
    // An absent field with a default takes the default, as zod's default() does, unchecked.
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value === "string" && ok(value)) return value;
    wrong.push(`${prefix}${field}`);
    return "";
  };
  const object = <T>(field: string, read: (fields: Fields, prefix: string) => T): T | undefined => {
    const value = given[field];
    if (isObject(value)) return read(value, `${prefix}${field}.`);
    wrong.push(`${prefix}${field}`);
    return undefined;
  };
  const list = <T>(
    field: string,
    min: number,
    max: number,
    read: (fields: Fields, prefix: string) => T,
  ): T[] => {
    const value = given[field];
    if (!Array.isArray(value) || value.length < min || value.length > max) {
      wrong.push(`${prefix}${field}`);
      return [];
    }
    return value.map((item, index) => {
      if (isObject(item)) return read(item, `${prefix}${field}.${index}.`);
      wrong.push(`${prefix}${field}.${index}`);
      return undefined as T;
    });
  };
  return { text, object, list };
}

const filled = (max: number) => (value: string) => value.length <= max && FILLED_PATTERN.test(value);
const upTo = (max: number) => (value: string) => value.length <= max;
const matching =
  (pattern: RegExp, max = Number.POSITIVE_INFINITY) =>
  (value: string) =>
    value.length <= max && pattern.test(value);

/** The brand as webBrandSchema reads it. */
function checkBrand(given: Fields, prefix: string, wrong: string[]): WebBrand {
  const { text, object, list } = reader(given, prefix, wrong);
  const colour = matching(HEX_COLOUR_PATTERN);
  const colours = object("colours", (fields, at) => {
    const read = reader(fields, at, wrong);
    return {
      primary: read.text("primary", colour),
      ink: read.text("ink", colour),
      inkText: read.text("inkText", colour),
      accent: read.text("accent", colour),
    };
  });
  const logo = given.logo;
  const logoOk =
    logo === null || (typeof logo === "string" && matching(BRAND_LOGO_PATTERN, BRAND_LIMITS.logo)(logo));
  if (!logoOk) wrong.push(`${prefix}logo`);
  return {
    name: text("name", filled(BRAND_LIMITS.name)),
    shortName: text("shortName", filled(BRAND_LIMITS.shortName)),
    colours: colours ?? { primary: "", ink: "", inkText: "", accent: "" },
    contactLines: list("contactLines", 1, BRAND_LIMITS.contactLines, (fields, at) => {
      const read = reader(fields, at, wrong);
      return {
        label: read.text("label", filled(BRAND_LIMITS.lineLabel)),
        number: read.text("number", filled(BRAND_LIMITS.lineNumber)),
        dial: read.text("dial", matching(DIAL_PATTERN)),
        hours: read.text("hours", filled(BRAND_LIMITS.lineHours)),
      };
    }),
    closedDays: text("closedDays", upTo(BRAND_LIMITS.closedDays)),
    footerNote: text("footerNote", upTo(BRAND_LIMITS.footerNote)),
    logo: logoOk ? (logo as string | null) : null,
    footerLinks: list("footerLinks", 0, BRAND_LIMITS.footerLinks, (fields, at) => {
      const read = reader(fields, at, wrong);
      return {
        label: read.text("label", filled(BRAND_LIMITS.linkLabel)),
        href: read.text("href", matching(BRAND_LINK_PATTERN)),
      };
    }),
  };
}

/**
 * The config as appConfigSchema (@portal/domain) reads it: the same checks, defaults and result,
 * or an error naming each field that is wrong. Written out rather than parsed with the schema: this
 * runs before the first screen, whose download would otherwise carry zod; app-config.test.ts holds
 * the two to the same answers for any input.
 */
export function checkAppConfig(raw: unknown): AppConfig {
  if (!isObject(raw)) throw new Error("/app-config.json is not a JSON object");
  const wrong: string[] = [];
  const { text, object } = reader(raw, "", wrong);
  const filledText = (value: string) => value.length >= 1;
  const brand = object("brand", (fields, prefix) => checkBrand(fields, prefix, wrong));
  const config = {
    smartInquiryBase: text("smartInquiryBase", filledText),
    memberDetailsBase: text("memberDetailsBase", filledText),
    contentPreviewMarker: text("contentPreviewMarker", () => true, ""),
    authDomain: text("authDomain", filledText),
    authClientId: text("authClientId", filledText),
    brand: brand as WebBrand,
    sessionIdleMinutes: 15,
    staffSignIn: false,
    timeZone: text("timeZone", isKnownTimeZone, SCHEME_TIME_ZONE),
    memberLanguages: ["en"] as MemberLanguage[],
  };
  const minutes = raw.sessionIdleMinutes === undefined ? 15 : raw.sessionIdleMinutes;
  if (typeof minutes === "number" && Number.isSafeInteger(minutes) && minutes > 0) {
    config.sessionIdleMinutes = minutes;
  } else {
    wrong.push("sessionIdleMinutes");
  }
  const staffSignIn = raw.staffSignIn === undefined ? false : raw.staffSignIn;
  if (typeof staffSignIn === "boolean") config.staffSignIn = staffSignIn;
  else wrong.push("staffSignIn");
  const languages = raw.memberLanguages === undefined ? ["en"] : raw.memberLanguages;
  if (Array.isArray(languages) && languages.length > 0 && languages.every(isMemberLanguage)) {
    config.memberLanguages = languages;
  } else {
    wrong.push("memberLanguages");
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
