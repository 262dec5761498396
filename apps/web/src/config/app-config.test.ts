import { type AppConfig, appConfigSchema, DEFAULT_SCHEME_SITE_URL, SCHEME_NAME } from "@portal/domain";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { HttpError } from "../lib/http";
import { contractJson, errorJson } from "../testing/contract-json";
import { recordRequests, sentKeys, server } from "../testing/msw-server";
import { APP_CONFIG_URL, loadAppConfig } from "./app-config";

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
