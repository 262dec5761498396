import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { allFragmentPaths, DEFAULT_CATEGORIES } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loadConfig } from "../../config/env.js";

// The content service needs no database; PGlite alone is enough here.
describe("content service", () => {
  let testApp: TestApp;
  let contentDir: string;

  beforeAll(async () => {
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-content-"));
    const write = (relative: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(contentDir, relative)), { recursive: true });
      fs.writeFileSync(path.join(contentDir, relative), text);
    };
    write("fragments/help.html", "<p>Published help</p>");
    write("fragments/only-published.html", "<p>Only published</p>");
    write("preview/fragments/help.html", "<p>Preview help</p>");
    write("images/logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    write("fragments/notes.exe", "MZ");
    fs.writeFileSync(path.join(path.dirname(contentDir), "secret.html"), "<p>outside</p>");
    fs.symlinkSync(
      path.join(path.dirname(contentDir), "secret.html"),
      path.join(contentDir, "fragments", "link.html"),
    );
    testApp = await createTestApp("pglite", { CONTENT_DIR: contentDir });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(contentDir, { recursive: true, force: true });
  });

  const get = (url: string) => testApp.app.inject({ method: "GET", url });

  it("serves a published fragment as HTML text", async () => {
    const response = await get("/site/fragments/help.html");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toBe("<p>Published help</p>");
  });

  it("serves images with their type", async () => {
    const response = await get("/site/images/logo.svg");
    expect(response.headers["content-type"]).toBe("image/svg+xml");
  });

  it("lets preview override published, and falls back to published", async () => {
    expect((await get("/site/preview/fragments/help.html")).body).toBe("<p>Preview help</p>");
    expect((await get("/site/preview/fragments/only-published.html")).body).toBe("<p>Only published</p>");
  });

  it("never publishes the preview tree", async () => {
    expect((await get("/site/preview-not/fragments/help.html")).statusCode).toBe(404);
    const viaPublished = await testApp.app.inject({
      method: "GET",
      url: "/site//preview/fragments/help.html",
    });
    expect(viaPublished.body).not.toContain("Preview help");
  });

  it.each([
    "/site/../package.json",
    "/site/fragments/../../secret.html",
    "/site/%2e%2e/secret.html",
    "/site/fragments/%2e%2e/%2e%2e/secret.html",
    "/site/fragments/..%2f..%2fsecret.html",
    "/site/%2e%2e%2fsecret.html",
    "/site/fragments%5c..%5c..%5csecret.html",
    "/site/preview/%2e%2e/%2e%2e/secret.html",
    "/site/preview/..%2f..%2fsecret.html",
    "/site/fragments/link.html",
    "/site/fragments/.hidden.html",
    "/site/fragments/notes.exe",
    "/site/fragments",
    "/site/",
  ])("refuses %s with 404", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("outside");
    expect(response.json()).toMatchObject({ status: 404, exceptionCode: "NOT_FOUND" });
  });

  it("refuses a NUL byte in the path with 400, before any file is looked at", async () => {
    const response = await get("/site/fragments/help.html%00.png");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, exceptionCode: "VALIDATION_FAILED" });
  });
});

describe("the content shipped in content/", () => {
  const shippedDir = loadConfig({}).CONTENT_DIR;
  const fragmentPaths = allFragmentPaths();

  it.each(fragmentPaths)("has the fragment %s, free of script", (fragmentPath) => {
    const html = fs.readFileSync(path.join(shippedDir, fragmentPath), "utf8");
    expect(html.trim().length).toBeGreaterThan(40);
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
  });

  it("ships a preview tree that reads as finished text (localhost, so npm start, reads it)", () => {
    const previewRoot = path.join(shippedDir, "preview");
    const previewFiles = fs
      .readdirSync(previewRoot, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".html"));
    expect(previewFiles.length).toBeGreaterThan(0);
    for (const name of previewFiles) {
      const text = fs.readFileSync(path.join(previewRoot, name), "utf8");
      expect(text, name).not.toMatch(/\bdraft\b|\bTODO\b|\bFIXME\b|lorem ipsum/i);
    }
  });

  it("has a redirect fragment for each subcategory that sends the member elsewhere", () => {
    const redirectOnly = ["SUBMIT_A_CLAIM", "MAKE_ONLINE_PAYMENT", "CHANGE_PLAN", "FIND_DOCUMENTS"];
    const withRedirect = DEFAULT_CATEGORIES.flatMap((category) => category.subCategory)
      .filter((sub) => sub.redirectFragment)
      .map((sub) => sub.value);
    expect(withRedirect).toEqual(expect.arrayContaining(redirectOnly));
  });
});
