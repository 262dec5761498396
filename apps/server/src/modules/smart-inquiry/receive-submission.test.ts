import { describe, expect, it } from "vitest";
import { safeFileName } from "./receive-submission.js";

describe("safeFileName", () => {
  it("removes bidirectional controls, so a name reads as what it is", () => {
    // "invoice\u202Egpj.exe" shows as "invoiceexe.jpg" in a right-to-left override.
    expect(safeFileName("invoice\u202Egpj.exe")).toBe("invoicegpj.exe");
    expect(safeFileName("\u2066a\u2067b\u2068c\u2069\u200e\u200f\u061c.pdf")).toBe("abc.pdf");
  });

  it("keeps only the last path segment and replaces control and reserved characters", () => {
    expect(safeFileName("C:\\Users\\x\\..\\scan.pdf")).toBe("scan.pdf");
    expect(safeFileName("../../etc/passwd")).toBe("passwd");
    expect(safeFileName('a<b>c|d:e*f?g"h\u0001.png')).toBe("a_b_c_d_e_f_g_h_.png");
    expect(safeFileName("   ")).toBe("attachment");
  });
});
