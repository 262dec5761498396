import { describe, expect, it } from "vitest";
import { loadPdf, pdfShownText } from "../../test-support/pdf-text.js";
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

describe("membership PDFs", () => {
  it("draws names the standard font cannot encode: accents dropped, the rest as ?", async () => {
    const text = pdfShownText(await renderMembershipCard(data([]))).join("\n");
    expect(text).toContain("Mrs Zoe Nandu ? Ngcobo");
    expect(text).toContain("Membership number: not yet assigned");
  });

  it("shortens a name too long for the card with an ellipsis", async () => {
    const long = { ...data([]), memberName: "A".repeat(200) };
    const text = pdfShownText(await renderMembershipCard(long));
    const drawn = text.find((line) => line.startsWith("AAAA"));
    // "…" is byte 0x85 in WinAnsi, the standard fonts' encoding.
    expect(drawn?.endsWith("\x85")).toBe(true);
    expect(drawn?.length).toBeLessThan(200);
  });

  it("lists six people on the card and points to the certificate for the rest", async () => {
    const people = Array.from({ length: 9 }, (_, index) => child(index));
    const text = pdfShownText(await renderMembershipCard(data(people))).join("\n");
    expect(text).toContain("Child Number5 (Child)");
    expect(text).not.toContain("Child Number6");
    expect(text).toContain("and 3 more: see your membership certificate");
  });

  it("continues the certificate's list on further pages", async () => {
    const people = Array.from({ length: 80 }, (_, index) => child(index));
    const bytes = await renderMembershipCertificate(data(people));
    expect((await loadPdf(bytes)).getPageCount()).toBeGreaterThan(1);
    const text = pdfShownText(bytes).join("\n");
    expect(text).toContain("Child Number79");
    expect(text).toContain("Issued on 2026-11-23.");
  });
});
