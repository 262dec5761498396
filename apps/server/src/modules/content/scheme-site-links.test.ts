import { describe, expect, it } from "vitest";
import { withSchemeSiteLinks } from "./scheme-site-links.js";

const SITE = "https://www.meridian.example";

describe("withSchemeSiteLinks", () => {
  it("fills in the scheme's website and marks the link as leaving the portal", () => {
    expect(
      withSchemeSiteLinks('<p>See <a href="{{SCHEME_SITE_URL}}/medical-aid/claims">My claims</a>.</p>', SITE),
    ).toBe(
      '<p>See <a href="https://www.meridian.example/medical-aid/claims" target="_blank" rel="noopener noreferrer">My claims (opens the scheme\'s website)</a>.</p>',
    );
  });

  it("handles several links, line breaks in a label and a site with a path", () => {
    const html =
      '<a href="{{SCHEME_SITE_URL}}/a">One\n  link</a> and <a class="x" href=\'{{SCHEME_SITE_URL}}/b\'>Two</a>';
    expect(withSchemeSiteLinks(html, "https://scheme.example/members/")).toBe(
      '<a href="https://scheme.example/members/a" target="_blank" rel="noopener noreferrer">One\n  link (opens the scheme\'s website)</a> and ' +
        '<a class="x" href=\'https://scheme.example/members/b\' target="_blank" rel="noopener noreferrer">Two (opens the scheme\'s website)</a>',
    );
  });

  it("replaces an author's own rel and target, and does not mark a link twice", () => {
    const html =
      '<a href="{{SCHEME_SITE_URL}}/x" target="_self" rel="opener">Go (opens the scheme\'s website)</a>';
    expect(withSchemeSiteLinks(html, SITE)).toBe(
      '<a href="https://www.meridian.example/x" target="_blank" rel="noopener noreferrer">Go (opens the scheme\'s website)</a>',
    );
  });

  it("leaves the portal's own links and placeholder-free fragments as they are", () => {
    const html = '<p><a href="/#/interaction-timeline">My interaction timeline</a></p>';
    expect(withSchemeSiteLinks(html, SITE)).toBe(html);
  });

  it("escapes the configured address for the attribute", () => {
    expect(withSchemeSiteLinks('<a href="{{SCHEME_SITE_URL}}/x">X</a>', 'https://a.example/"><b>')).toContain(
      'href="https://a.example/&quot;&gt;&lt;b&gt;/x"',
    );
  });
});
