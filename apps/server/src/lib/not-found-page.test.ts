import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_BRAND } from "@portal/domain";
import Fastify from "fastify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-support/test-app.js";
import type { AppContext } from "../app-context.js";
import { loadConfig } from "../config/env.js";
import { webAppRoutes } from "../modules/web-app/routes.js";
import { installErrorHandling } from "./error-handler.js";

// What a browser's address bar sends, and what the SPA's fetches send.
const NAVIGATION = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const FETCH = "application/json, text/plain, */*";
const JSON_NOT_FOUND = {
  status: 404,
  exceptionCode: "NOT_FOUND",
  message: "The requested resource was not found.",
};

describe("an unknown address", () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp("pglite", {
      SMART_INQUIRY_BASE: "//inquiry.example/svc/smart-inquiry",
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, accept?: string, method: "GET" | "HEAD" = "GET") =>
    testApp.app.inject({ method, url, headers: accept ? { accept } : {} });

  it("shows a browser an HTML page with the scheme's name and a way back, under the same headers", async () => {
    const response = await get("/portal/medical-aid/claims?x=1", NAVIGATION);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBeDefined();
    const { document } = new JSDOM(response.body).window;
    expect(document.title).toBe(`Page not found · ${DEFAULT_BRAND.shortName}`);
    expect(document.querySelector("h1")?.textContent).toBe("Page not found");
    expect(document.body.textContent).toContain(DEFAULT_BRAND.name);
    const back = document.querySelector("a");
    expect(back?.getAttribute("href")).toBe("/");
    expect(back?.textContent).toBe("Go to the member portal");
    // Nothing the CSP would block, and nothing from the request echoed back.
    expect(response.body).not.toMatch(/<script|<style|\sstyle=|\son\w+=/i);
    expect(response.body).not.toContain("claims");
  });

  it("answers HEAD the same way", async () => {
    const response = await get("/no/such/page", NAVIGATION, "HEAD");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it.each([
    ["a fetch that asks for JSON", "/no/such/page", FETCH],
    ["a caller that sends no Accept", "/no/such/page", undefined],
    ["an API address", "/api/no-such-thing", NAVIGATION],
    ["a console address", "/api/console/nothing", NAVIGATION],
    ["a content address", "/site/fragments/none.html", NAVIGATION],
    ["a gateway address", "/wsg/rest/nothing", NAVIGATION],
    ["a das-mp service address", "/portal/api/das-mp/nothing", NAVIGATION],
    ["the configured smart-inquiry base (protocol-relative)", "/svc/smart-inquiry/nothing", NAVIGATION],
    ["an escaped API address", "/%61pi/nothing", NAVIGATION],
  ])("keeps the JSON error body for %s", async (_name, url, accept) => {
    const response = await get(url, accept);
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON_NOT_FOUND);
  });
});

describe("an unknown address beside the served web app", () => {
  let distDir: string;
  let app: ReturnType<typeof Fastify>;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-dist-"));
    fs.writeFileSync(path.join(distDir, "index.html"), "<!doctype html><title>SPA</title>");
    const config = loadConfig({ WEB_DIST_DIR: distDir });
    app = Fastify({ logger: false });
    installErrorHandling(app, config);
    await app.register(webAppRoutes, { config } as AppContext);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("still serves the SPA at the root", async () => {
    const response = await app.inject({ method: "GET", url: "/", headers: { accept: NAVIGATION } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>SPA</title>");
  });

  it("shows the HTML page for a file the build does not have", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/portal/medical-aid/benefits",
      headers: { accept: NAVIGATION },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("<h1>Page not found</h1>");
  });

  it("keeps the JSON error body for anything but GET and HEAD", async () => {
    // (Through the whole app, anti-forgery refuses such a POST before any route is looked up.)
    const response = await app.inject({
      method: "POST",
      url: "/no/such/page",
      headers: { accept: NAVIGATION },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(JSON_NOT_FOUND);
  });

  it("answers a missing asset fetched by a script with JSON", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/gone.js", headers: { accept: "*/*" } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(JSON_NOT_FOUND);
  });
});
