import { describe, expect, it } from "vitest";
import {
  ALLOWED_ATTACHMENT_TYPES,
  ATTACHMENT_ACCEPT,
  type AttachmentCandidate,
  attachmentContentType,
  attachmentRuleProblem,
  fileExtension,
  formatFileSize,
  isAllowedAttachment,
  totalAttachmentBytes,
} from "./attachments.js";

const RULE_MESSAGE =
  "Please make sure your file is not larger than 10 MB and is either a TIFF, JPG, PNG, Doc, Docx, or PDF. Please try again";
const TEN_MB = 10 * 1024 * 1024;
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function file(name: string, size: number, type: string): AttachmentCandidate {
  return { name, size, type };
}

describe("fileExtension", () => {
  it.each([
    ["scan.pdf", "pdf"],
    ["SCAN.PDF", "pdf"],
    ["archive.tar.gz", "gz"],
    ["report", ""],
    ["trailing.", ""],
    [".hidden", "hidden"],
  ])("of %j is %j", (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe("attachmentContentType", () => {
  it.each([
    ["letter.doc", "application/msword"],
    ["letter.DOCX", DOCX_TYPE],
    ["scan.tif", "image/tiff"],
    ["scan.tiff", "image/tiff"],
    ["photo.png", "image/png"],
    ["photo.jpg", "image/jpeg"],
    ["photo.jpeg", "image/jpeg"],
    ["invoice.pdf", "application/pdf"],
  ])("serves %j as %s", (name, type) => {
    expect(attachmentContentType(name)).toBe(type);
  });

  it("is one of the types the file may be declared as, so what is accepted is served as such", () => {
    for (const allowed of ALLOWED_ATTACHMENT_TYPES) {
      const type = attachmentContentType(`file.${allowed.extension}`);
      expect(type && isAllowedAttachment({ name: `file.${allowed.extension}`, type })).toBe(true);
    }
  });

  it.each(["setup.exe", "photo.gif", "invoice"])("has none for %j, which is not allowed", (name) => {
    expect(attachmentContentType(name)).toBeUndefined();
  });
});

describe("isAllowedAttachment", () => {
  it.each([
    ["letter.doc", "application/msword"],
    ["letter.docx", DOCX_TYPE],
    ["scan.tif", "image/tiff"],
    ["scan.tiff", "image/tiff"],
    ["photo.png", "image/png"],
    ["photo.jpg", "image/jpeg"],
    ["photo.jpeg", "image/jpeg"],
    ["invoice.pdf", "application/pdf"],
    ["INVOICE.PDF", "application/pdf"],
    ["Photo.JPG", "IMAGE/JPEG"],
    // No declared type, or the generic one: the extension alone decides.
    ["letter.doc", ""],
    ["scan.tif", "application/octet-stream"],
  ])("allows %j declared as %j", (name, type) => {
    expect(isAllowedAttachment({ name, type })).toBe(true);
  });

  it.each([
    ["setup.exe", "application/x-msdownload", "a program"],
    ["setup.exe", "application/pdf", "a program declared as a PDF"],
    ["setup.pdf.exe", "", "a double extension ending in exe"],
    ["invoice", "application/pdf", "no extension"],
    ["photo.gif", "image/gif", "a type not on the list"],
    ["book.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "a spreadsheet"],
    ["invoice.pdf", "image/png", "a declared type of another allowed kind"],
    ["photo.png", "image/jpeg", "png declared as jpeg"],
    ["renamed.pdf", "application/x-msdownload", "a program renamed to .pdf"],
  ])("refuses %j declared as %j (%s)", (name, type) => {
    expect(isAllowedAttachment({ name, type })).toBe(false);
  });

  it("covers the kinds of the spec: msword, docx, tiff, png, jpg, jpeg, pdf", () => {
    expect(ALLOWED_ATTACHMENT_TYPES.map((allowed) => allowed.extension)).toEqual([
      "doc",
      "docx",
      "tif",
      "tiff",
      "png",
      "jpg",
      "jpeg",
      "pdf",
    ]);
  });
});

describe("ATTACHMENT_ACCEPT", () => {
  it("names every allowed extension and MIME type", () => {
    const accepted = ATTACHMENT_ACCEPT.split(",");
    for (const extension of [".doc", ".docx", ".tif", ".tiff", ".png", ".jpg", ".jpeg", ".pdf"]) {
      expect(accepted).toContain(extension);
    }
    for (const type of [
      "application/msword",
      DOCX_TYPE,
      "image/tiff",
      "image/png",
      "image/jpeg",
      "application/pdf",
    ]) {
      expect(accepted).toContain(type);
    }
    expect(new Set(accepted).size).toBe(accepted.length);
  });
});

describe("attachmentRuleProblem", () => {
  it("accepts no files at all", () => {
    expect(attachmentRuleProblem([])).toBeNull();
  });

  it("accepts files totalling exactly 10 MB", () => {
    const files = [file("a.pdf", TEN_MB - 100, "application/pdf"), file("b.png", 100, "image/png")];
    expect(totalAttachmentBytes(files)).toBe(TEN_MB);
    expect(attachmentRuleProblem(files)).toBeNull();
  });

  it("refuses files totalling one byte more than 10 MB", () => {
    const files = [file("a.pdf", TEN_MB - 100, "application/pdf"), file("b.png", 101, "image/png")];
    expect(attachmentRuleProblem(files)).toBe(RULE_MESSAGE);
  });

  it("refuses a single file one byte over 10 MB", () => {
    expect(attachmentRuleProblem([file("big.pdf", TEN_MB + 1, "application/pdf")])).toBe(RULE_MESSAGE);
  });

  it("refuses the whole set when one file is not allowed", () => {
    const files = [file("ok.pdf", 10, "application/pdf"), file("virus.exe", 10, "application/x-msdownload")];
    expect(attachmentRuleProblem(files)).toBe(RULE_MESSAGE);
  });

  it("refuses a file with a mismatched declared type", () => {
    expect(attachmentRuleProblem([file("scan.pdf", 10, "text/html")])).toBe(RULE_MESSAGE);
  });
});

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [512, "512 B"],
    [1023, "1023 B"],
    [1024, "1.0 KB"],
    [1536, "1.5 KB"],
    [1024 * 1024 - 1, "1.0 MB"],
    [TEN_MB, "10.0 MB"],
    [3 * 1024 * 1024 * 1024, "3.0 GB"],
  ])("%d bytes read %j", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("refuses %d", (bytes) => {
    expect(() => formatFileSize(bytes)).toThrow(RangeError);
  });
});
