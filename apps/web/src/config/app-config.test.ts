import { SCHEME_NAME } from "@portal/domain";
import { describe, expect, it, vi } from "vitest";
import { HttpError } from "../lib/http";
import { loadAppConfig } from "./app-config";

const served = {
  smartInquiryBase: "//api.example/smart-inquiry",
  memberDetailsBase: "/api/member-details",
  contentPreviewMarker: "qa-",
  authDomain: "memberportal",
  authClientId: "portal-web",
  schemeName: "Scheme",
};

function serve(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("loadAppConfig", () => {
  it("loads /app-config.json", async () => {
    const fetchMock = serve(Response.json(served));
    await expect(loadAppConfig()).resolves.toEqual(served);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/app-config.json");
  });

  it("fills in an absent preview marker and scheme name", async () => {
    const { contentPreviewMarker: _marker, schemeName: _name, ...rest } = served;
    serve(Response.json(rest));
    await expect(loadAppConfig()).resolves.toMatchObject({
      contentPreviewMarker: "",
      schemeName: SCHEME_NAME,
    });
  });

  it("rejects a config without a base path", async () => {
    serve(Response.json({ ...served, smartInquiryBase: "" }));
    await expect(loadAppConfig()).rejects.toThrow(/smartInquiryBase/);
  });

  it("rejects when the server fails", async () => {
    serve(new Response(null, { status: 500 }));
    await expect(loadAppConfig()).rejects.toBeInstanceOf(HttpError);
  });
});
