import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import { API_REFERENCE_PATH, OPENAPI_DOCUMENT_PATH } from "./openapi.js";

// Bases other than the defaults, one of them on another host, so the test proves the document
// follows the configuration rather than hard-coded paths.
const SMART_INQUIRY_BASE = "/services/smart-inquiry";
const MEMBER_DETAILS_HOST = "//members.example";
const MEMBER_DETAILS_BASE = `${MEMBER_DETAILS_HOST}/services/member-details`;
const MEMBER_DETAILS_PATH = "/services/member-details";

type Base = "none" | "smartInquiry" | "memberDetails";
type SpecCall = [method: string, path: string, base: Base];

/** Every call of requirements §7, as the specification writes it. */
const SPEC_CALLS: readonly SpecCall[] = [
  // Login and portal.
  ["POST", "/wsg/rest", "none"],
  ["GET", "/portal/wlxapp/Ping.srv", "none"],
  // Smart-inquiry service: queries.
  ["GET", "/member-queries", "smartInquiry"],
  ["POST", "/member-queries", "smartInquiry"],
  ["POST", "/member-queries/query-additional-info", "smartInquiry"],
  ["GET", "/member-queries/{referenceNumber}", "smartInquiry"],
  ["POST", "/member-queries/{referenceNumber}", "smartInquiry"],
  ["GET", "/member-queries/{referenceNumber}/agent-response", "smartInquiry"],
  ["GET", "/member-queries/{referenceNumber}/attachments/{attachmentId}", "smartInquiry"],
  ["POST", "/portal/api/das-mp/smart-inquiry-api/member-queries", "none"],
  ["POST", "/portal/api/das-mp/smart-inquiry-api/member-queries/{originalReferenceNumber}", "none"],
  // Smart-inquiry service: document submissions.
  ["GET", "/document-submissions/{referenceNumber}", "smartInquiry"],
  ["GET", "/document-submissions/{referenceNumber}/attachments/{attachmentId}", "smartInquiry"],
  // Member-details service.
  ["GET", "/v2/member-details", "memberDetails"],
  ["GET", "/v2/member-details/dependent/{dependentEntityNumber}", "memberDetails"],
  ["GET", "/v2/member-details/dependents", "memberDetails"],
  ["GET", "/v2/member-details/emergency-contacts", "memberDetails"],
  ["GET", "/v2/member-details/group-access/{entityNumber}", "memberDetails"],
  ["GET", "/v2/member-details/membership-card", "memberDetails"],
  ["GET", "/v2/member-details/membership-certificate", "memberDetails"],
  // Listed among the GETs, but it orders a card: a change, so a POST carrying the anti-forgery token.
  ["POST", "/v2/member-details/order-membership-card", "memberDetails"],
  ["GET", "/v2/member-details/plan", "memberDetails"],
  ["GET", "/v2/member-details/scheme", "memberDetails"],
  ["GET", "/v2/member-details/policies/{policyId}/dependents", "memberDetails"],
  ["GET", "/v2/member-details/{entityNumber}", "memberDetails"],
  ["GET", "/v2/member-details/{entityNumber}/dependents", "memberDetails"],
  ["GET", "/v2/member-details/{entityNumber}/emergency-contacts", "memberDetails"],
  ["GET", "/v2/member-details/{entityNumber}/patient-list-details", "memberDetails"],
  ["GET", "/v2/member-details/{entityNumber}/plan", "memberDetails"],
  ["GET", "/v2/member-details/{entityNumber}/scheme", "memberDetails"],
  ["GET", "/member-details/", "memberDetails"],
  ["POST", "/member-details/", "memberDetails"],
  ["GET", "/member-details/{memberEntityNumber}", "memberDetails"],
  ["GET", "/member-details/member/{entityNumber}/roles/{roles}", "memberDetails"],
  ["POST", "/member-search", "memberDetails"],
  ["GET", "/patient/{patientEntityNumber}/doctor-allocation-details", "memberDetails"],
  ["GET", "/patient/{patientEntityNumber}/doctor-allocation/{allocationType}", "memberDetails"],
  ["GET", "/permissions", "memberDetails"],
  ["GET", "/permissions/{entityNumber}", "memberDetails"],
  ["GET", "/permissions/{entityNumber}/{policyBenefit}", "memberDetails"],
  ["GET", "/policy-exclusions/{entityNumber}/waiting-periods", "memberDetails"],
  ["DELETE", "/profile-picture", "memberDetails"],
  ["GET", "/profile-picture/", "memberDetails"],
  ["POST", "/profile-picture/", "memberDetails"],
  ["GET", "/profile-picture/base64", "memberDetails"],
  ["GET", "/profile-picture/{entityNumber}", "memberDetails"],
  ["GET", "/profile-picture/{entityNumber}/base64", "memberDetails"],
  // Content fragments: /site{path}, and /site/preview{path} on preview hosts.
  ["GET", "/site/{path}", "none"],
  ["GET", "/site/preview/{path}", "none"],
];

const BASE_PATHS: Record<Base, string> = {
  none: "",
  smartInquiry: SMART_INQUIRY_BASE,
  memberDetails: MEMBER_DETAILS_PATH,
};

/** Path parameters compared by place, not by name: the spec and the server may name them apart. */
const withoutParameterNames = (path: string) => path.replace(/\{[^}]*\}/g, "{}");

interface JsonSchema {
  $ref?: string;
  properties?: object;
}
interface Operation {
  servers?: { url: string }[];
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

describe("the OpenAPI document and the API reference", () => {
  let testApp: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    testApp = await createTestApp("pglite", { SMART_INQUIRY_BASE, MEMBER_DETAILS_BASE });
    const response = await testApp.app.inject({ method: "GET", url: OPENAPI_DOCUMENT_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const operationAt = (method: string, path: string): Operation | undefined => {
    const wanted = withoutParameterNames(path);
    const documented = Object.keys(document.paths).find((key) => withoutParameterNames(key) === wanted);
    return documented ? document.paths[documented]?.[method.toLowerCase()] : undefined;
  };

  /** A schema, or the named model it refers to. */
  const resolved = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    const model = schema?.$ref?.replace("#/components/schemas/", "");
    return model === undefined ? schema : document.components.schemas[model];
  };

  it("is OpenAPI 3.1", () => {
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it.each(SPEC_CALLS)("documents %s %s under its base path", (method, path, base) => {
    expect(operationAt(method, `${BASE_PATHS[base]}${path}`)).toBeDefined();
  });

  it("gives each call of a service on another host that host as its server", () => {
    expect(operationAt("GET", `${MEMBER_DETAILS_PATH}/v2/member-details`)?.servers).toEqual([
      { url: MEMBER_DETAILS_HOST },
    ]);
    expect(operationAt("GET", `${SMART_INQUIRY_BASE}/member-queries`)?.servers).toBeUndefined();
  });

  it("describes the error body of every service call", () => {
    const serviceCalls = SPEC_CALLS.filter(([, , base]) => base !== "none");
    for (const [method, path, base] of serviceCalls) {
      const unauthenticated = operationAt(method, `${BASE_PATHS[base]}${path}`)?.responses["401"];
      const schema = resolved(unauthenticated?.content?.["application/json"]?.schema);
      expect(schema?.properties ?? {}, `${method} ${path}`).toHaveProperty("exceptionCode");
    }
  });

  it("answers the reference page as HTML, with its scripts served here", async () => {
    const page = await testApp.app.inject({ method: "GET", url: API_REFERENCE_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain('id="swagger-ui"');
    expect(page.body).not.toMatch(/https?:\/\//);
    // The page runs under the site's strict policy: nothing inline is allowed for it.
    expect(page.headers["content-security-policy"]).not.toContain("unsafe-inline");

    const script = await testApp.app.inject({
      method: "GET",
      url: `${API_REFERENCE_PATH}/static/swagger-ui-bundle.js`,
    });
    expect(script.statusCode).toBe(200);
  });
});
