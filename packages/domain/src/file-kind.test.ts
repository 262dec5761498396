import { describe, expect, it } from "vitest";
import { classifyFileKind, type FileKind } from "./file-kind.js";

// Requirements §5 "File kind classification", extension table, copied whole.
const SPEC_EXTENSION_TABLE: [FileKind, string[]][] = [
  [
    "image",
    [
      "jpg",
      "jpeg",
      "tif",
      "tiff",
      "psd",
      "bmp",
      "png",
      "nef",
      "cr2",
      "dwg",
      "cdr",
      "ai",
      "indd",
      "pin",
      "cdp",
      "skp",
      "stp",
      "3dm",
    ],
  ],
  ["audio", ["mp3", "wav", "wma", "mod", "m4a"]],
  ["compress", ["compress", "zip", "rar", "7z", "lz", "z01"]],
  ["pdf", ["pdf"]],
  ["xls", ["xls", "xlsx", "ods"]],
  ["video", ["mp4", "avi", "wmv", "mpg", "mts", "flv", "3gp", "vob", "m4v", "mpeg", "m2ts", "mov"]],
  ["doc", ["doc", "docx", "eps", "txt", "odt", "rtf"]],
  ["ppt", ["ppt", "pptx", "pps", "ppsx", "odp"]],
];

const EXTENSION_CASES = SPEC_EXTENSION_TABLE.flatMap(([kind, extensions]) =>
  extensions.map((extension) => [extension, kind] as const),
);

describe("classifyFileKind, rule 6: extension table", () => {
  it.each(EXTENSION_CASES)("a generic type with extension .%s gives %s", (extension, kind) => {
    expect(classifyFileKind("", `file.${extension}`)).toBe(kind);
  });

  it.each(EXTENSION_CASES)("upper-case .%s also gives %s", (extension, kind) => {
    expect(classifyFileKind("", `FILE.${extension.toUpperCase()}`)).toBe(kind);
  });

  it.each([
    ["", "report", "no dot"],
    ["", "report.xyz", "an unknown extension"],
    ["", "report.", "an empty extension"],
    ["text/plain", "notes.md", "an unknown extension with a non-application type"],
    ["application/json", "data.json", "an unknown extension with an application type"],
  ])("type %j, name %j stays application (%s)", (mimeType, fileName) => {
    expect(classifyFileKind(mimeType, fileName)).toBe("application");
  });

  it("uses the text after the LAST dot", () => {
    expect(classifyFileKind("", "slides.pdf.pptx")).toBe("ppt");
    expect(classifyFileKind("", "x.PPTX")).toBe("ppt");
  });

  it("looks the extension up only when the type gave the generic kind", () => {
    expect(classifyFileKind("text/plain", "notes.txt")).toBe("doc");
    expect(classifyFileKind("application/json", "data.zip")).toBe("compress");
    expect(classifyFileKind("image/png", "photo.pdf")).toBe("image");
  });
});

describe("classifyFileKind, rules 1 to 5 in order", () => {
  it.each([
    "image/vnd.adobe.photoshop",
    "application/x-photoshop",
    "application/photoshop",
    "application/psd",
    "image/psd",
  ])("rule 1: Photoshop type %s gives image, whatever the name", (mimeType) => {
    expect(classifyFileKind(mimeType, "design.zip")).toBe("image");
  });

  it.each(["image/png", "image/jpeg", "image/svg+xml", "image/anything"])(
    "rule 1: %s gives image",
    (mimeType) => {
      expect(classifyFileKind(mimeType, "clip.mp4")).toBe("image");
    },
  );

  it.each([
    ["video/mp4", "video"],
    ["video/quicktime", "video"],
    ["audio/mpeg", "audio"],
    ["audio/wav", "audio"],
  ])("rule 2: %s gives %s", (mimeType, kind) => {
    expect(classifyFileKind(mimeType, "file.pdf")).toBe(kind);
  });

  it("rule 3: application/pdf gives pdf", () => {
    expect(classifyFileKind("application/pdf", "scan.docx")).toBe("pdf");
  });

  it.each([
    "application/x-tar",
    "application/x-gtar",
    "application/x-rar-compressed",
    "application/vnd.rar",
    "application/x-compress",
    "application/x-compressed",
    "application/octet-stream",
    "application/zip",
    "application/x-zip-compressed",
    "application/x-7z-compressed",
    "application/gzip",
  ])("rule 4: archive type %s gives compress", (mimeType) => {
    expect(classifyFileKind(mimeType, "file")).toBe("compress");
  });

  it("rule 4 wins over the extension: octet-stream stays compress even for a .pdf name", () => {
    expect(classifyFileKind("application/octet-stream", "scan.pdf")).toBe("compress");
  });

  it.each([
    ["application/msword", "doc"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "doc"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.template", "doc"],
    ["application/vnd.ms-word.document.macroEnabled.12", "doc"],
    ["application/vnd.ms-word.template.macroEnabled.12", "doc"],
    ["application/vnd.ms-excel", "xls"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xls"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.template", "xls"],
    ["application/vnd.ms-excel.sheet.macroEnabled.12", "xls"],
    ["application/vnd.ms-excel.template.macroEnabled.12", "xls"],
    ["application/vnd.ms-excel.addin.macroEnabled.12", "xls"],
    ["application/vnd.ms-excel.sheet.binary.macroEnabled.12", "xls"],
    ["application/vnd.ms-powerpoint", "ppt"],
    ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "ppt"],
    ["application/vnd.openxmlformats-officedocument.presentationml.template", "ppt"],
    ["application/vnd.openxmlformats-officedocument.presentationml.slideshow", "ppt"],
    ["application/vnd.ms-powerpoint.addin.macroEnabled.12", "ppt"],
    ["application/vnd.ms-powerpoint.presentation.macroEnabled.12", "ppt"],
    ["application/vnd.ms-powerpoint.template.macroEnabled.12", "ppt"],
    ["application/vnd.ms-powerpoint.slideshow.macroEnabled.12", "ppt"],
  ])("rule 5: %s gives %s, whatever the name", (mimeType, kind) => {
    expect(classifyFileKind(mimeType, "file.zip")).toBe(kind);
  });

  it("compares MIME types without regard to case", () => {
    expect(classifyFileKind("Application/PDF", "file")).toBe("pdf");
    expect(classifyFileKind("IMAGE/PNG", "file")).toBe("image");
  });
});
