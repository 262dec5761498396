import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test-support/test-app.js";
import { loadConfig } from "../../config/env.js";
import { LEAVES_PORTAL_NOTE, SCHEME_SITE_PLACEHOLDER } from "./scheme-site-links.js";

// Every link in shipped content must lead somewhere real: a screen of the SPA (its hash routes,
// read from the web's route table), another content file, a mail or phone address, or the
// scheme's website through the placeholder the content service fills in. Anything else, such as
// the /portal/… pages of a portal this product is not, is a dead link.

const contentRoot = loadConfig({}).CONTENT_DIR;
const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));
const webPathsFile = path.join(repoRoot, "apps", "web", "src", "config", "paths.ts");

/** The SPA's route patterns (`path: "/my-membership"`), as regular expressions. */
function spaRoutes(): RegExp[] {
  const source = fs.readFileSync(webPathsFile, "utf8");
  const patterns = [...source.matchAll(/\bpath:\s*"(\/[^"]*)"/g)].map((match) => match[1] ?? "");
  return patterns.map((pattern) => {
    const body = pattern
      .split("/")
      .map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : segment))
      .join("/");
    return new RegExp(`^${body.replace(/\/\.\*$/, "(?:/.*)?")}$`);
  });
}

function htmlFiles(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html"))
    .map((name) => path.join(root, name))
    .sort();
}

/** Every address a fragment refers to: link targets, and image or other sources. */
function addressesIn(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  return [...document.querySelectorAll("[href], [src]")].map(
    (element) => element.getAttribute("href") ?? element.getAttribute("src") ?? "",
  );
}

type Verdict = "spa-route" | "content" | "mail-or-phone" | "scheme-site" | "dead";

function verdict(address: string, routes: readonly RegExp[]): Verdict {
  if (/^(mailto|tel):[^\s]+$/i.test(address)) return "mail-or-phone";
  if (address.startsWith(`${SCHEME_SITE_PLACEHOLDER}/`) || address === SCHEME_SITE_PLACEHOLDER) {
    return /^[^\s"'<>{}]*$/.test(address.slice(SCHEME_SITE_PLACEHOLDER.length)) ? "scheme-site" : "dead";
  }
  const hashRoute = /^\/?#(\/[^?#]*)(\?[^#]*)?$/.exec(address);
  if (hashRoute) return routes.some((route) => route.test(hashRoute[1] ?? "")) ? "spa-route" : "dead";
  const site = /^\/site(\/[^?#]+)$/.exec(address);
  if (site) {
    const relative = (site[1] ?? "").replace(/^\/preview(?=\/)/, "");
    const target = path.join(contentRoot, relative);
    return target.startsWith(contentRoot + path.sep) && fs.existsSync(target) ? "content" : "dead";
  }
  return "dead";
}

describe("the links in content/", () => {
  const routes = spaRoutes();
  const files = htmlFiles(contentRoot);
  const links = files.flatMap((file) =>
    addressesIn(fs.readFileSync(file, "utf8")).map((address) => ({
      file: path.relative(contentRoot, file),
      address,
    })),
  );

  it("reads the SPA's routes and finds the shipped fragments and their links", () => {
    expect(routes.some((route) => route.test("/interaction-timeline"))).toBe(true);
    expect(routes.some((route) => route.test("/my-membership"))).toBe(true);
    expect(files.length).toBeGreaterThan(15);
    expect(links.length).toBeGreaterThan(10);
  });

  it("has no dead link", () => {
    const dead = links.filter((link) => verdict(link.address, routes) === "dead");
    expect(dead).toEqual([]);
  });

  it("tells a dead link from a live one", () => {
    expect(verdict("/portal/medical-aid/claims", routes)).toBe("dead");
    expect(verdict("/#/no-such-screen", routes)).toBe("dead");
    expect(verdict("/site/fragments/none.html", routes)).toBe("dead");
    expect(verdict("/site/../package.json", routes)).toBe("dead");
    expect(verdict("https://elsewhere.example/", routes)).toBe("dead");
    expect(verdict("{{SCHEME_SITE_URL}}/a b", routes)).toBe("dead");
    expect(verdict("/#/interaction-timeline", routes)).toBe("spa-route");
    expect(verdict("#/contact-us/default", routes)).toBe("spa-route");
    expect(verdict("/#/update/default?reference=1&timeline=true", routes)).toBe("spa-route");
    expect(verdict("/site/fragments/smart-inquiry/categories/other.html", routes)).toBe("content");
    expect(verdict("mailto:help@meridian.example", routes)).toBe("mail-or-phone");
    expect(verdict("{{SCHEME_SITE_URL}}/medical-aid/claims", routes)).toBe("scheme-site");
  });
});

describe("the links the content service serves", () => {
  const SITE = "https://scheme.test/members";
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp("pglite", { SCHEME_SITE_URL: SITE });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // Published fragments at /site/…, preview ones at /site/preview/… (their path under content/).
  const servedPaths = htmlFiles(contentRoot).map(
    (file) => `/site/${path.relative(contentRoot, file).split(path.sep).join("/")}`,
  );

  it.each(servedPaths)(
    "%s: scheme-site links are filled in and marked as leaving the portal",
    async (url) => {
      const response = await testApp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(SCHEME_SITE_PLACEHOLDER);
      const { document } = new JSDOM(`<body>${response.body}</body>`).window;
      for (const link of document.querySelectorAll("a[href]")) {
        const href = link.getAttribute("href") ?? "";
        if (href.startsWith("/") || href.startsWith("#") || /^(mailto|tel):/.test(href)) {
          expect(link.hasAttribute("target"), href).toBe(false);
          continue;
        }
        expect(href.startsWith(`${SITE}/`), href).toBe(true);
        expect(link.getAttribute("target")).toBe("_blank");
        expect(link.getAttribute("rel")).toBe("noopener noreferrer");
        expect(link.textContent?.trim().endsWith(LEAVES_PORTAL_NOTE), href).toBe(true);
      }
    },
  );
});
