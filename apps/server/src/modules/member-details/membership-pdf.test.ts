import { inflateSync } from "node:zlib";
import { DEFAULT_BRAND } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { loadPdf, pdfShownText } from "../../../test-support/pdf-text.js";
import type { CoveredPerson, MembershipDocumentData } from "./membership-document-data.js";
import { renderMembershipCard, renderMembershipCertificate } from "./membership-pdf.js";

const child = (index: number): CoveredPerson => ({
  name: `Child Number${index}`,
  dependentCode: String(index + 1).padStart(2, "0"),
  relationship: "CHILD",
  dateOfBirth: "2010-01-01",
});

const data = (coveredPeople: CoveredPerson[]): MembershipDocumentData => ({
  memberName: "Mrs Zoë Ñandú 😀 Ngcobo",
  membershipNumber: null,
  schemeName: "Meridian Health Medical Scheme",
  planName: "Classic",
  policyIdentifier: "MHP-1",
  memberSince: "2020-03-01",
  issuedOn: "2026-11-23",
  coveredPeople,
});

/** The fill colours (rg) the pages draw with, as #rrggbb. */
function fillColours(bytes: Uint8Array): Set<string> {
  const raw = Buffer.from(bytes).toString("latin1");
  const colours = new Set<string>();
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content = "";
    try {
      content = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const [, r, g, b] of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) rg/g)) {
      const hex = [r, g, b].map((part) =>
        Math.round(Number(part) * 255)
          .toString(16)
          .padStart(2, "0"),
      );
      colours.add(`#${hex.join("")}`);
    }
  }
  return colours;
}

describe("membership PDFs", () => {
  it("draws the card's band and the certificate's heading in the brand's primary colour", async () => {
    const brand = { ...DEFAULT_BRAND, colours: { ...DEFAULT_BRAND.colours, primary: "#7a1f5c" } };
    for (const render of [renderMembershipCard, renderMembershipCertificate]) {
      const colours = fillColours(await render(data([child(0)]), brand));
      expect(colours).toContain("#7a1f5c");
      expect(fillColours(await render(data([child(0)]), DEFAULT_BRAND))).toContain("#0e5e6f");
    }
  });

  it("draws names the standard font cannot encode: accents dropped, the rest as ?", async () => {
    const text = pdfShownText(await renderMembershipCard(data([]), DEFAULT_BRAND)).join("\n");
    expect(text).toContain("Mrs Zoe Nandu ? Ngcobo");
    expect(text).toContain("Membership number: not yet assigned");
  });

  it("shortens a name too long for the card with an ellipsis", async () => {
    const long = { ...data([]), memberName: "A".repeat(200) };
    const text = pdfShownText(await renderMembershipCard(long, DEFAULT_BRAND));
    const drawn = text.find((line) => line.startsWith("AAAA"));
    // "…" is byte 0x85 in WinAnsi, the standard fonts' encoding.
    expect(drawn?.endsWith("\x85")).toBe(true);
    expect(drawn?.length).toBeLessThan(200);
  });

  it("lists six people on the card and points to the certificate for the rest", async () => {
    const people = Array.from({ length: 9 }, (_, index) => child(index));
    const text = pdfShownText(await renderMembershipCard(data(people), DEFAULT_BRAND)).join("\n");
    expect(text).toContain("Child Number5 (Child)");
    expect(text).not.toContain("Child Number6");
    expect(text).toContain("and 3 more: see your membership certificate");
  });

  it("continues the certificate's list on further pages", async () => {
    const people = Array.from({ length: 80 }, (_, index) => child(index));
    const bytes = await renderMembershipCertificate(data(people), DEFAULT_BRAND);
    expect((await loadPdf(bytes)).getPageCount()).toBeGreaterThan(1);
    const text = pdfShownText(bytes).join("\n");
    expect(text).toContain("Child Number79");
    expect(text).toContain("Issued on 2026-11-23.");
  });
});
