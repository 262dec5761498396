import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { helpSearchResponseSchema } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { HELP_SEARCH_PATH } from "./routes.js";

const CLAIMS = "/fragments/smart-inquiry/categories/medical-claims.html";
const SUBMIT = "/fragments/smart-inquiry/redirects/medical-claims/submit-a-claim.html";
const PMB = "/fragments/smart-inquiry/redirects/benefits-and-cover/prescribed-minimum-benefits.html";

// The help search touches no database; PGlite alone is enough here.
describe("GET /api/help/search", () => {
  let testApp: TestApp;
  let contentDir: string;
  const write = (relative: string, text: string) => {
    const file = path.join(contentDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };

  beforeAll(async () => {
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-help-"));
    write(CLAIMS, "<p>You can see every claim we have received, what we paid and why, under My claims.</p>");
    write(
      SUBMIT,
      "<p>Submit a claim online by uploading the account and <strong>proof of payment</strong>.</p>",
    );
    write(PMB, "<p>Prescribed Minimum Benefits are a minimum level of cover for a list of conditions.</p>");
    write("fragments/notes/with-heading.html", "<h3>Hospital stays</h3><p>Tell us the planned date.</p>");
    write("preview/fragments/draft.html", "<p>Draft about holidays abroad.</p>");
    testApp = await createTestApp("pglite", { CONTENT_DIR: contentDir });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  const search = async (q: string) => {
    const response = await testApp.app.inject({ method: "GET", url: HELP_SEARCH_PATH, query: { q } });
    return {
      response,
      body: response.statusCode === 200 ? helpSearchResponseSchema.parse(response.json()) : undefined,
    };
  };

  it("answers the best fragment first, with its title and a plain-text excerpt", async () => {
    const { response, body } = await search("How do I submit a claim?");
    expect(response.statusCode).toBe(200);
    expect(body?.results[0]).toEqual({
      path: SUBMIT,
      title: "Submit a claim",
      excerpt: "Submit a claim online by uploading the account and proof of payment.",
    });
    expect(body?.results.map((result) => result.path)).toContain(CLAIMS);
  });

  it("hands a request for a person over, with no article, instead of the nearest words' fragment", async () => {
    write(
      "fragments/smart-inquiry/categories/medxpress-delivery-query.html",
      "<p>A person must be home to speak to the driver who delivers your medicine.</p>",
    );
    for (const q of ["Can I speak to a person?", "Please call me", "talk to someone"]) {
      const { response, body } = await search(q);
      expect(response.statusCode).toBe(200);
      expect(body).toEqual({ results: [], handOver: true });
    }
    const { body } = await search("How do I submit a claim?");
    expect(body?.handOver).toBeUndefined();
    expect(body?.results[0]?.path).toBe(SUBMIT);
  });

  it("stems and expands the scheme's synonyms", async () => {
    expect((await search("PMB")).body?.results[0]?.path).toBe(PMB);
    expect((await search("claims paid")).body?.results[0]?.path).toBe(CLAIMS);
    expect((await search("how do I get a refund")).body?.results.map((result) => result.path)).toContain(
      SUBMIT,
    );
  });

  it("titles a fragment by its own heading, and leaves the preview tree out", async () => {
    expect((await search("hospital")).body?.results[0]).toMatchObject({
      path: "/fragments/notes/with-heading.html",
      title: "Hospital stays",
      excerpt: "Tell us the planned date.",
    });
    expect((await search("holidays abroad")).body?.results).toEqual([]);
  });

  it("answers no results for a question nothing matches", async () => {
    expect((await search("xylophone")).body).toEqual({ results: [] });
  });

  it("finds a fragment after it changes, and forgets one that is removed", async () => {
    expect((await search("dentist")).body?.results).toEqual([]);
    // The folder is looked at again once CONTENT_RECHECK_MS has passed since the last look.
    const later = () => testApp.clock.advanceMinutes(1);
    write("fragments/notes/dental.html", "<p>Dentist visits are paid from your day-to-day benefit.</p>");
    later();
    expect((await search("dentist")).body?.results[0]?.path).toBe("/fragments/notes/dental.html");
    write("fragments/notes/dental.html", "<p>Optometrist visits are paid from your day-to-day benefit.</p>");
    // Same size as before: the changed modification time alone must tell the index to rebuild.
    const inAMinute = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(contentDir, "fragments/notes/dental.html"), inAMinute, inAMinute);
    later();
    expect((await search("dentist")).body?.results).toEqual([]);
    expect((await search("optometrist")).body?.results[0]?.path).toBe("/fragments/notes/dental.html");
    fs.rmSync(path.join(contentDir, "fragments/notes/dental.html"));
    later();
    expect((await search("optometrist")).body?.results).toEqual([]);
  });

  it.each([
    ["an empty question", ""],
    ["only spaces", "   "],
    ["more than 200 characters", "claim ".repeat(40)],
  ])("refuses %s with 400", async (_name, q) => {
    const { response } = await search(q);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, exceptionCode: "VALIDATION_FAILED" });
  });

  it("refuses a request without a question with 400", async () => {
    const response = await testApp.app.inject({ method: "GET", url: HELP_SEARCH_PATH });
    expect(response.statusCode).toBe(400);
  });

  it("is described in the OpenAPI document", async () => {
    const answer = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.paths[HELP_SEARCH_PATH]?.get?.responses).toHaveProperty("200");
  });
});
