import { appConfigSchema, type Plan, planResponseSchema } from "@portal/domain";
import { http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { contractBody, contractJson, errorJson, takeContractViolations } from "./contract-json";
import { server } from "./msw-server";
import { testConfig } from "./test-utils";

const plan: Plan = {
  planCode: "COMPREHENSIVE",
  planName: "Meridian Comprehensive",
  schemeCode: "MERIDIAN",
  schemeName: "Meridian Health",
  policyId: 5,
  policyIdentifier: "MHS-20991234",
  startDate: "2020-01-01",
};

describe("contract-checked stubs", () => {
  it("serve the body as the contract's schema outputs it", () => {
    const body = contractBody(appConfigSchema, {
      smartInquiryBase: "/api/smart-inquiry",
      memberDetailsBase: "/api/member-details",
      authDomain: "memberportal",
      authClientId: "portal-web",
      brand: testConfig.brand,
    });
    // The defaults the server's serializer would fill in are there.
    expect(body.contentPreviewMarker).toBe("");
    expect(takeContractViolations()).toEqual([]);
  });

  it("refuse a body the contract does not accept, and record it so the test fails", () => {
    expect(() => contractBody(planResponseSchema, { ...plan, startDate: "1 January 2020" })).toThrow(
      /breaks the contract[\s\S]*startDate/,
    );
    expect(takeContractViolations()).toEqual([expect.stringContaining("startDate")]);
    // Read once: the next test starts clean.
    expect(takeContractViolations()).toEqual([]);
  });

  it("still fail the test when the wrong body is built inside a request handler", async () => {
    // MSW reports the handler's exception on the console; expected here.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    server.use(
      http.get("/api/member-details/v2/member-details/plan", () =>
        contractJson(planResponseSchema, { ...plan, policyId: 5.5 }),
      ),
    );
    // MSW turns the handler's exception into a 500, which alone a test of an error state could miss.
    const response = await fetch("/api/member-details/v2/member-details/plan");
    expect(response.ok).toBe(false);
    expect(takeContractViolations()).toEqual([expect.stringContaining("policyId")]);
  });

  it("answer errors in the one error shape", async () => {
    const response = errorJson(404, "NOT_FOUND", "Not here.");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, exceptionCode: "NOT_FOUND", message: "Not here." });
  });
});
