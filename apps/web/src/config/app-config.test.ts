import { type AppConfig, appConfigSchema, DEFAULT_SCHEME_SITE_URL, SCHEME_NAME } from "@portal/domain";
import fc from "fast-check";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { HttpError } from "../lib/http";
import { contractJson, errorJson } from "../testing/contract-json";
import { recordRequests, sentKeys, server } from "../testing/msw-server";
import { APP_CONFIG_URL, checkAppConfig, loadAppConfig } from "./app-config";

const served: AppConfig = {
  smartInquiryBase: "//api.example/smart-inquiry",
  memberDetailsBase: "/api/member-details",
  contentPreviewMarker: "qa-",
  authDomain: "memberportal",
  authClientId: "portal-web",
  schemeName: "Scheme",
  schemeSiteUrl: "https://scheme.example",
  sessionIdleMinutes: 15,
};

function serve(answer: () => Response) {
  server.use(http.get(APP_CONFIG_URL, answer));
  return recordRequests();
}

describe("loadAppConfig", () => {
  it("loads /app-config.json", async () => {
    const sent = serve(() => contractJson(appConfigSchema, served));
    await expect(loadAppConfig()).resolves.toEqual(served);
    expect(sentKeys(sent)).toEqual(["GET /app-config.json"]);
  });

  it("fills in an absent preview marker, scheme name and scheme site", async () => {
    const { contentPreviewMarker: _marker, schemeName: _name, schemeSiteUrl: _site, ...rest } = served;
    // The raw file as deployed, before the defaults are filled in.
    serve(() => HttpResponse.json(rest));
    await expect(loadAppConfig()).resolves.toMatchObject({
      contentPreviewMarker: "",
      schemeName: SCHEME_NAME,
      schemeSiteUrl: DEFAULT_SCHEME_SITE_URL,
    });
  });

  it("rejects a config without a base path", async () => {
    // A broken deployment, deliberately outside the contract: the app must refuse it.
    serve(() => HttpResponse.json({ ...served, smartInquiryBase: "" }));
    await expect(loadAppConfig()).rejects.toThrow(/smartInquiryBase/);
  });

  it("rejects when the server fails", async () => {
    serve(() => errorJson(500, "INTERNAL_ERROR"));
    await expect(loadAppConfig()).rejects.toBeInstanceOf(HttpError);
  });
});

/** A value a deployment might put in a field: right, wrong, or missing. */
const fieldValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.constantFrom(
    "",
    " ",
    "/api/x",
    "https://scheme.example",
    "http://a.example/b",
    "https://a b",
    "ftp://x",
  ),
  fc.constantFrom("https://x.example?y", "https://x.example#y", "https://"),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1, 15, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2),
);

const FIELDS = [
  "smartInquiryBase",
  "memberDetailsBase",
  "contentPreviewMarker",
  "authDomain",
  "authClientId",
  "schemeName",
  "schemeSiteUrl",
  "sessionIdleMinutes",
] as const;

/** Configs that are right except, often, for a field or two; and anything at all. */
const rawConfig = fc.oneof(
  fc
    .record({
      base: fc.constant<Record<string, unknown>>({ ...served }),
      changes: fc.dictionary(fc.constantFrom(...FIELDS, "extra"), fieldValue, { maxKeys: 3 }),
    })
    .map(({ base, changes }) => ({ ...base, ...changes })),
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue),
  fc.anything(),
);

describe("checkAppConfig", () => {
  it("accepts and refuses what appConfigSchema does, with the same result", () => {
    fc.assert(
      fc.property(rawConfig, (raw) => {
        const parsed = appConfigSchema.safeParse(raw);
        let checked: { success: true; data: AppConfig } | { success: false };
        try {
          checked = { success: true, data: checkAppConfig(raw) };
        } catch {
          checked = { success: false };
        }
        expect(checked.success).toBe(parsed.success);
        if (parsed.success && checked.success) expect(checked.data).toStrictEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it("names every wrong field", () => {
    expect(() => checkAppConfig({ ...served, authDomain: "", sessionIdleMinutes: 0 })).toThrow(
      "/app-config.json: wrong or missing authDomain, sessionIdleMinutes",
    );
  });
});
