import { describe, expect, it } from "vitest";
import { openSealedLink, SEALED_LINK_PLACEHOLDER, sealLink, withOpenedLink } from "./sealed-links.js";

const SECRET = "a-session-secret-of-at-least-32-characters";
const LINK = "https://portal.scheme.example/#/register/activate/abc_DEF-123&x=<y>";

describe("sealed account links", () => {
  it("opens with the secret it was sealed with, and differs each time it is sealed", () => {
    const sealed = sealLink(SECRET, LINK);
    expect(sealed).not.toContain("abc_DEF");
    expect(openSealedLink(SECRET, sealed)).toBe(LINK);
    expect(sealLink(SECRET, LINK)).not.toBe(sealed);
  });

  it("refuses another secret and an altered seal", () => {
    const sealed = sealLink(SECRET, LINK);
    expect(() => openSealedLink(`${SECRET}!`, sealed)).toThrow();
    // One bit of the sealed link flipped (a character swap could leave the bytes as they were).
    const bytes = Buffer.from(sealed, "base64url");
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => openSealedLink(SECRET, bytes.toString("base64url"))).toThrow();
  });

  it("puts the link where the placeholder is, escaped in the html", () => {
    const mail = {
      html: `<a href="${SEALED_LINK_PLACEHOLDER}">${SEALED_LINK_PLACEHOLDER}</a>`,
      text: `Open ${SEALED_LINK_PLACEHOLDER}`,
      sealedLink: sealLink(SECRET, LINK),
    };
    const opened = withOpenedLink(mail, SECRET);
    expect(opened.text).toBe(`Open ${LINK}`);
    expect(opened.html).toBe(
      '<a href="https://portal.scheme.example/#/register/activate/abc_DEF-123&amp;x=&lt;y>">https://portal.scheme.example/#/register/activate/abc_DEF-123&amp;x=&lt;y></a>',
    );
    const plain = { html: "<p>x</p>", text: "x", sealedLink: null };
    expect(withOpenedLink(plain, SECRET)).toBe(plain);
  });
});
