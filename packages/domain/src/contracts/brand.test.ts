import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contrastRatio, shade, tint } from "../brand-colours.js";
import { DEFAULT_BRAND } from "../default-brand.js";
import { type BrandFile, brandSchema, memberServicesLine, webBrandOf, webBrandSchema } from "./brand.js";

const example: unknown = JSON.parse(
  readFileSync(new URL("../../../../docs/examples/brand.json", import.meta.url), "utf8"),
);

/** The messages of a brand that is refused, as "path: message". */
function refusal(brand: unknown): string[] {
  const parsed = brandSchema.safeParse(brand);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const withChanges = (change: (brand: BrandFile) => void): BrandFile => {
  const brand = structuredClone(DEFAULT_BRAND) as BrandFile;
  change(brand);
  return brand;
};

describe("the brand file", () => {
  it("docs/examples/brand.json is valid and is the brand the portal runs with when none is set", () => {
    expect(brandSchema.parse(example)).toStrictEqual(DEFAULT_BRAND);
  });

  it("may leave the logo out: the portal's own mark", () => {
    const { logo: _logo, ...withoutLogo } = DEFAULT_BRAND;
    expect(brandSchema.parse(withoutLogo).logo).toBeNull();
  });

  it("refuses an empty name or short name", () => {
    expect(refusal({ ...DEFAULT_BRAND, name: "" })).toEqual(["name: must not be empty"]);
    expect(refusal({ ...DEFAULT_BRAND, shortName: "   " })).toEqual(["shortName: must not be empty"]);
  });

  it.each(["0e5e6f", "#0e5e6", "#0e5e6fa", "teal", "#0g5e6f", "rgb(14, 94, 111)"])(
    "refuses the colour %j, naming the field",
    (colour) => {
      const brand = withChanges((b) => {
        b.colours.primary = colour;
      });
      expect(refusal(brand)).toEqual(["colours.primary: must be a colour written #rrggbb, such as #0e5e6f"]);
    },
  );

  it("refuses colours whose text would not reach 4.5:1 (WCAG AA)", () => {
    const paleLinks = withChanges((b) => {
      b.colours.primary = "#7fb3bf";
    });
    expect(refusal(paleLinks).join("\n")).toMatch(
      /^colours\.primary: links and button labels on white reach 2\.\d:1/,
    );
    const greyOnInk = withChanges((b) => {
      b.colours.inkText = "#4a6a70";
    });
    expect(refusal(greyOnInk)).toEqual([
      expect.stringMatching(/^colours\.inkText: the footer's text on the ink reach \d\.\d:1, less than/),
    ]);
    const lightInk = withChanges((b) => {
      b.colours.ink = "#8fb8c0";
    });
    expect(refusal(lightInk)[0]).toMatch(/^colours\.ink: the scheme's name and the footer's links \(white\)/);
  });

  it("refuses an unknown field, a bad number, a bad link and a sender name a mail header cannot carry", () => {
    expect(refusal({ ...DEFAULT_BRAND, colors: {} })).toEqual([
      expect.stringMatching(/^: Unrecognized key: "colors"/),
    ]);
    const badDial = withChanges((b) => {
      (b.contactLines[0] as { dial: string }).dial = "0860 100 247";
    });
    expect(refusal(badDial)).toEqual([
      "contactLines.0.dial: must be the number in international form, such as +27860100247",
    ]);
    const badLink = withChanges((b) => {
      b.footerLinks = [{ label: "Privacy", href: "javascript:alert(1)" }];
    });
    expect(refusal(badLink)[0]).toMatch(/^footerLinks\.0\.href: must be an http\(s\) address/);
    const badSender = withChanges((b) => {
      b.mail.senderName = "Meridian <x@y>";
    });
    expect(refusal(badSender)[0]).toMatch(/^mail\.senderName: must be a name without/);
    expect(refusal({ ...DEFAULT_BRAND, contactLines: [] })[0]).toMatch(/^contactLines: /);
  });

  it("takes a logo as an image data: URI, nothing else", () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64")}`;
    expect(brandSchema.parse({ ...DEFAULT_BRAND, logo: svg }).logo).toBe(svg);
    for (const logo of ["/logo.svg", "https://x.example/logo.png", "data:text/html;base64,PGI+", ""]) {
      expect(refusal({ ...DEFAULT_BRAND, logo })[0], logo).toMatch(/^logo: /);
    }
  });
});

describe("the SPA's part of the brand", () => {
  it("has no mail settings, and its footer links go to the configured website", () => {
    const web = webBrandOf(DEFAULT_BRAND, "https://www.scheme.example");
    expect(web).not.toHaveProperty("mail");
    expect(web.footerLinks).toEqual([
      { label: "Privacy notice", href: "https://www.scheme.example/privacy-notice" },
      { label: "PAIA manual", href: "https://www.scheme.example/paia-manual" },
    ]);
    expect(webBrandSchema.parse(web)).toStrictEqual(web);
  });

  it("mails name the first contact line", () => {
    expect(memberServicesLine(DEFAULT_BRAND).number).toBe("0860 100 247");
  });
});

describe("the colour arithmetic", () => {
  it("works out WCAG contrast and Bootstrap's shades and tints", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#0e5e6f", "#ffffff")).toBeCloseTo(7.4, 1);
    expect(shade("#0e5e6f", 0.2)).toBe("#0b4b59");
    expect(tint("#0e5e6f", 0.5)).toBe("#87afb7");
  });
});
