import { describe, expect, it } from "vitest";
import { contentUrl } from "./content-url";

describe("contentUrl", () => {
  it.each([
    // path, hostname, marker, expected
    ["/a/b.html", "portal.example.com", "", "/site/a/b.html"],
    ["/a/b.html", "localhost", "", "/site/preview/a/b.html"],
    ["/a/b.html", "my-localhost-box.example", "", "/site/preview/a/b.html"],
    ["/a/b.html", "qa-portal.example.com", "qa-", "/site/preview/a/b.html"],
    ["/a/b.html", "portal.qa-.example.com", "qa-", "/site/preview/a/b.html"],
    ["/a/b.html", "portal.example.com", "qa-", "/site/a/b.html"],
    ["/a/b.html", "QA-Portal.example.com", "qa-", "/site/preview/a/b.html"],
    ["a/b.html", "portal.example.com", "", "/site/a/b.html"],
    ["data:text/html,<p>hi</p>", "localhost", "qa-", "data:text/html,<p>hi</p>"],
    ["data:image/png;base64,AAAA", "portal.example.com", "", "data:image/png;base64,AAAA"],
  ])("%s on %s (marker %j) → %s", (path, hostname, marker, expected) => {
    expect(contentUrl(path, hostname, marker)).toBe(expected);
  });
});
